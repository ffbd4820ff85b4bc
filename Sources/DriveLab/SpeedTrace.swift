import RouteCueCore

/// Speed over time from a recorded drive, resampled to a uniform step, with the driver's measured braking and
/// acceleration. `DriveGenerator` drives a route with it.
///
/// - Speeds come from the fixes' own speed over ground; a fix without one gets the speed implied by the
///   distance and time to the fix before (when that is at most 5 s back). Fixes without time or position, fix
///   times that do not move forward, and speeds above `maximumPlausibleSpeed` are left out.
/// - Gaps of up to `maxBridgedGap` seconds (a tunnel, a missed fix) are bridged by linear interpolation.
///   Longer gaps (a receiver restart, a car train, a logger switched off) are cut out of the timeline: the
///   speeds on both sides are joined by a ramp at `gapRampRate`, so the trace has no invented long stretch.
/// - Between samples the speed is interpolated linearly; read past the end, the trace starts over.
public struct SpeedTrace: Sendable {
    /// Speeds above this (m/s, 250 km/h) are receiver errors in a car drive.
    public static let maximumPlausibleSpeed = 250 / 3.6
    /// The rate (m/s²) of the ramp that joins the two sides of a gap cut out of the timeline.
    public static let gapRampRate = 1.5

    /// Where the speeds came from (a file name).
    public let name: String
    /// The time between samples, in seconds.
    public let step: Double
    /// The speeds in m/s: `speeds[i]` is the speed `i × step` seconds into the trace.
    public let speeds: [Double]
    /// Measured braking episodes (decelerations, positive m/s²).
    public let braking: SpeedChangeStatistics
    /// Measured acceleration episodes (m/s²).
    public let acceleration: SpeedChangeStatistics
    /// How many gaps longer than one and a half sample intervals of the recording were bridged by interpolation.
    public let bridgedGaps: Int
    /// How many gaps were longer than `maxBridgedGap` and cut out of the timeline.
    public let cutGaps: Int

    /// The trace's length in seconds.
    public var duration: Double { Double(max(0, speeds.count - 1)) * step }

    /// Builds the trace from recorded fixes in file order.
    public init(fixes: [Fix], name: String, step: Double = 0.1, maxBridgedGap: Double = 60) throws(SpeedTraceError) {
        guard step > 0, step.isFinite else { throw SpeedTraceError(name: name, reason: "step must be positive") }
        let samples = SpeedTrace.samples(from: fixes)
        guard samples.count >= 2 else {
            throw SpeedTraceError(name: name, reason: "\(samples.count) usable fixes; a speed trace needs at least 2")
        }
        // The trace timeline: fix time with long gaps shortened to a ramp.
        var times: [Double] = [0]
        var measuredAfter: [Bool] = []   // whether the interval after sample i is measured (short) or cut/bridged
        var cut = 0, bridged = 0
        let typicalInterval = SpeedTrace.medianInterval(samples)
        for i in 1..<samples.count {
            let gap = samples[i].time - samples[i - 1].time
            var length = gap
            if gap > maxBridgedGap {
                let change = abs(samples[i].speed - samples[i - 1].speed)
                length = max(step, change / SpeedTrace.gapRampRate)
                cut += 1
            } else if gap > 1.5 * typicalInterval {
                bridged += 1
            }
            measuredAfter.append(gap <= 3 * typicalInterval + 0.5)
            times.append(times[i - 1] + length)
        }
        // Uniform resampling.
        let count = Int((times[times.count - 1] / step).rounded(.down)) + 1
        var speeds: [Double] = []
        var measured: [Bool] = []
        speeds.reserveCapacity(count)
        var j = 0
        for k in 0..<count {
            let t = Double(k) * step
            while j + 2 < times.count, times[j + 1] <= t { j += 1 }
            let span = times[j + 1] - times[j]
            let f = span > 0 ? min(1, max(0, (t - times[j]) / span)) : 0
            speeds.append(samples[j].speed + f * (samples[j + 1].speed - samples[j].speed))
            measured.append(measuredAfter[j])
        }
        self.name = name
        self.step = step
        self.speeds = speeds
        self.bridgedGaps = bridged
        self.cutGaps = cut
        // Braking and acceleration are measured on one sample per second.
        let stride = max(1, Int((1 / step).rounded()))
        let secondly = Swift.stride(from: 0, to: speeds.count, by: stride).map { speeds[$0] }
        let secondlyMeasured = Swift.stride(from: 0, to: speeds.count, by: stride).map { measured[$0] }
        braking = SpeedChangeStatistics.episodes(inSecondlySpeeds: secondly, measured: secondlyMeasured, sign: -1)
        acceleration = SpeedChangeStatistics.episodes(inSecondlySpeeds: secondly, measured: secondlyMeasured, sign: 1)
    }

    /// Reads a recorded drive (NMEA, gpsd JSON or GPX, detected by `FixReader`) and builds its trace.
    public static func read(_ bytes: [UInt8], name: String, step: Double = 0.1) throws -> SpeedTrace {
        let result = try FixReader.read(bytes, name: name)
        return try SpeedTrace(fixes: result.fixes, name: name, step: step)
    }

    /// The GENIVI Swiss drive in the shared data: 2 h 57 min, motorway and towns, median 99 km/h.
    public static let swissDrive = "nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt"
    /// The Delft / The Hague car drive in the shared data: 59 min in town and on ring roads, median 42 km/h.
    public static let delftDrive = "tracks/gpsbabel/sbn-v13.gpx"

    /// The speed (m/s) `seconds` into the trace, interpolated; the trace repeats past its end.
    public func speed(at seconds: Double) -> Double {
        let (index, fraction) = position(seconds)
        if index + 1 >= speeds.count { return speeds[speeds.count - 1] }
        return speeds[index] + fraction * (speeds[index + 1] - speeds[index])
    }

    /// The rate of change of the speed (m/s²) `seconds` into the trace (over the sample interval there).
    public func slope(at seconds: Double) -> Double {
        let (index, _) = position(seconds)
        guard index + 1 < speeds.count else { return 0 }
        return (speeds[index + 1] - speeds[index]) / step
    }

    /// The median speed (m/s) over the samples where the car moved (above 1 m/s).
    public var medianMovingSpeed: Double {
        let moving = speeds.filter { $0 > 1 }.sorted()
        guard !moving.isEmpty else { return 0 }
        return moving[moving.count / 2]
    }

    private func position(_ seconds: Double) -> (Int, Double) {
        guard speeds.count > 1, seconds.isFinite else { return (0, 0) }
        var t = seconds.truncatingRemainder(dividingBy: duration)
        if t < 0 { t += duration }
        let x = t / step
        let index = min(Int(x.rounded(.down)), speeds.count - 1)
        return (index, x - Double(index))
    }

    /// One usable (time, speed) pair of the recording.
    struct Sample { var time: Double; var speed: Double }

    static func samples(from fixes: [Fix]) -> [Sample] {
        var out: [Sample] = []
        var previous: (time: Double, position: Coordinate)?
        for fix in fixes {
            guard fix.mode != .noFix, let time = fix.time, let position = fix.position else { continue }
            if let last = out.last, time <= last.time { continue }
            var speed = fix.speed
            if speed == nil, let p = previous, time - p.time > 0, time - p.time <= 5 {
                speed = GeoMath.distance(p.position, position) / (time - p.time)
            }
            previous = (time, position)
            guard let s = speed, s >= 0, s <= maximumPlausibleSpeed else { continue }
            out.append(Sample(time: time, speed: s))
        }
        return out
    }

    static func medianInterval(_ samples: [Sample]) -> Double {
        let intervals = zip(samples.dropFirst(), samples).map { $0.time - $1.time }.sorted()
        return intervals.isEmpty ? 1 : intervals[intervals.count / 2]
    }
}

/// A recording that gives no usable speed trace.
public struct SpeedTraceError: Error, CustomStringConvertible {
    /// The recording's name.
    public var name: String
    /// Why.
    public var reason: String
    /// `name: reason`.
    public var description: String { "\(name): \(reason)" }
}
