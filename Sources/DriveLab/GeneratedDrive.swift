import RouteCueCore

/// Where the car truly was at one instant of a generated drive.
public struct DriveTruthSample: Sendable, Equatable {
    /// The instant, on the fix-time scale (UTC Unix seconds).
    public var fixTime: Double
    /// Metres along the route geometry.
    public var distanceAlong: Double
    /// The true position (on the route geometry).
    public var coordinate: Coordinate
    /// The true speed (m/s).
    public var speed: Double
    /// The true heading: the route's direction there (geographic degrees).
    public var heading: Double
}

/// A drive made by `DriveGenerator`: the ground truth at every integration step, and the noisy 1 Hz fixes a
/// receiver would have sent, so tests can compare what the engine did with what really happened.
public struct GeneratedDrive: Sendable {
    /// The truth, every `truthStep` seconds from the first fix to the last.
    public let truth: [DriveTruthSample]
    /// The fixes, in time order, none inside the outage. `received` is `time - startTime` on the monotonic
    /// clock: the simulator adds latency and jitter itself.
    public let fixes: [Fix]
    /// UTC Unix seconds of the first fix (the car at the route start).
    public let startTime: Double
    /// Seconds between truth samples.
    public let truthStep: Double
    /// The route's length (m).
    public let routeLength: Double
    /// When the car reached the route end (UTC Unix seconds).
    public let arrivalTime: Double
    /// The fix times (UTC) without fixes, when the drive has an outage: fixes due in `lowerBound..<upperBound`
    /// were not sent.
    public let outage: Range<Double>?
    /// The speed limit (m/s) the car slowed to, per announced maneuver index that called for one.
    public let turnSpeeds: [Int: Double]
    /// The name of the speed trace driven.
    public let traceName: String

    /// Creates a drive from its parts (`DriveGenerator` does this).
    public init(truth: [DriveTruthSample], fixes: [Fix], startTime: Double, truthStep: Double, routeLength: Double,
                arrivalTime: Double, outage: Range<Double>?, turnSpeeds: [Int: Double], traceName: String) {
        self.truth = truth
        self.fixes = fixes
        self.startTime = startTime
        self.truthStep = truthStep
        self.routeLength = routeLength
        self.arrivalTime = arrivalTime
        self.outage = outage
        self.turnSpeeds = turnSpeeds
        self.traceName = traceName
    }

    /// The true distance along the route (m) at fix time `time` (UTC), interpolated; clamped to the drive.
    public func trueDistanceAlong(atFixTime time: Double) -> Double {
        interpolate(time) { $0.distanceAlong }
    }

    /// The true speed (m/s) at fix time `time` (UTC), interpolated; clamped to the drive.
    public func trueSpeed(atFixTime time: Double) -> Double {
        interpolate(time) { $0.speed }
    }

    /// The true position at fix time `time` (UTC), interpolated; clamped to the drive.
    public func trueCoordinate(atFixTime time: Double) -> Coordinate {
        Coordinate(latitude: interpolate(time) { $0.coordinate.latitude },
                   longitude: interpolate(time) { $0.coordinate.longitude })
    }

    /// The fix time (UTC) at which the car first reached `distance` metres along the route, or nil when it
    /// never did.
    public func fixTime(reachingDistance distance: Double) -> Double? {
        guard let last = truth.last, last.distanceAlong >= distance else { return nil }
        var lo = 0, hi = truth.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if truth[mid].distanceAlong >= distance { hi = mid } else { lo = mid + 1 }
        }
        guard lo > 0 else { return truth[0].fixTime }
        let a = truth[lo - 1], b = truth[lo]
        let span = b.distanceAlong - a.distanceAlong
        let f = span > 0 ? (distance - a.distanceAlong) / span : 1
        return a.fixTime + f * (b.fixTime - a.fixTime)
    }

    private func interpolate(_ time: Double, _ value: (DriveTruthSample) -> Double) -> Double {
        guard let first = truth.first else { return 0 }
        let x = (time - first.fixTime) / truthStep
        guard x > 0 else { return value(first) }
        let index = Int(x.rounded(.down))
        guard index + 1 < truth.count else { return value(truth[truth.count - 1]) }
        let f = x - Double(index)
        return value(truth[index]) + f * (value(truth[index + 1]) - value(truth[index]))
    }
}
