/// How `DriveGenerator` drives a route: which part of the speed trace, how fast at most, how noisy the fixes
/// are, when the GPS drops out. Every random choice comes from `seed`.
public struct DriveOptions: Sendable {
    /// Seconds into the speed trace at which the drive starts.
    public var traceOffset: Double = 0
    /// Factor applied to the trace's speeds before the cap.
    public var speedScale: Double = 1
    /// The highest speed the car drives (m/s); default 130 km/h.
    public var speedCap: Double = 130 / 3.6
    /// Seed of the deterministic random generator (noise, per-maneuver braking and acceleration).
    public var seed: UInt64 = 1
    /// Seconds between fixes (1 Hz by default).
    public var fixInterval: Double = 1
    /// Standard deviation (m) of the horizontal position noise, both axes together (√(σ_east² + σ_north²)).
    public var positionNoise: Double = 3
    /// Correlation time (s) of the position noise: it is a first-order autoregressive process, as the
    /// slowly wandering error of a real receiver, not independent jumps.
    public var noiseCorrelationTime: Double = 5
    /// Standard deviation of the reported speed's noise (m/s).
    public var speedNoise: Double = 0.15
    /// Standard deviation of the reported course's noise (degrees) while moving.
    public var courseNoise: Double = 1.5
    /// The horizontal error estimate (eph, m) the fixes report, about this value.
    public var horizontalErrorEstimate: Double = 5
    /// Altitude (m above mean sea level) reported where the route has no elevations.
    public var altitude: Double = 400
    /// An optional GPS outage (no fixes).
    public var outage: DriveOutage?
    /// UTC Unix seconds of the first fix; default 2026-01-15T09:00:00Z.
    public var startTime: Double = 1_768_467_600
    /// Integration step (s) of the car's motion, and the interval of the truth samples.
    public var integrationStep: Double = 0.1
    /// How long the car stands at the destination, still sending fixes, after it arrived (s).
    public var secondsAfterArrival: Double = 5

    /// Default options: trace from its start, 130 km/h cap, 1 Hz fixes with 3 m noise, no outage.
    public init() {}
}

/// A stretch without fixes: `duration` seconds starting at a moment of the drive.
public struct DriveOutage: Sendable, Equatable {
    /// Where the outage starts.
    public enum Start: Sendable, Equatable {
        /// So many seconds after the first fix.
        case seconds(Double)
        /// When the car reaches so many metres along the route.
        case distanceAlong(Double)
    }

    /// Where it starts.
    public var start: Start
    /// How long it lasts (s): fixes due at `start ≤ t < start + duration` are not sent.
    public var duration: Double

    /// An outage of `duration` seconds (default 30) from `start`.
    public init(start: Start, duration: Double = 30) {
        self.start = start
        self.duration = duration
    }
}
