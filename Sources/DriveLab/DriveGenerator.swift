import RouteCueCore

/// Drives a route with the speed behaviour of a recorded drive and records what a receiver would report.
///
/// The car starts standing at the route start. At every integration step its wanted speed is the trace's
/// (`traceOffset` seconds in, scaled, capped). It never exceeds the braking envelope of the maneuvers ahead:
/// for each announced maneuver with a `TurnSpeed` limit, and for the route end (speed 0),
/// `v ≤ √(v_turn² + 2·b·d)` with `d` the distance to it and `b` a deceleration drawn (seeded) from the trace's
/// measured braking episodes, between their 10th and 90th percentile. So braking starts where a driver braking
/// that hard would start, and the car passes each maneuver at its turn speed at most. Below the wanted speed
/// it accelerates at a rate drawn likewise from the trace's acceleration episodes (or follows the trace when
/// the trace itself accelerates harder). It stops at the route end, stands `secondsAfterArrival`, and the
/// drive ends. Fixes are then sampled from the truth (see `DriveFixSampler`).
public enum DriveGenerator {
    /// Braking rate used when the trace has no braking episodes (m/s²).
    public static let fallbackBraking = 1.5
    /// Acceleration rate used when the trace has no acceleration episodes (m/s²).
    public static let fallbackAcceleration = 1.0
    /// Rates drawn from the trace are kept within this range (m/s²).
    public static let plausibleRates = 0.5...4.0
    /// The hardest the car ever slows down (m/s²), e.g. when the trace itself drops sharply.
    public static let maximumDeceleration = 8.0
    /// The hardest the car follows an accelerating trace (m/s²).
    public static let maximumAcceleration = 4.0
    /// The car counts as arrived this close to the route end (m).
    public static let arrivalTolerance = 0.3

    /// Drives `route` with `trace`'s speeds.
    public static func drive(_ route: Route, trace: SpeedTrace, options: DriveOptions = DriveOptions()) throws(DriveGenerationError) -> GeneratedDrive {
        let length = route.length
        guard route.geometry.count >= 2, length > 0 else { throw DriveGenerationError(reason: "the route has no length") }
        guard options.integrationStep > 0, options.fixInterval > 0, options.speedCap > 0 else {
            throw DriveGenerationError(reason: "integration step, fix interval and speed cap must be positive")
        }
        var random = SplitMix64(seed: options.seed)
        let slowdowns = Slowdown.plan(route, trace: trace, random: &random)
        let initialAcceleration = Slowdown.rate(trace.acceleration, fallback: fallbackAcceleration, random: &random)
        let truth = try integrate(route, trace: trace, options: options, slowdowns: slowdowns,
                                  initialAcceleration: initialAcceleration)
        let arrival = truth.arrivalTime
        var turnSpeeds: [Int: Double] = [:]
        for s in slowdowns { if let index = s.maneuverIndex { turnSpeeds[index] = s.speed } }
        let drive = GeneratedDrive(truth: truth.samples, fixes: [], startTime: options.startTime, truthStep: options.integrationStep,
                                   routeLength: length, arrivalTime: arrival, outage: nil, turnSpeeds: turnSpeeds,
                                   traceName: trace.name)
        return DriveFixSampler.withFixes(drive, geometry: route.geometry, options: options)
    }

    private static func integrate(_ route: Route, trace: SpeedTrace, options: DriveOptions, slowdowns: [Slowdown],
                                  initialAcceleration: Double) throws(DriveGenerationError) -> (samples: [DriveTruthSample], arrivalTime: Double) {
        let geometry = route.geometry
        let length = route.length
        let dt = options.integrationStep
        let softestBraking = slowdowns.map(\.braking).min() ?? fallbackBraking
        let horizon = options.speedCap * options.speedCap / (2 * softestBraking) + 50
        let timeLimit = length / 0.5 + 7200
        var samples = [sample(0, 0, 0, geometry, options)]
        var d = 0.0, v = 0.0
        var next = 0
        var accelerationRate = initialAcceleration
        var step = 0
        var arrival: Double?
        while true {
            let t = Double(step) * dt
            if let arrival, t >= arrival + options.secondsAfterArrival { break }
            step += 1
            guard Double(step) * dt <= timeLimit else {
                throw DriveGenerationError(reason: "the car did not reach the route end within \(Int(timeLimit)) s (at \(Int(d)) of \(Int(length)) m)")
            }
            if arrival == nil {
                let wanted = min(options.speedCap, max(0, options.speedScale * trace.speed(at: options.traceOffset + t)))
                let slope = options.speedScale * trace.slope(at: options.traceOffset + t)
                let ahead = d + v * dt
                var limit = wanted
                var i = next
                while i < slowdowns.count, slowdowns[i].distance - ahead <= horizon {
                    limit = min(limit, slowdowns[i].envelope(atGap: slowdowns[i].distance - ahead))
                    i += 1
                }
                let newSpeed: Double
                if limit >= v {
                    newSpeed = min(limit, v + max(accelerationRate, min(slope, maximumAcceleration)) * dt)
                } else {
                    newSpeed = max(limit, v - maximumDeceleration * dt)
                }
                d += (v + newSpeed) / 2 * dt
                v = newSpeed
                while next < slowdowns.count, slowdowns[next].distance <= d, slowdowns[next].maneuverIndex != nil {
                    accelerationRate = slowdowns[next].acceleration
                    next += 1
                }
                if d >= length - arrivalTolerance {
                    d = length
                    v = 0
                    arrival = Double(step) * dt
                }
            }
            samples.append(sample(Double(step) * dt, d, v, geometry, options))
        }
        return (samples, options.startTime + (arrival ?? 0))
    }

    private static func sample(_ t: Double, _ d: Double, _ v: Double, _ geometry: RouteGeometry, _ options: DriveOptions) -> DriveTruthSample {
        let before = geometry.coordinate(atDistance: d - 1), after = geometry.coordinate(atDistance: d + 1)
        return DriveTruthSample(fixTime: options.startTime + t, distanceAlong: d, coordinate: geometry.coordinate(atDistance: d),
                                speed: v, heading: GeoMath.bearing(from: before, to: after))
    }
}

/// Why a drive could not be generated.
public struct DriveGenerationError: Error, CustomStringConvertible {
    /// Why, in words.
    public var reason: String
    /// The reason.
    public var description: String { reason }
}
