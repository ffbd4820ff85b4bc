import ALSAOutput
import RouteCueCore

extension MonotonicClock {
    /// Now, as the core's instant (CLOCK_MONOTONIC, the clock all of RouteCue's scheduling runs on at the edge).
    public static func now() -> MonotonicInstant { MonotonicInstant(nanoseconds: nanoseconds()) }
}
