/// A loop on virtual time, in the spirit of swift-nio's `EmbeddedEventLoop`: nothing runs until the owner calls
/// `advance(to:)` (or `runPending()`), which runs the queued jobs and every timer due by then, in due order, on the
/// calling thread, with the clock set to each timer's instant as it fires. `routecue simulate` replays a drive
/// through the daemon's own wiring on one, and service-level tests use one instead of sleeping.
///
/// Code isolated to `RouteCueLoop` that runs its timers here must be driven from the loop's thread (inside a
/// `@RouteCueLoop` task); other threads may `schedule` and `execute` at any time.
public final class ManualLoop: LoopScheduler, Sendable {
    private struct State {
        var now: UInt64
        var timers = TimerHeap()
        var jobs: [@Sendable () -> Void] = []
    }

    private let state: LockedValue<State>

    /// A loop whose clock reads `start` nanoseconds.
    public init(startingAt start: UInt64 = 0) {
        state = LockedValue(State(now: start))
    }

    /// The virtual now.
    public var nowNanoseconds: UInt64 { state.withLock { $0.now } }

    @discardableResult
    public func schedule(atNanoseconds due: UInt64, _ action: @escaping @Sendable () -> Void) throws(EventLoopError) -> LoopTimerID {
        LoopTimerID(value: state.withLock { $0.timers.add(due: due, action) })
    }

    public func cancel(timer: LoopTimerID) {
        state.withLock { $0.timers.cancel(timer.value) }
    }

    public func execute(_ action: @escaping @Sendable () -> Void) throws(EventLoopError) {
        state.withLock { $0.jobs.append(action) }
    }

    /// The instant of the next live timer, if any.
    public var nextDue: UInt64? { state.withLock { $0.timers.nextDue() } }

    /// Live timers.
    public var pendingTimerCount: Int { state.withLock { $0.timers.count } }

    /// Jobs waiting.
    public var pendingJobCount: Int { state.withLock { $0.jobs.count } }

    /// Runs the queued jobs, including those they queue, at the current instant.
    public func runPending() {
        while true {
            let batch = state.withLock { state -> [@Sendable () -> Void] in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            if batch.isEmpty { return }
            for job in batch { job() }
        }
    }

    /// Runs jobs and every timer due at or before `instant` in order (the clock moved to each one's instant, jobs
    /// they queue run before the next timer), then moves the clock to `instant` (never backwards).
    public func advance(to instant: UInt64) {
        runPending()
        while let (id, due) = state.withLock({ $0.timers.popNext(atOrBefore: instant) }) {
            let action = state.withLock { state -> (@Sendable () -> Void)? in
                state.now = max(state.now, due)
                return state.timers.take(id)
            }
            action?()
            runPending()
        }
        state.withLock { $0.now = max($0.now, instant) }
    }

    /// Moves the clock on by `seconds`, running what falls due.
    public func advance(bySeconds seconds: Double) {
        advance(to: nowNanoseconds &+ UInt64(max(0, seconds) * 1e9))
    }

    /// Runs the next timer (moving the clock to it) and the jobs it queues; false when there is none.
    @discardableResult
    public func runNextTimer() -> Bool {
        guard let due = nextDue else {
            runPending()
            return false
        }
        advance(to: due)
        return true
    }
}
