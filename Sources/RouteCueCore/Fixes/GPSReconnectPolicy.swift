/// When the gpsd client tries again after its connection failed or broke. Within `fastSeconds` of the last fix it
/// tries every `minimumSeconds`: a gpsd that went away while the car was moving (restarted by systemd, its receiver
/// re-plugged) is usually back within seconds, and every moment the client waits after gpsd's return is guidance on
/// dead reckoning: on live drives with gpsd killed for 4 s while braking, the distance cues due just after it were off
/// by p95 12.5 m with waits doubling to 1 s (the client came back 0.74–0.82 s after gpsd and missed its first fix),
/// 5.2 m with this policy, as through simulate's wiring (`make bench-outage`). Later, or before any fix, the wait
/// doubles per failed attempt from `minimumSeconds` up to `maximumSeconds`, so an absent gpsd costs little.
public struct GPSReconnectPolicy: Sendable, Equatable {
    /// The shortest wait, and the wait within `fastSeconds` of a fix.
    public var minimumSeconds: Double
    /// The longest wait.
    public var maximumSeconds: Double
    /// How long after the last fix the client keeps trying at the shortest wait.
    public var fastSeconds: Double

    /// A policy (defaults: 0.25 s, doubling to 1 s, 0.25 s throughout the first 10 s after a fix).
    public init(minimumSeconds: Double = 0.25, maximumSeconds: Double = 1, fastSeconds: Double = 10) {
        self.minimumSeconds = minimumSeconds
        self.maximumSeconds = max(minimumSeconds, maximumSeconds)
        self.fastSeconds = fastSeconds
    }

    /// The wait before the next attempt, after `failedAttempts` attempts since the last fix (0 when the connection
    /// just broke) and `sinceLastFix` seconds after that fix (nil: no fix yet).
    public func delay(afterFailedAttempts failedAttempts: Int, sinceLastFix: Double?) -> Double {
        if let sinceLastFix, sinceLastFix < fastSeconds { return minimumSeconds }
        return min(maximumSeconds, minimumSeconds * Double(1 << min(max(0, failedAttempts), 20)))
    }
}
