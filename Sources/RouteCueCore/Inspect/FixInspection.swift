/// What `routecue fixes inspect` prints about a recorded drive: how many fixes, over what time and distance,
/// at what speeds, where, and what the reader skipped or noticed. Pure; the CLI only formats it.
public struct FixInspection: Sendable, Equatable, Codable {
    /// One fix, for `--json --fixes`.
    public struct FixEntry: Sendable, Equatable, Codable {
        public var time: Double?
        public var received: Double
        /// `[longitude, latitude]`, absent without a position.
        public var location: [Double]?
        public var speed: Double?
        public var course: Double?
        public var mode: Int
        public var horizontalError: Double?

        enum CodingKeys: String, CodingKey {
            case time, received, location, speed, course, mode
            case horizontalError = "horizontal_error_m"
        }
    }

    public var format: FixFormat
    public var fixCount: Int
    public var positionCount: Int
    public var firstTime: Double?
    public var lastTime: Double?
    /// Seconds on the virtual monotonic clock from the first to the last fix.
    public var spanSeconds: Double
    /// Sum of distances between consecutive positions, metres.
    public var distanceM: Double
    public var maxSpeedMps: Double?
    public var medianSpeedMps: Double?
    /// `[longitude, latitude]` mean of all positions.
    public var centroid: [Double]?
    public var diagnosticCounts: [String: Int]
    /// The first few diagnostics as `line N: reason`.
    public var diagnostics: [String]
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

    /// Summarizes a read result; `includeFixes` lists every fix, `diagnosticLimit` caps the listed diagnostics.
    public init(_ result: FixReadResult, includeFixes: Bool = false, diagnosticLimit: Int = 20) {
        format = result.format
        fixCount = result.fixes.count
        let positioned = result.fixes.filter { $0.position != nil }
        positionCount = positioned.count
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
        var latSum = 0.0, lonSum = 0.0
        for fix in positioned {
            let p = fix.position!
            if let previous { distance += GeoMath.distance(previous, p) }
            previous = p
            latSum += p.latitude
            lonSum += p.longitude
        }
        distanceM = distance
        centroid = positioned.isEmpty ? nil : [lonSum / Double(positioned.count), latSum / Double(positioned.count)]
        let speeds = result.fixes.compactMap(\.speed).sorted()
        maxSpeedMps = speeds.last
        medianSpeedMps = speeds.isEmpty ? nil : speeds[speeds.count / 2]
        var counts: [String: Int] = [:]
        for d in result.diagnostics { counts[d.kind.rawValue, default: 0] += 1 }
        diagnosticCounts = counts
        diagnostics = result.diagnostics.prefix(diagnosticLimit).map(\.description)
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
