import Dispatch
import EventLoopKit

/// A thread of its own for work that blocks (reading and parsing files), whose results come back as jobs on the loop:
/// the loop never waits on a disk or a parse. Work runs one at a time, in the order it was handed over, so results
/// come back in that order too.
@RouteCueLoop
public final class BackgroundWork {
    private let queue: DispatchQueue
    private let scheduler: any LoopScheduler

    /// A worker named `label` (as its thread shows in a debugger) handing results back on `scheduler`.
    public init(label: String, scheduler: any LoopScheduler) {
        queue = DispatchQueue(label: label)
        self.scheduler = scheduler
    }

    /// Runs `work` on the worker (after what was handed over before it) and hands its result to `then` on the loop,
    /// unless the worker or the loop has gone meanwhile.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T, then: @escaping @RouteCueLoop (T) -> Void) {
        let scheduler = self.scheduler
        queue.async {
            let result = work()
            try? scheduler.execute {
                RouteCueLoop.assumeIsolated { [weak self] in
                    guard self != nil else { return }
                    then(result)
                }
            }
        }
    }
}
