/// The inputs RouteCue reads from outside, each as one function of arbitrary bytes for a fuzzer (docs/fuzzing.md):
/// every function hands the bytes to the real reader and must never crash. Refusing bytes with a clear error is the
/// expected answer; what the reader accepts must keep its invariants (checked here, a trap when broken). The fuzz
/// package (`Fuzz/`) has one libFuzzer executable per function; `FuzzReplayTests` replays the corpus of crashes
/// found (`Tests/fixtures/fuzz-failcases`) through them in the normal test run.
public enum FuzzInputs {
    /// Traps with `message` when `condition` is false: an accepted input broke an invariant of its reader.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}

/// What a fuzz input function did with its bytes.
public enum FuzzOutcome: Sendable, Equatable {
    /// The real reader took the bytes, and every invariant checked held.
    case accepted
    /// The real reader refused them with this error.
    case rejected(String)
}
