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

/// `CLOCK_REALTIME`: the time of day, for what is written down to be read after a restart (never for scheduling).
public enum WallClock {
    /// Now, in seconds since 1970-01-01 UTC.
    public static func unixSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
