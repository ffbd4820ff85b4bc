/// Relates fix time (the receiver's UTC) to the monotonic clock: when each fix was really measured, and how fast
/// fix time runs (a replay through gpsfake at 10× runs it ten times faster than the monotonic clock).
///
/// Model: a fix measured at fix time `f` happened at monotonic `base + f / scale` and reached RouteCue
/// `latency ≥ latencyFloor` seconds later. Over a window of recent fixes, `scale` is the slope of fix time over
/// receive time (snapped to 1 within ±20 %), and the fix that arrived fastest is taken to have had the floor
/// latency; every other fix's extra age is its residual above that one. Fix time stalling or going backwards
/// restarts the window (the fix then counts as one with the floor latency).
public struct FixClock: Sendable, Equatable {
    /// The receiver-to-RouteCue delay of the fastest fixes, in seconds (configurable per receiver).
    public var latencyFloor: Double
    /// Fix seconds per monotonic second (1 in the car; 10 for a 10× replay).
    public private(set) var timeScale: Double = 1
    /// The last fix with a time: its fix time and estimated measurement instant.
    public private(set) var lastAnchor: (fixTime: Double, measured: MonotonicInstant)?

    private var window: [Sample] = []
    private static let windowSize = 30

    private struct Sample: Sendable, Equatable {
        var fixTime: Double
        var received: Double
    }

    /// A clock for a receiver whose fastest fixes arrive `latencyFloor` seconds after they were measured.
    public init(latencyFloor: Double = 0.2) { self.latencyFloor = max(0, latencyFloor) }

    /// Records `fix` and returns the monotonic instant at which it was measured (never after it was received).
    public mutating func measured(_ fix: Fix) -> MonotonicInstant {
        let received = fix.received.seconds
        guard let time = fix.time else {
            return MonotonicInstant(seconds: received - latencyFloor)
        }
        if let last = window.last, time <= last.fixTime || received < last.received {
            window.removeAll(keepingCapacity: true)
        }
        window.append(Sample(fixTime: time, received: received))
        if window.count > Self.windowSize { window.removeFirst(window.count - Self.windowSize) }
        timeScale = Self.scale(of: window)
        let scale = timeScale
        let residuals = window.map { $0.received - $0.fixTime / scale }
        let extraAge = (residuals.last ?? 0) - (residuals.min() ?? 0)
        let measured = MonotonicInstant(seconds: received - latencyFloor - max(0, extraAge))
        lastAnchor = (time, measured)
        return measured
    }

    /// The fix-time clock's reading at monotonic `instant`, extrapolated from the last timed fix.
    public func fixTime(at instant: MonotonicInstant) -> Double? {
        guard let anchor = lastAnchor else { return nil }
        return anchor.fixTime + instant.seconds(since: anchor.measured) * timeScale
    }

    private static func scale(of samples: [Sample]) -> Double {
        guard samples.count >= 5, let first = samples.first, let last = samples.last else { return 1 }
        let receivedSpan = last.received - first.received
        guard receivedSpan >= 2 else { return 1 }
        // The median of the slopes from each sample to the last, so one odd fix time (a repeated or stepped
        // timestamp that restarted the window) does not make the clock look 1.5× fast for the next seconds.
        var slopes: [Double] = []
        for s in samples.dropLast() where last.received - s.received >= 1 {
            slopes.append((last.fixTime - s.fixTime) / (last.received - s.received))
        }
        guard !slopes.isEmpty else { return 1 }
        slopes.sort()
        let slope = slopes[slopes.count / 2]
        if abs(slope - 1) <= 0.2 { return 1 }
        return min(100, max(0.05, slope))
    }

    /// Equal when the floor, the scale, the window and the last anchor are.
    public static func == (lhs: FixClock, rhs: FixClock) -> Bool {
        lhs.latencyFloor == rhs.latencyFloor && lhs.timeScale == rhs.timeScale && lhs.window == rhs.window
            && lhs.lastAnchor?.fixTime == rhs.lastAnchor?.fixTime && lhs.lastAnchor?.measured == rhs.lastAnchor?.measured
    }
}
