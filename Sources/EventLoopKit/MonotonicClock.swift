import Glibc

/// `CLOCK_MONOTONIC`, the clock all of RouteCue's scheduling and every playback event runs on.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point (`clock_gettime(CLOCK_MONOTONIC)`).
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
