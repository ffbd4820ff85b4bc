#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `routecue fixes inspect` prints about a recorded drive: how many fixes, over what time and distance,
/// at what speeds, where, and what the reader skipped or noticed. Pure; the CLI only formats it.
public struct FixInspection: Sendable, Equatable, Codable {
    /// One fix, for `--json --fixes`.
    public struct FixEntry: Sendable, Equatable, Codable {
        /// Fix time, UTC Unix seconds; absent when unknown.
        public var time: Double?
        /// Receive instant on the (virtual) monotonic clock, seconds.
        public var received: Double
        /// `[longitude, latitude]`, absent without a position.
        public var location: [Double]?
        /// Speed over ground, m/s.
        public var speed: Double?
        /// Course over ground, geographic degrees.
        public var course: Double?
        /// gpsd's TPV mode: 1 no fix, 2 2D, 3 3D.
        public var mode: Int
        /// Horizontal error estimate (`eph`), metres.
        public var horizontalError: Double?

        enum CodingKeys: String, CodingKey {
            case time, received, location, speed, course, mode
            case horizontalError = "horizontal_error_m"
        }
    }

    /// The format the file was read as.
    public var format: FixFormat
    /// Number of fixes, with or without a position.
    public var fixCount: Int
    /// Number of fixes with a position.
    public var positionCount: Int
    /// Fix time of the first fix that has one, UTC Unix seconds.
    public var firstTime: Double?
    /// Fix time of the last fix that has one, UTC Unix seconds.
    public var lastTime: Double?
    /// Seconds on the virtual monotonic clock from the first to the last fix.
    public var spanSeconds: Double
    /// Sum of distances between consecutive positions, metres.
    public var distanceM: Double
    /// Highest speed over ground, m/s.
    public var maxSpeedMps: Double?
    /// Median speed over ground (the upper one for an even count), m/s.
    public var medianSpeedMps: Double?
    /// `[longitude, latitude]` mean of all positions; longitudes are averaged on the circle, so a drive across
    /// the antimeridian is centred there, not at longitude 0.
    public var centroid: [Double]?
    /// Number of diagnostics per kind (`FixDiagnostic.Kind` raw values).
    public var diagnosticCounts: [String: Int]
    /// The first few diagnostics as `line N: reason`.
    public var diagnostics: [String]
    /// Every fix, when asked for.
    public var fixes: [FixEntry]?

    enum CodingKeys: String, CodingKey {
        case format, centroid, diagnostics, fixes
        case fixCount = "fix_count"
        case positionCount = "position_count"
        case firstTime = "first_time"
        case lastTime = "last_time"
        case spanSeconds = "span_s"
        case distanceM = "distance_m"
        case maxSpeedMps = "max_speed_mps"
        case medianSpeedMps = "median_speed_mps"
        case diagnosticCounts = "diagnostic_counts"
    }

    /// Summarizes a read result; `includeFixes` lists every fix, `diagnosticLimit` caps the listed diagnostics
    /// (a negative limit lists none).
    public init(_ result: FixReadResult, includeFixes: Bool = false, diagnosticLimit: Int = 20) {
        format = result.format
        fixCount = result.fixes.count
        let times = result.fixes.compactMap(\.time)
        firstTime = times.first
        lastTime = times.last
        if let first = result.fixes.first, let last = result.fixes.last {
            spanSeconds = last.received.seconds(since: first.received)
        } else {
            spanSeconds = 0
        }
        var distance = 0.0
        var previous: Coordinate?
        var latSum = 0.0, eastSum = 0.0, northSum = 0.0
        var positioned = 0
        for fix in result.fixes {
            guard let p = fix.position else { continue }
            positioned += 1
            if let previous { distance += GeoMath.distance(previous, p) }
            previous = p
            latSum += p.latitude
            eastSum += sin(GeoMath.radians(p.longitude))
            northSum += cos(GeoMath.radians(p.longitude))
        }
        distanceM = distance
        positionCount = positioned
        if positioned == 0 {
            centroid = nil
        } else {
            // The arithmetic mean of 179.9 and -179.9 is 0: average longitudes as directions instead.
            var lon = GeoMath.degrees(atan2(eastSum, northSum))
            if lon == -180 { lon = 180 }
            centroid = [lon, latSum / Double(positioned)]
        }
        let speeds = result.fixes.compactMap(\.speed).sorted()
        maxSpeedMps = speeds.last
        medianSpeedMps = speeds.isEmpty ? nil : speeds[speeds.count / 2]
        var counts: [String: Int] = [:]
        for d in result.diagnostics { counts[d.kind.rawValue, default: 0] += 1 }
        diagnosticCounts = counts
        diagnostics = result.diagnostics.prefix(max(0, diagnosticLimit)).map(\.description)
        fixes = includeFixes ? result.fixes.map {
            FixEntry(time: $0.time, received: $0.received.seconds, location: $0.position?.lonLat, speed: $0.speed,
                     course: $0.course, mode: $0.mode.rawValue, horizontalError: $0.errors.horizontal)
        } : nil
    }

    /// A short human-readable summary.
    public func text() -> String {
        var lines: [String] = []
        lines.append("format \(format.rawValue), \(fixCount) fixes (\(positionCount) with a position) over \(Int(spanSeconds.rounded())) s, \(RouteInspection.formatMetres(distanceM)) travelled")
        if let first = firstTime, let last = lastTime {
            lines.append("  UTC \(ISO8601.format(first)) … \(ISO8601.format(last))")
        } else {
            lines.append("  UTC time unknown (no date in the file)")
        }
        if let maxSpeed = maxSpeedMps, let median = medianSpeedMps {
            lines.append("  speed median \(Self.kmh(median)) km/h, max \(Self.kmh(maxSpeed)) km/h")
        }
        if let c = centroid { lines.append("  centre \((c[1] * 1e4).rounded() / 1e4), \((c[0] * 1e4).rounded() / 1e4)") }
        for kind in diagnosticCounts.keys.sorted() { lines.append("  \(diagnosticCounts[kind]!) × \(kind)") }
        for d in diagnostics { lines.append("    \(d)") }
        return lines.joined(separator: "\n")
    }

    private static func kmh(_ mps: Double) -> String { "\((mps * 36).rounded() / 10)" }
}
