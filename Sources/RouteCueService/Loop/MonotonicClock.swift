#if canImport(Glibc)
import Glibc
#endif
import RouteCueCore

/// CLOCK_MONOTONIC, the clock all of RouteCue's scheduling runs on at the edge (the core gets its instants as values).
public enum MonotonicClock {
    /// Nanoseconds of CLOCK_MONOTONIC.
    public static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Now, as the core's instant.
    public static func now() -> MonotonicInstant { MonotonicInstant(nanoseconds: nanoseconds()) }
}
