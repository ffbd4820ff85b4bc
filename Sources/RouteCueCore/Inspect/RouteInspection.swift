/// The normalized view of a route that `routecue route inspect` prints (docs/route-format.md): legs, and every
/// maneuver with `index, type, modifier, location [lon,lat], distance_along_m, road_name, announced, leg,
/// source_step`. Built from a `Route`; pure, so the CLI only formats it.
public struct RouteInspection: Sendable, Equatable, Codable {
    /// One maneuver line.
    public struct ManeuverEntry: Sendable, Equatable, Codable {
        /// Position of the maneuver in the route.
        public var index: Int
        /// What the driver does.
        public var type: ManeuverType
        /// Which way, where the type has a direction.
        public var modifier: ManeuverModifier?
        /// `[longitude, latitude]`.
        public var location: [Double]
        /// Metres along the route to the maneuver.
        public var distanceAlong: Double
        /// Name of the road the maneuver leads onto.
        public var roadName: String?
        /// Reference number of that road (`A 7`, `I-95`).
        public var ref: String?
        /// Roundabout or motorway exit number.
        public var exitNumber: Int?
        /// Whether the maneuver is spoken by default.
        public var announced: Bool
        /// Index of the leg it belongs to.
        public var leg: Int
        /// The source element's key path (provenance), e.g. `routes[0].legs[0].steps[3]`.
        public var sourceStep: String
        /// The source's own instruction text, where it has one.
        public var instruction: String?

        enum CodingKeys: String, CodingKey {
            case index, type, modifier, location, ref, announced, leg, instruction
            case distanceAlong = "distance_along_m"
            case roadName = "road_name"
            case exitNumber = "exit_number"
            case sourceStep = "source_step"
        }
    }

    /// One leg line.
    public struct LegEntry: Sendable, Equatable, Codable {
        /// Index of the leg.
        public var index: Int
        /// Length of the leg's geometry, metres.
        public var lengthM: Double
        /// The distance the file states for the leg, metres.
        public var statedDistanceM: Double?
        /// The source's summary of the leg (main roads).
        public var summary: String?
        /// Number of maneuvers in the leg.
        public var maneuverCount: Int

        enum CodingKeys: String, CodingKey {
            case index, summary
            case lengthM = "length_m"
            case statedDistanceM = "stated_distance_m"
            case maneuverCount = "maneuver_count"
        }
    }

    /// One waypoint line.
    public struct WaypointEntry: Sendable, Equatable, Codable {
        /// The waypoint's name, where the source gives one.
        public var name: String?
        /// Start, via, silent via or destination.
        public var role: Waypoint.Role
        /// Whether arriving there is spoken.
        public var announced: Bool
        /// `[longitude, latitude]`.
        public var location: [Double]
        /// Metres along the route to the waypoint.
        public var distanceAlong: Double

        enum CodingKeys: String, CodingKey {
            case name, role, announced, location
            case distanceAlong = "distance_along_m"
        }
    }

    /// The format the route was read as.
    public var format: RouteFormat
    /// Index of the chosen alternative route in the file (0-based).
    public var alternative: Int
    /// Number of alternative routes in the file.
    public var alternativeCount: Int
    /// Length of the route's geometry, metres.
    public var lengthM: Double
    /// The distance the file states for the route, metres.
    public var statedDistanceM: Double?
    /// Number of points in the route's geometry.
    public var geometryPoints: Int
    /// One entry per leg.
    public var legs: [LegEntry]
    /// One entry per waypoint.
    public var waypoints: [WaypointEntry]
    /// Warnings along the route (speed cameras…).
    public var warnings: [RouteWarning]
    /// One entry per maneuver, in route order.
    public var maneuvers: [ManeuverEntry]

    enum CodingKeys: String, CodingKey {
        case format, alternative, legs, waypoints, warnings, maneuvers
        case alternativeCount = "alternative_count"
        case lengthM = "length_m"
        case statedDistanceM = "stated_distance_m"
        case geometryPoints = "geometry_points"
    }

    /// The inspection of `route`.
    public init(_ route: Route) {
        format = route.source.format
        alternative = route.source.alternative
        alternativeCount = route.source.alternativeCount
        lengthM = route.length
        statedDistanceM = route.source.statedDistance
        geometryPoints = route.geometry.count
        legs = route.legs.map { leg in
            LegEntry(index: leg.index, lengthM: leg.length, statedDistanceM: leg.statedDistance, summary: leg.summary,
                     maneuverCount: route.maneuvers.filter { $0.leg == leg.index }.count)
        }
        waypoints = route.waypoints.map {
            WaypointEntry(name: $0.name, role: $0.role, announced: $0.announced, location: $0.location.lonLat,
                          distanceAlong: $0.distanceAlong)
        }
        warnings = route.warnings
        maneuvers = route.maneuvers.map {
            ManeuverEntry(index: $0.index, type: $0.type, modifier: $0.modifier, location: $0.location.lonLat,
                          distanceAlong: $0.distanceAlong, roadName: $0.roadName, ref: $0.ref,
                          exitNumber: $0.exitNumber, announced: $0.announced, leg: $0.leg,
                          sourceStep: $0.provenance.sourcePath, instruction: $0.instruction)
        }
    }

    /// A human-readable table: a header with format and length, then one line per maneuver.
    public func text() -> String {
        var lines: [String] = []
        var header = "format \(format.rawValue), alternative \(alternative + 1) of \(alternativeCount), "
        header += "length \(Self.formatMetres(lengthM))"
        if let s = statedDistanceM { header += " (file says \(Self.formatMetres(s)))" }
        header += ", \(legs.count) leg\(legs.count == 1 ? "" : "s"), \(maneuvers.count) maneuvers, \(geometryPoints) points"
        lines.append(header)
        for w in waypoints {
            lines.append("  waypoint \(w.role.rawValue)\(w.announced ? "" : " (silent)") at \(Self.formatMetres(w.distanceAlong))\(w.name.map { " \"\($0)\"" } ?? "")")
        }
        for w in warnings {
            lines.append("  warning \(w.kind) at \(Self.formatMetres(w.distanceAlong))\(w.text.map { ": \($0)" } ?? "")")
        }
        for m in maneuvers {
            var line = "  #\(m.index) leg \(m.leg) \(Self.formatMetres(m.distanceAlong)) \(m.type.rawValue.replacing("_", with: " "))"
            if let mod = m.modifier { line += " \(mod.rawValue.replacing("_", with: " "))" }
            if let e = m.exitNumber { line += " exit \(e)" }
            if let r = m.roadName, !r.isEmpty { line += (m.type == .arrive || m.type == .depart ? " on" : " onto") + " \"\(r)\"" }
            if let r = m.ref, !r.isEmpty { line += " [\(r)]" }
            if !m.announced { line += " (silent)" }
            line += "  <- \(m.sourceStep)"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// "812 m" or "13445.2 km" (a value too large or not finite for whole metres is written as kilometres).
    static func formatMetres(_ m: Double) -> String {
        if abs(m) < 10_000 { return "\(Int(m.rounded())) m" }
        return "\((m / 100).rounded() / 10) km"
    }
}
