/// The should-play policy's answer for one output.
public enum OutputVerdict: Sendable, Equatable {
    /// Play it as it is.
    case play
    /// Play a chime in its place.
    case tone
    /// Do not play it; it ends `cancelled` with this reason.
    case veto(String)
}

/// How an output is played.
public enum OutputRendition: Sendable, Equatable {
    /// Its own content.
    case asIs
    /// The prompt chime (`Chime`) in place of speech.
    case tone
}

/// How an output ended: every request handed to the queue ends exactly once, with one of these.
public enum OutputOutcome: Sendable, Equatable {
    /// It played to its end.
    case completed
    /// It started and was stopped before its end.
    case interrupted(String)
    /// It never started (deadline passed, vetoed, cleared, failed).
    case cancelled(String)
}

/// The delegate events of the queue, in order for each output: `awaitingAudio` when its turn comes before the car's
/// audio is ready, `shouldPlay`, then `willPlay` (just before its `start` action) unless vetoed, then `didPlay`. An
/// output dropped before its turn gets `didPlay` only.
public enum OutputEvent: Sendable, Equatable {
    /// Its turn has come and it will be played, but the car's audio is not ready for it (`AudioReadiness`): it waits,
    /// at most until its deadline. The ducker hears it as the request to lower the music.
    case awaitingAudio(id: Int)
    /// The policy was consulted just before starting it.
    case shouldPlay(id: Int, verdict: OutputVerdict)
    /// It starts now, rendered this way.
    case willPlay(id: Int, rendition: OutputRendition)
    /// It ended.
    case didPlay(id: Int, outcome: OutputOutcome)
}

/// The reasons the queue gives in its outcomes and vetoes.
public enum OutputReason {
    /// It could not be heard by its deadline.
    public static let deadlinePassed = "deadline passed"
    /// The policy is muted.
    public static let muted = "muted"
    /// The prompt style is `none`.
    public static let promptStyleNone = "prompt style none"
    /// Vetoed: a phone call is going on and the in-call prompt style is `none`.
    public static let duringCall = "suppressed during a phone call"
    /// Vetoed: the hands-free link it would play on carries a phone call.
    public static let callOnOutputLink = "the hands-free link carries a phone call"
    /// `clearQueue`.
    public static let queueCleared = "queue cleared"
    /// `skipCurrent`.
    public static let skipped = "skipped"
    /// What plays was stopped at a word boundary: its words no longer hold.
    public static let superseded = "superseded"
    /// `stopAndClear`.
    public static let stopped = "stopped"
    /// A `play` took its place.
    public static let replaced = "replaced by play"
    /// Another output alive at the same time has the same id.
    public static let duplicateID = "duplicate id"

    /// A higher-priority output `id` took over at a word boundary.
    public static func preempted(by id: Int) -> String { "preempted by \(id)" }
}
