import RouteCueCore

/// One re-armable timer on the event loop, for a state machine's `nextWakeup`: each `set` replaces the instant
/// before it, and `action` runs on the loop when the instant comes.
@RouteCueLoop
final class LoopTimer {
    private let action: @RouteCueLoop () -> Void
    private var armed: EventLoop.TimerID?
    /// Counts `set` calls, so a firing already on its way when the timer was set again is ignored.
    private var generation = 0

    /// A timer that runs `action` (which should hold its owner weakly).
    init(_ action: @escaping @RouteCueLoop () -> Void) {
        self.action = action
    }

    /// Fires at `instant`, or never when it is nil, instead of whatever was set before.
    func set(_ instant: MonotonicInstant?) {
        if let armed { RouteCueLoop.loop.cancel(timer: armed) }
        armed = nil
        generation += 1
        guard let instant else { return }
        let generation = self.generation
        armed = RouteCueLoop.loop.schedule(atNanoseconds: instant.nanoseconds) {
            Task { @RouteCueLoop [weak self] in
                guard let self, self.generation == generation else { return }
                self.armed = nil
                self.action()
            }
        }
    }
}
