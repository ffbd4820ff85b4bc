import RouteCueCore

/// A recorded drive turned into its own route: the fixes' positions written as a GPX 1.1 `trk` and imported
/// through `RouteReader` (so its maneuvers are derived from the geometry exactly as for a user's GPX track), with
/// the ground truth of where the car really was along that route at every fix time.
///
/// Points left out of the `trk`: fixes without a position or a time, fixes whose time does not move forward,
/// points closer than `minimumSpacing` to the last one kept (duplicates, standing), points the receiver reports
/// as standing (below `standingSpeed`) unless they moved more than `standingJump`, and jumps implying more than
/// `maximumSpeed`. The truth places a kept point at its own vertex, a left-out positioned fix at its projection on
/// the segment after the last kept point (never going backwards), and interpolates in fix time in between.
public struct RecordedDriveRoute: Sendable {
    /// Minimum metres between two consecutive `trk` points.
    public static let minimumSpacing = 5.0
    /// Reported speed (m/s) below which the receiver is taken to be standing.
    public static let standingSpeed = 1.0
    /// Metres a standing point must be away from the last kept point to be kept all the same.
    public static let standingJump = 30.0
    /// Speed (m/s) between kept points above which a point is an outlier.
    public static let maximumSpeed = 75.0

    /// The name the route was imported under.
    public var name: String
    /// The GPX 1.1 document written from the drive.
    public var gpx: [UInt8]
    /// The route `RouteReader` made of it.
    public var route: Route
    /// The fix-time span of the truth (first and last positioned fix).
    public var timeSpan: ClosedRange<Double>
    /// How many fixes were left out of the `trk`, by reason.
    public var leftOut: [String: Int]
    private var times: [Double] = []
    private var along: [Double] = []

    /// Builds the route of `fixes` (as `FixReader` read them, in file order) named `name`.
    public init(fixes: [Fix], name: String) throws {
        var kept: [Coordinate] = []
        var keptTime: [Double] = []
        var keptFix: [Int] = []
        var leftOut: [String: Int] = [:]
        var lastTime = -Double.infinity
        for (i, fix) in fixes.enumerated() {
            guard fix.mode != .noFix, let p = fix.position, let t = fix.time else {
                leftOut["no position or no time", default: 0] += 1
                continue
            }
            guard t > lastTime else {
                leftOut["time not moving forward", default: 0] += 1
                continue
            }
            lastTime = t
            let rounded = Self.rounded(p)
            if let last = kept.last, let lastT = keptTime.last {
                let d = GeoMath.distance(last, rounded)
                if d < Self.minimumSpacing {
                    leftOut["within \(Int(Self.minimumSpacing)) m of the last point", default: 0] += 1
                    continue
                }
                if let v = fix.speed, v < Self.standingSpeed, d < Self.standingJump {
                    leftOut["standing (reported speed < \(Self.standingSpeed) m/s)", default: 0] += 1
                    continue
                }
                if d / max(t - lastT, 1) > Self.maximumSpeed {
                    leftOut["jump faster than \(Int(Self.maximumSpeed)) m/s", default: 0] += 1
                    continue
                }
            }
            kept.append(rounded)
            keptTime.append(t)
            keptFix.append(i)
        }
        guard kept.count >= 2 else {
            throw SpeedTraceError(name: name, reason: "fewer than two usable positions for a trk")
        }
        self.name = name
        self.leftOut = leftOut
        gpx = Self.gpx(kept, name: name)
        route = try RouteReader.read(gpx, name: name)
        timeSpan = 0...0
        let geometry = route.geometry
        guard geometry.count == kept.count else {
            throw SpeedTraceError(name: name, reason: "the route has \(geometry.count) points, the trk \(kept.count)")
        }
        // The truth: every positioned fix with a forward time, placed along the route.
        var k = -1
        lastTime = -Double.infinity
        for (i, fix) in fixes.enumerated() {
            if k + 1 < keptFix.count, keptFix[k + 1] == i {
                k += 1
                append(time: keptTime[k], along: geometry.cumulativeDistances[k])
                lastTime = keptTime[k]
                continue
            }
            guard k >= 0, fix.mode != .noFix, let p = fix.position, let t = fix.time, t > lastTime else { continue }
            lastTime = t
            let start = geometry.cumulativeDistances[k]
            var position = start
            if k + 1 < kept.count {
                let end = geometry.cumulativeDistances[k + 1]
                let f = GeoMath.projection(of: Self.rounded(p), onSegment: kept[k], kept[k + 1]).fraction
                position = start + min(1, max(0, f)) * (end - start)
            }
            append(time: t, along: position)
        }
        timeSpan = times[0]...times[times.count - 1]
    }

    private mutating func append(time: Double, along value: Double) {
        times.append(time)
        along.append(max(value, along.last ?? 0))
    }

    /// Where the car truly was along the route (metres) at fix time `t`, interpolated between fixes.
    public func trueDistanceAlong(atFixTime t: Double) -> Double {
        if t <= times[0] { return along[0] }
        if t >= times[times.count - 1] { return along[along.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let f = (t - times[lo]) / (times[hi] - times[lo])
        return along[lo] + f * (along[hi] - along[lo])
    }

    /// The fix time at which the car first reached `distance` metres along the route, or nil if it never did.
    public func fixTime(reachingDistance distance: Double) -> Double? {
        guard let hi = along.firstIndex(where: { $0 >= distance }) else { return nil }
        if hi == 0 { return times[0] }
        let lo = hi - 1
        let f = (distance - along[lo]) / max(along[hi] - along[lo], 1e-9)
        return times[lo] + f * (times[hi] - times[lo])
    }

    /// `p` at the 7 decimals the `trk` is written with.
    static func rounded(_ p: Coordinate) -> Coordinate {
        Coordinate(latitude: (p.latitude * 1e7).rounded() / 1e7, longitude: (p.longitude * 1e7).rounded() / 1e7)
    }

    /// A GPX 1.1 document with one `trk` of `points`.
    static func gpx(_ points: [Coordinate], name: String) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="RouteCue RecordedDriveRoute" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>\(name.filter { $0 != "<" && $0 != "&" })</name><trkseg>

            """
        for p in points {
            text += "<trkpt lat=\"\(decimal(p.latitude))\" lon=\"\(decimal(p.longitude))\"/>\n"
        }
        text += "</trkseg></trk>\n</gpx>\n"
        return Array(text.utf8)
    }

    /// `value` with exactly 7 decimals, never in exponent notation.
    static func decimal(_ value: Double) -> String {
        let scaled = Int((abs(value) * 1e7).rounded())
        let fraction = String(scaled % 10_000_000)
        return "\(value < 0 ? "-" : "")\(scaled / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
    }
}
