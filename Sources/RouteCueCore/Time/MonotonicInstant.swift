/// A point on a monotonic clock, in nanoseconds since an arbitrary origin (CLOCK_MONOTONIC at the edge, a
/// virtual clock in replays and tests). The core never reads a clock itself: instants come in as values.
public struct MonotonicInstant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: UInt64

    /// The clock's origin.
    public static let zero = MonotonicInstant(nanoseconds: 0)

    /// Creates an instant from nanoseconds since the clock's origin.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Creates an instant from seconds since the clock's origin (negative or non-finite values clamp to zero).
    public init(seconds: Double) {
        if seconds.isFinite, seconds > 0 {
            nanoseconds = seconds >= 1.8e10 ? UInt64.max : UInt64((seconds * 1e9).rounded())
        } else {
            nanoseconds = 0
        }
    }

    /// Seconds since the clock's origin.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// This instant moved forward by `seconds` (negative or non-finite amounts do not move it).
    public func advanced(bySeconds seconds: Double) -> MonotonicInstant {
        guard seconds.isFinite, seconds > 0 else { return self }
        let step = MonotonicInstant(seconds: seconds).nanoseconds
        let (sum, overflow) = nanoseconds.addingReportingOverflow(step)
        return MonotonicInstant(nanoseconds: overflow ? UInt64.max : sum)
    }

    /// This instant moved back by `seconds`, saturating at the origin (negative or non-finite amounts do not move it).
    public func earlier(bySeconds seconds: Double) -> MonotonicInstant {
        guard seconds.isFinite, seconds > 0 else { return self }
        let step = MonotonicInstant(seconds: seconds).nanoseconds
        return MonotonicInstant(nanoseconds: nanoseconds - min(nanoseconds, step))
    }

    /// Seconds from `earlier` to this instant (negative when `earlier` is later).
    public func seconds(since earlier: MonotonicInstant) -> Double {
        nanoseconds >= earlier.nanoseconds
            ? Double(nanoseconds - earlier.nanoseconds) / 1e9
            : -Double(earlier.nanoseconds - nanoseconds) / 1e9
    }

    /// Earlier than.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Seconds since the origin, e.g. `12.5 s (monotonic)`.
    public var description: String { "\(seconds) s (monotonic)" }
}
