import RouteCueCore

/// A place the car must pass at a limited speed (an announced maneuver, or the route end at speed 0), with
/// the braking rate the driver uses to reach it and the acceleration rate after it.
struct Slowdown {
    /// Metres along the route.
    var distance: Double
    /// The speed limit there (m/s).
    var speed: Double
    /// Deceleration used to approach it (m/s²).
    var braking: Double
    /// Acceleration used after it (m/s²).
    var acceleration: Double
    /// The maneuver, or nil for the route end.
    var maneuverIndex: Int?

    /// The highest speed from which the car can still slow to `speed` over `gap` metres.
    func envelope(atGap gap: Double) -> Double {
        (speed * speed + 2 * braking * max(0, gap)).squareRoot()
    }

    /// Every announced maneuver with a turn speed, then the route end, in travel order; rates drawn from the trace.
    static func plan(_ route: Route, trace: SpeedTrace, random: inout SplitMix64) -> [Slowdown] {
        var out: [Slowdown] = []
        for m in route.maneuvers where m.announced && m.distanceAlong > 0 && m.distanceAlong < route.length {
            guard let speed = TurnSpeed.limit(for: m, geometry: route.geometry) else { continue }
            let braking = rate(trace.braking, fallback: DriveGenerator.fallbackBraking, random: &random)
            let acceleration = rate(trace.acceleration, fallback: DriveGenerator.fallbackAcceleration, random: &random)
            out.append(Slowdown(distance: m.distanceAlong, speed: speed, braking: braking, acceleration: acceleration,
                                maneuverIndex: m.index))
        }
        out.sort { $0.distance < $1.distance }
        let braking = rate(trace.braking, fallback: DriveGenerator.fallbackBraking, random: &random)
        out.append(Slowdown(distance: route.length, speed: 0, braking: braking, acceleration: 0, maneuverIndex: nil))
        return out
    }

    /// A rate drawn between the 10th and 90th percentile of `statistics`, within `DriveGenerator.plausibleRates`.
    static func rate(_ statistics: SpeedChangeStatistics, fallback: Double, random: inout SplitMix64) -> Double {
        let u = 0.1 + 0.8 * random.nextUnit()
        let value = statistics.quantile(u) ?? fallback
        return min(DriveGenerator.plausibleRates.upperBound, max(DriveGenerator.plausibleRates.lowerBound, value))
    }
}
