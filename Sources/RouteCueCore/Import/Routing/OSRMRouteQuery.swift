/// The request for one way in the OSRM HTTP API (`/route/v1/{profile}/{coordinates}`, and `/match/v1/…` for a line to
/// match), which OSRM itself and OSRM-compatible services answer: `GET` with the coordinates in the path
/// (`lon,lat;…`), steps, the full geometry as polyline6, a `bearings` entry per coordinate where the way states a
/// course, and `waypoints` naming the first and last coordinate so the points between are passed without a stop.
/// OSRM does not word instructions (RouteCue's phrase packs do) and has no traffic-signal attributes.
public struct OSRMRouteQuery: Sendable, Equatable {
    /// The profile in the service's paths (`driving`, `cycling`, `walking`, or the server's own name).
    public var profile: String
    /// Degrees a bearing may differ from the road's.
    public var bearingRange: Int

    /// The most coordinates `osrm-routed` matches in one request by default (`--max-matching-size`).
    public static let maxMatchPoints = 100

    /// A query for `profile`.
    public init(profile: String = "driving", bearingRange: Int = 45) {
        self.profile = profile
        self.bearingRange = bearingRange
    }

    /// OSRM's usual profile for a transport mode.
    public static func profile(for mode: TransportMode) -> String {
        switch mode {
        case .car, .taxi, .truck, .bus, .scooter: "driving"
        case .bicycle: "cycling"
        case .pedestrian: "walking"
        }
    }

    /// The profile and where the service's paths start in an endpoint URL's path: `/route/v1/driving` (as users copy
    /// it from a request) gives (`driving`, ``); nil when the path is not an OSRM route service's.
    public static func parse(basePath: String) -> (profile: String, prefix: String)? {
        let segments = basePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let k = segments.indices.dropLast().first(where: { segments[$0] == "route" && segments[$0 + 1] == "v1" }) else { return nil }
        let profile = k + 2 < segments.count && !segments[k + 2].isEmpty ? segments[k + 2] : "driving"
        return (profile, segments[..<k].joined(separator: "/"))
    }

    /// The path and query for `leg`; nil for what the API cannot answer (a line's traffic signals).
    public func path(for leg: RoutingRequest) -> String? {
        let points: [CoursePoint]
        let service: String
        switch leg.purpose {
        case .approach:
            points = [CoursePoint(coordinate: leg.from, course: leg.fromCourse), CoursePoint(coordinate: leg.to, course: leg.toCourse)]
            service = "route"
        case .traceThrough:
            points = leg.points
            service = "route"
        case .traceMatch, .lineMatch:
            points = leg.points
            service = "match"
        case .signals:
            return nil
        }
        let coordinates = points.map { "\(Self.number($0.coordinate.longitude)),\(Self.number($0.coordinate.latitude))" }.joined(separator: ";")
        var query = ["steps=true", "overview=full", "geometries=polyline6"]
        if points.contains(where: { $0.course != nil }) {
            query.append("bearings=" + points.map { p in p.course.map { "\(Int(GeoMath.normalizedBearing($0).rounded()) % 360),\(bearingRange)" } ?? "" }.joined(separator: ";"))
        }
        if points.count > 2 { query.append("waypoints=0;\(points.count - 1)") }
        if service == "match" { query.append("tidy=true") }
        return "/\(service)/v1/\(profile)/\(coordinates)?\(query.joined(separator: "&"))"
    }

    /// Degrees as the path writes them: at most 6 decimals (about 0.1 m), no exponent.
    public static func number(_ value: Double) -> String {
        let scaled = Int64((value * 1_000_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 1_000_000)" + (fraction.isEmpty ? "" : ".\(fraction)")
    }
}
