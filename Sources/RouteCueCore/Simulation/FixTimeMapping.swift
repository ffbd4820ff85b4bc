/// Converts instants of a replay's virtual monotonic clock to the fix-time clock (Unix seconds), from the fixes'
/// own receive instants: between two fixes, fix time advances with the monotonic clock from the earlier one.
public struct FixTimeMapping: Sendable {
    private var received: [Double] = []
    private var times: [Double] = []

    /// A mapping from recorded fixes (their `received` instants before any injected latency, and their times).
    public init(fixes: [Fix]) {
        for fix in fixes {
            guard let time = fix.time else { continue }
            let r = fix.received.seconds
            if let last = received.last, r < last { continue }
            received.append(r)
            times.append(time)
        }
    }

    /// The fix-time reading at monotonic `instant`, or nil when no fix had a time.
    public func fixTime(at instant: MonotonicInstant) -> Double? {
        guard !received.isEmpty else { return nil }
        let t = instant.seconds
        var lo = 0, hi = received.count - 1
        if t < received[0] { return times[0] + (t - received[0]) }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if received[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return times[lo] + (t - received[lo])
    }

    /// The monotonic instant at which the fix-time clock reads `time` (inverse of `fixTime(at:)` for
    /// increasing fix times).
    public func instant(atFixTime time: Double) -> MonotonicInstant? {
        guard !times.isEmpty else { return nil }
        var lo = 0, hi = times.count - 1
        if time < times[0] { return MonotonicInstant(seconds: received[0] + time - times[0]) }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= time { lo = mid } else { hi = mid - 1 }
        }
        return MonotonicInstant(seconds: received[lo] + time - times[lo])
    }
}
