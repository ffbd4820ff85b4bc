import EventLoopKit
import RouteCueCore

/// One re-armable timer on the loop, for a state machine's `nextWakeup`: each `set` replaces the instant before it,
/// and `action` runs on the loop when the instant comes (a cancel also stops a firing the loop already collected).
@RouteCueLoop
final class LoopTimer {
    private let scheduler: any LoopScheduler
    private let action: @RouteCueLoop () -> Void
    private var armed: LoopTimerID?
    /// The instant it is set to fire at (nil: not set).
    private(set) var instant: MonotonicInstant?

    /// A timer on `scheduler` that runs `action` (which should hold its owner weakly).
    init(on scheduler: any LoopScheduler, _ action: @escaping @RouteCueLoop () -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    /// Fires at `instant`, or never when it is nil, instead of whatever was set before. On a loop that has stopped
    /// nothing fires any more.
    func set(_ instant: MonotonicInstant?) {
        if let armed { scheduler.cancel(timer: armed) }
        armed = nil
        self.instant = instant
        guard let instant else { return }
        armed = try? scheduler.schedule(atNanoseconds: instant.nanoseconds) { [weak self] in
            RouteCueLoop.assumeIsolated {
                guard let self else { return }
                self.armed = nil
                self.instant = nil
                self.action()
            }
        }
    }
}

extension LoopScheduler {
    /// Runs `body` on the loop as loop-isolated code after the jobs already queued (how reports from the speech and
    /// audio threads come back: one closure each, no `Task`). A loop that has stopped drops it: nothing there runs any more.
    func deliver(_ body: @escaping @RouteCueLoop @Sendable () -> Void) {
        try? execute { RouteCueLoop.assumeIsolated(body) }
    }
}
