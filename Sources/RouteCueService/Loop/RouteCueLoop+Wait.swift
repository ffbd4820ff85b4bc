import Dispatch
import EventLoopKit

extension RouteCueLoop {
    /// Runs `body` on the loop and waits for its result, for a command-line or test thread (never the loop's own:
    /// that would wait for itself). How `routecue simulate` runs a whole replay as one loop job.
    public static func runAndWait<T: Sendable>(_ body: @escaping @RouteCueLoop @Sendable () throws -> T) throws -> T {
        precondition(!loop.isCurrent, "runAndWait on the loop's own thread would wait for itself")
        let outcome = LockedValue<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        try loop.execute {
            let result = Result { try RouteCueLoop.assumeIsolated(body) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
