/// Position along the route as a one-dimensional Kalman filter: predicted from the receiver's speed (Doppler,
/// good to a few cm/s) and its change, corrected by each fix's matched distance along the route (good only to
/// a few metres). The result is smoother than any single fix and still follows braking.
///
/// The route's metres and the receiver's speed do not agree exactly (a route drawn from noisy or simplified
/// points is a few percent longer or shorter than the road the Doppler speed measures), and with a fix error of
/// tens of metres the correction alone would let that mismatch build into a lag of tens of metres. So the filter
/// also estimates `speedScale`, route metres per metre of measured speed, as a second Kalman state. It is
/// learnt only from poor fixes (`scaleLearning`): precise fixes keep the lag small by themselves, and there the
/// second state would only let more of their (time-correlated) noise through.
public struct AlongTrackFilter: Sendable, Equatable {
    /// Metres along the route at `instant`.
    public private(set) var along: Double
    /// Speed along the route in metres per second.
    public private(set) var speed: Double
    /// Acceleration in metres per second², smoothed.
    public private(set) var acceleration: Double
    /// Variance of `along` (m²).
    public private(set) var variance: Double
    /// When the state holds, in seconds on the motion clock (monotonic seconds of measurement).
    public private(set) var time: Double
    /// Route metres per metre of the receiver's measured speed (1 when they agree); `speed` is already scaled.
    public private(set) var speedScale: Double = 1
    /// Variance of `speedScale`, and its covariance with `along` (m).
    private var scaleVariance = 0.0
    private var alongScaleCovariance = 0.0

    /// Process noise: standard deviation in metres the prediction gains per second of extrapolation (the speed is
    /// good to ~0.15 m/s; the rest is unmodelled acceleration). Beyond `accelerationHorizon` the acceleration
    /// the car may have had adds `unknownAccelerationMetres`, so after an outage the first fix is taken nearly as
    /// it is.
    static let processMetresPerSecond = 0.15
    /// Standard deviation (m/s²) of the acceleration the car may have had while no fix came, beyond
    /// `accelerationHorizon`: a car braking through an outage of a few seconds is metres behind the constant-speed
    /// prediction, so the first fix after it is believed over that prediction.
    static let outageAccelerationSigma = 1.0

    /// The metres (1σ) a prediction `dt` seconds ahead may be off by the acceleration unknown after the horizon.
    static func unknownAccelerationMetres(afterSeconds dt: Double) -> Double {
        let beyond = max(0, dt - accelerationHorizon)
        return 0.5 * outageAccelerationSigma * beyond * beyond
    }

    /// Acceleration is trusted this long when extrapolating; beyond it speed stays constant.
    public static let accelerationHorizon = 1.5
    /// Bounds on the acceleration estimate (m/s²).
    static let accelerationRange = -8.0...5.0
    /// Standard deviation of the route/speed scale before any evidence (a few percent), its drift per second,
    /// and the range it is kept in.
    static let scalePrior = 0.02
    static let scaleDriftPerSecond = 0.002
    static let scaleRange = 0.8...1.25

    /// How much the scale may be learnt from fixes of `sigma` metres (1σ): 0 up to 3 m, fully from 8 m on.
    static func scaleLearning(measurementSigma sigma: Double) -> Double {
        min(1, max(0, (sigma - 3) / 5))
    }

    /// Starts the filter at a matched position.
    public init(along: Double, speed: Double, time: Double, measurementSigma: Double) {
        self.along = along
        self.speed = max(0, speed)
        self.acceleration = 0
        self.variance = measurementSigma * measurementSigma
        self.time = time
        let prior = Self.scalePrior * Self.scaleLearning(measurementSigma: measurementSigma)
        self.scaleVariance = prior * prior
    }

    /// Metres travelled `dt` seconds after a state with `speed` and `acceleration`: the acceleration acts for
    /// at most `horizon` seconds, and braking stops at zero speed rather than reversing.
    public static func travel(speed: Double, acceleration: Double, horizon: Double = accelerationHorizon,
                              seconds dt: Double) -> Double {
        guard dt > 0 else { return 0 }
        let h = min(dt, max(0, horizon))
        if acceleration < 0, speed + acceleration * h <= 0 {
            let stop = speed / -acceleration
            return speed * stop / 2
        }
        let endSpeed = speed + acceleration * h
        return speed * h + acceleration * h * h / 2 + endSpeed * (dt - h)
    }

    /// Seconds needed to travel `distance` metres from a state with `speed` and `acceleration` (acting for at most
    /// `horizon` seconds); nil when the car stands or stops before getting there.
    public static func time(toTravel distance: Double, speed: Double, acceleration: Double,
                            horizon: Double = accelerationHorizon) -> Double? {
        guard distance > 0 else { return 0 }
        let h = max(0, horizon)
        let withinHorizon = travel(speed: speed, acceleration: acceleration, horizon: h, seconds: h)
        if distance <= withinHorizon || h == 0 {
            if h == 0 || abs(acceleration) < 1e-9 { return speed > 1e-6 ? distance / speed : nil }
            // speed·t + a·t²/2 = distance, smallest positive root.
            let disc = speed * speed + 2 * acceleration * distance
            guard disc >= 0 else { return nil }
            let t = (-speed + disc.squareRoot()) / acceleration
            return t >= 0 ? t : nil
        }
        let endSpeed = speed + acceleration * h
        guard endSpeed > 1e-6 else { return nil }
        return h + (distance - withinHorizon) / endSpeed
    }

    /// The along-track position predicted `dt` seconds after the state.
    public func predictedAlong(afterSeconds dt: Double) -> Double {
        along + Self.travel(speed: speed, acceleration: acceleration, seconds: dt)
    }

    /// Speed `dt` seconds after the state.
    public func predictedSpeed(afterSeconds dt: Double) -> Double {
        max(0, speed + acceleration * min(max(0, dt), Self.accelerationHorizon))
    }

    /// The innovation a measurement at time `t` would have (measured minus predicted along).
    public func innovation(measuredAlong: Double, at t: Double) -> Double {
        measuredAlong - predictedAlong(afterSeconds: t - time)
    }

    /// Moves the state to time `t` and corrects it with a matched distance along the route and a speed.
    public mutating func update(measuredAlong: Double, measurementSigma: Double, speed measuredSpeed: Double?,
                                at t: Double) {
        let dt = max(0, t - time)
        let predicted = predictedAlong(afterSeconds: dt)
        let predictedSpeed = self.predictedSpeed(afterSeconds: dt)
        // Two states: along' = along + scale × (measured-speed metres travelled), scale' = scale.
        let unscaledTravel = (predicted - along) / speedScale
        let unknownAcceleration = Self.unknownAccelerationMetres(afterSeconds: dt)
        let p = variance + 2 * unscaledTravel * alongScaleCovariance + unscaledTravel * unscaledTravel * scaleVariance
            + (Self.processMetresPerSecond * max(dt, 0.1)) * (Self.processMetresPerSecond * max(dt, 0.1))
            + unknownAcceleration * unknownAcceleration
        let pas = alongScaleCovariance + unscaledTravel * scaleVariance
        let drift = Self.scaleDriftPerSecond * Self.scaleLearning(measurementSigma: measurementSigma)
        let pss = scaleVariance + drift * drift * dt
        let r = measurementSigma * measurementSigma
        let gain = p / (p + r)
        let scaleGain = pas / (p + r)
        let innovation = measuredAlong - predicted
        along = predicted + gain * innovation
        variance = (1 - gain) * p
        alongScaleCovariance = (1 - gain) * pas
        scaleVariance = max(0, pss - scaleGain * pas)
        speedScale = min(Self.scaleRange.upperBound, max(Self.scaleRange.lowerBound, speedScale + scaleGain * innovation))
        let newSpeed = max(0, measuredSpeed.map { $0 * speedScale }
                                ?? (dt > 0 ? max(0, (along - predicted) / dt + predictedSpeed) : predictedSpeed))
        if dt > 0, dt <= 3 {
            let a = (newSpeed - speed) / dt
            let clamped = min(Self.accelerationRange.upperBound, max(Self.accelerationRange.lowerBound, a))
            acceleration = 0.5 * acceleration + 0.5 * clamped
        } else {
            acceleration = 0
        }
        if newSpeed == 0 { acceleration = 0 }
        speed = newSpeed
        time = t
    }

    /// Restarts the filter at a measurement (after an outage, an accepted relocation, or a U-turn); `newSpeed` is
    /// the receiver's measured speed. The learnt speed scale is kept: it belongs to the route and the receiver.
    public mutating func reset(along newAlong: Double, speed newSpeed: Double, at t: Double, measurementSigma: Double) {
        let scale = speedScale, scaleVariance = scaleVariance
        self = AlongTrackFilter(along: newAlong, speed: newSpeed * scale, time: t, measurementSigma: measurementSigma)
        speedScale = scale
        self.scaleVariance = scaleVariance
    }
}
