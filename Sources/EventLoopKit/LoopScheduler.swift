/// What code on an event loop needs of it: the loop's clock, timers and plain jobs. The real `EventLoop` runs
/// them on its thread on `CLOCK_MONOTONIC`; a `ManualLoop` runs them on virtual time when told to advance, so
/// `routecue simulate` and service-level tests drive the very code the daemon runs.
public protocol LoopScheduler: AnyObject, Sendable {
    /// The loop's now, in nanoseconds (`CLOCK_MONOTONIC` for the real loop, virtual for a manual one).
    var nowNanoseconds: UInt64 { get }

    /// Runs `action` on the loop once its clock reaches `due` (at once when it has). Throws when the loop has
    /// stopped: the action would never run.
    @discardableResult
    func schedule(atNanoseconds due: UInt64, _ action: @escaping @Sendable () -> Void) throws(EventLoopError) -> LoopTimerID

    /// Forgets a timer that has not fired, also one already collected to fire in the loop's current batch; no
    /// effect once it has fired.
    func cancel(timer: LoopTimerID)

    /// Runs `action` on the loop after the jobs already queued (FIFO), at the loop's current instant. Throws when
    /// the loop has stopped: the job would never run.
    func execute(_ action: @escaping @Sendable () -> Void) throws(EventLoopError)
}

/// A timer's handle, for `cancel(timer:)`.
public struct LoopTimerID: Hashable, Sendable {
    let value: UInt64
}

/// Why a loop refused work.
public enum EventLoopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The loop was stopped: nothing handed to it now would run.
    case stopped(loop: String)

    /// One line.
    public var description: String {
        switch self {
        case .stopped(let loop): return "the \(loop) event loop has stopped"
        }
    }
}
