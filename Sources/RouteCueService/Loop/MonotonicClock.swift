import EventLoopKit
import RouteCueCore

extension MonotonicClock {
    /// Now, as the core's instant (CLOCK_MONOTONIC, the clock all of RouteCue's scheduling runs on at the edge).
    public static func now() -> MonotonicInstant { MonotonicInstant(nanoseconds: nanoseconds()) }
}

extension LoopScheduler {
    /// The loop's now, as the core's instant.
    public var now: MonotonicInstant { MonotonicInstant(nanoseconds: nowNanoseconds) }
}
