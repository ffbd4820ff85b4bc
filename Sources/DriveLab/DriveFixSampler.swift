import RouteCueCore

/// Turns a drive's truth into the fixes a receiver would send: one every `fixInterval` seconds from the first
/// truth sample to the last, each with correlated position noise (`PositionNoise`), a slightly noisy speed
/// and course, an HDOP giving an eph near `horizontalErrorEstimate`, mode 3D, status GPS, nine satellites;
/// none while the outage lasts. Fix times are kept to whole hundredths of a second, as NMEA writes them.
enum DriveFixSampler {
    /// The satellite count every fix reports.
    static let satellites = 9

    static func withFixes(_ drive: GeneratedDrive, geometry: RouteGeometry, options: DriveOptions) -> GeneratedDrive {
        var random = SplitMix64(seed: options.seed ^ 0x6E6F_6973_6520_2121)   // a stream of its own: "noise !!"
        var noise = PositionNoise(standardDeviation: options.positionNoise, correlationTime: options.noiseCorrelationTime,
                                  interval: options.fixInterval, random: &random)
        let end = drive.truth.last?.fixTime ?? drive.startTime
        let outage = outageRange(drive, options: options)
        var fixes: [Fix] = []
        var slot = 0
        while true {
            let offset = Double(slot) * options.fixInterval
            let time = ((drive.startTime + offset) * 100).rounded() / 100
            guard time <= end + 1e-9 else { break }
            if slot > 0 { noise.advance(random: &random) }
            slot += 1
            let speedError = options.speedNoise * random.nextGaussian()
            let courseError = options.courseNoise * random.nextGaussian()
            let ephError = 0.3 * random.nextGaussian()
            if let outage, outage.contains(time) { continue }
            let speed = drive.trueSpeed(atFixTime: time)
            let distance = drive.trueDistanceAlong(atFixTime: time)
            let heading = GeoMath.bearing(from: geometry.coordinate(atDistance: distance - 1),
                                          to: geometry.coordinate(atDistance: distance + 1))
            let hdop = max(0.1, ((options.horizontalErrorEstimate + ephError) / FixErrorEstimates.hdopToHorizontalMetres * 100).rounded() / 100)
            let altitude = ((elevation(geometry, atDistance: distance) ?? options.altitude) * 10).rounded() / 10
            fixes.append(Fix(time: time, received: MonotonicInstant(seconds: time - drive.startTime),
                             position: noise.applied(to: geometry.coordinate(atDistance: distance)),
                             altitudeMSL: altitude,
                             speed: max(0, speed + (speed > 0 ? speedError : 0)),
                             course: speed >= 1 ? heading + courseError : heading,
                             mode: .threeD, status: .gps, errors: .fromHDOP(hdop), satellitesUsed: satellites))
        }
        return GeneratedDrive(truth: drive.truth, fixes: fixes, startTime: drive.startTime, truthStep: drive.truthStep,
                              routeLength: drive.routeLength, arrivalTime: drive.arrivalTime, outage: outage,
                              turnSpeeds: drive.turnSpeeds, traceName: drive.traceName)
    }

    /// The outage's fix times (UTC), resolving a distance start to the moment the car got there.
    static func outageRange(_ drive: GeneratedDrive, options: DriveOptions) -> Range<Double>? {
        guard let outage = options.outage, outage.duration > 0 else { return nil }
        let start: Double
        switch outage.start {
        case .seconds(let s): start = drive.startTime + s
        case .distanceAlong(let d): start = drive.fixTime(reachingDistance: d) ?? drive.arrivalTime
        }
        return start..<(start + outage.duration)
    }

    /// The route's elevation at `distance`, interpolated, when the geometry has elevations.
    static func elevation(_ geometry: RouteGeometry, atDistance distance: Double) -> Double? {
        guard let elevations = geometry.elevations, elevations.count == geometry.count, geometry.count >= 2 else { return nil }
        let i = geometry.segmentIndex(atDistance: distance)
        let a = geometry.cumulativeDistances[i], b = geometry.cumulativeDistances[i + 1]
        let f = b > a ? min(1, max(0, (distance - a) / (b - a))) : 0
        return elevations[i] + f * (elevations[i + 1] - elevations[i])
    }
}
