/// The global actor whose executor is RouteCue's event loop: state isolated to it is touched only on that thread,
/// and Swift 6 checks it. The process has one such loop; its thread starts on first use (after `main` has blocked
/// the daemon's signals).
@globalActor
public actor RouteCueLoop {
    /// The actor instance.
    public static let shared = RouteCueLoop()
    /// The loop all `@RouteCueLoop` code runs on.
    public static let loop = EventLoop(name: "routecue-loop")

    /// Jobs of this actor run on `loop`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { Self.loop.asUnownedSerialExecutor() }

    /// Runs `operation` as loop-isolated code, synchronously; traps unless called on the loop's thread. For handlers
    /// the loop itself calls (descriptor readiness, timers, `execute` jobs), so they reach loop state without a
    /// `Task` hop per event (what `MainActor.assumeIsolated` does for the main actor).
    public static func assumeIsolated<T>(_ operation: @RouteCueLoop () throws -> T,
                                         file: StaticString = #fileID, line: UInt = #line) rethrows -> T {
        typealias Isolated = @RouteCueLoop () throws -> T
        typealias Plain = () throws -> T
        precondition(loop.isCurrent, "not on the RouteCue event loop thread", file: file, line: line)
        return try withoutActuallyEscaping(operation) { (isolated: @escaping Isolated) throws -> T in
            try unsafeBitCast(isolated, to: Plain.self)()
        }
    }
}
