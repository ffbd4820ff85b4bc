/// Where the car is on the route at one monotonic instant, predicted from the last fix.
public struct ProgressEstimate: Sendable, Equatable {
    /// When the estimate holds.
    public var instant: MonotonicInstant
    /// Metres from the route start.
    public var distanceAlong: Double
    /// Speed along the route, metres per monotonic second (fix speed × the fix clock's time scale).
    public var speed: Double
    /// Acceleration along the route (m/s², monotonic seconds), trusted only briefly.
    public var acceleration: Double
    /// How many more seconds `acceleration` applies before the speed is taken as constant.
    public var accelerationSeconds: Double
    /// True when the estimate rests on prediction through a GPS outage.
    public var uncertain: Bool
    /// Seconds since the last fix was measured (nil before the first).
    public var secondsSinceFix: Double?
    /// Metres the car may be ahead of `distanceAlong` because of an outage (0 while fixes come).
    public var aheadMargin: Double
    /// The acceleration (m/s²) the margin grows with while the outage lasts (0 while fixes come).
    public var marginAcceleration = 0.0
    /// The most the margin grows to (m).
    public var marginMaximum = 0.0
    /// True when the prediction ran out (outage longer than `maxPredictionSeconds`): the position is frozen.
    public var frozen: Bool
    /// The current leg.
    public var leg: Int
    /// The next maneuver ahead (any, announced or not), if one is left.
    public var nextManeuver: Int?
    /// The next announced maneuver ahead, if one is left.
    public var nextAnnouncedManeuver: Int?
    /// Metres to `nextAnnouncedManeuver`.
    public var distanceToNextManeuver: Double?
    /// Seconds to `nextAnnouncedManeuver` at the current speed; nil while standing (nothing divides by zero).
    public var timeToNextManeuver: Double?
    /// Metres to the end of the current leg.
    public var remainingLegDistance: Double
    /// Metres to the destination.
    public var remainingRouteDistance: Double
    /// Seconds to the end of the leg, from the source's durations where it has them, else from the speed.
    public var remainingLegTime: Double?
    /// Seconds to the destination, likewise.
    public var remainingRouteTime: Double?

    /// Metres the car is predicted to cover in the next `seconds`.
    public func travel(inSeconds seconds: Double) -> Double {
        AlongTrackFilter.travel(speed: speed, acceleration: acceleration, horizon: accelerationSeconds, seconds: seconds)
    }

    /// Seconds until the car has covered `metres` more; nil while it stands or when it stops before.
    public func time(toTravel metres: Double) -> Double? {
        AlongTrackFilter.time(toTravel: metres, speed: speed, acceleration: acceleration, horizon: accelerationSeconds)
    }

    /// `aheadMargin` as it will be `seconds` from now if no fix comes.
    public func aheadMargin(afterSeconds seconds: Double) -> Double {
        guard marginAcceleration > 0, let t = secondsSinceFix else { return aheadMargin }
        let later = t + max(0, seconds)
        return min(marginMaximum, 0.5 * marginAcceleration * later * later)
    }

    /// Seconds until the car may have covered `metres` more, counting the outage margin's growth; nil while it stands.
    public func time(toTravelWithMargin metres: Double) -> Double? {
        guard marginAcceleration > 0 else { return time(toTravel: metres - aheadMargin) }
        if metres <= aheadMargin { return 0 }
        guard var hi = time(toTravel: metres - aheadMargin) else { return nil }
        var lo = 0.0
        for _ in 0..<40 where hi - lo > 0.005 {
            let mid = (lo + hi) / 2
            if travel(inSeconds: mid) + aheadMargin(afterSeconds: mid) >= metres { hi = mid } else { lo = mid }
        }
        return hi
    }
}
