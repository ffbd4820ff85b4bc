/// How hard a recorded driver braked or accelerated: one mean rate (m/s², positive) per episode, where an
/// episode is a run of consecutive seconds in which the smoothed speed kept falling (braking) or rising
/// (acceleration) by more than `SpeedChangeStatistics.minimumRate`, with a total change of at least
/// `minimumChange` (10 km/h) over at least `minimumSeconds`.
public struct SpeedChangeStatistics: Sendable, Equatable {
    /// A run counts once the speed changes by more than this per second (m/s²).
    public static let minimumRate = 0.2
    /// An episode changes the speed by at least this much (m/s): 10 km/h.
    public static let minimumChange = 10 / 3.6
    /// An episode lasts at least this long (s).
    public static let minimumSeconds = 2.0

    /// Each episode's mean rate (speed change ÷ duration, m/s², positive), sorted ascending.
    public let rates: [Double]

    /// Statistics over the given episode rates (any order).
    public init(rates: [Double]) { self.rates = rates.sorted() }

    /// Number of episodes.
    public var count: Int { rates.count }

    /// The `p`-quantile (0…1) of the episode rates, linearly interpolated; nil without episodes.
    public func quantile(_ p: Double) -> Double? {
        guard !rates.isEmpty else { return nil }
        let position = min(1, max(0, p)) * Double(rates.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, rates.count - 1)
        let fraction = position - Double(lower)
        return rates[lower] + fraction * (rates[upper] - rates[lower])
    }

    /// The median episode rate (m/s²).
    public var p50: Double? { quantile(0.5) }
    /// The 90th-percentile episode rate (m/s²).
    public var p90: Double? { quantile(0.9) }

    /// Finds the braking (`sign` −1) or acceleration (`sign` +1) episodes in speeds sampled once a second.
    /// `measured[i]` false marks a second that was interpolated over a long gap: an episode touching one is
    /// not counted, since its rate is ours, not the driver's.
    public static func episodes(inSecondlySpeeds speeds: [Double], measured: [Bool], sign: Double) -> SpeedChangeStatistics {
        guard speeds.count >= 3 else { return SpeedChangeStatistics(rates: []) }
        // Centred three-second moving average: takes out single-second jitter of the receiver's speed.
        var smooth = speeds
        for i in 1..<(speeds.count - 1) { smooth[i] = (speeds[i - 1] + speeds[i] + speeds[i + 1]) / 3 }
        var rates: [Double] = []
        var runStart: Int?
        var runClean = true
        for i in 0..<smooth.count {
            let inRun = i + 1 < smooth.count && sign * (smooth[i + 1] - smooth[i]) > minimumRate
            if inRun {
                if runStart == nil { runStart = i; runClean = true }
                if !measured[i] || !measured[i + 1] { runClean = false }
            } else if let start = runStart {
                let seconds = Double(i - start)
                let change = sign * (smooth[i] - smooth[start])
                if runClean, seconds >= minimumSeconds, change >= minimumChange { rates.append(change / seconds) }
                runStart = nil
            }
        }
        return SpeedChangeStatistics(rates: rates)
    }
}
