/// Reads a RouteCue JSON document through `JSONNode`, so every error names its key path
/// (`maneuvers[3].provenance.kind`). Unknown keys are rejected (they are typos or a newer version);
/// the finished route is re-validated by `RouteCueJSONValidator`.
enum RouteCueJSONReader {
    static func route(_ root: JSONNode) throws(InputError) -> Route {
        try keys(root, ["routecue_route", "source", "geometry", "legs", "maneuvers", "waypoints", "warnings"])
        let versionNode = try root.require(RouteCueJSON.versionKey)
        let version = try versionNode.int()
        guard version == RouteCueJSON.version else {
            throw versionNode.error(.unsupported, "unsupported RouteCue JSON version \(version); this reader knows version \(RouteCueJSON.version)")
        }
        let geometry = try self.geometry(root.require("geometry"))
        var legs: [RouteLeg] = []
        for node in try root.require("legs").array() { legs.append(try leg(node)) }
        var maneuvers: [Maneuver] = []
        for node in try root.require("maneuvers").array() { maneuvers.append(try maneuver(node)) }
        var waypoints: [Waypoint] = []
        for node in try root.optionalArray("waypoints") ?? [] { waypoints.append(try waypoint(node)) }
        var warnings: [RouteWarning] = []
        for node in try root.optionalArray("warnings") ?? [] { warnings.append(try warning(node)) }
        let route = Route(source: try source(root.require("source")), geometry: geometry, legs: legs,
                          maneuvers: maneuvers, waypoints: waypoints, warnings: warnings)
        try RouteCueJSONValidator.validate(route)
        return route
    }

    static func source(_ n: JSONNode) throws(InputError) -> RouteSource {
        try keys(n, ["format", "alternative", "alternative_count", "language", "polyline_precision",
                     "stated_distance_m", "stated_duration_s"])
        var s = RouteSource(format: try enumValue(n.require("format"), RouteFormat.self))
        s.alternative = try n.optionalInt("alternative") ?? 0
        s.alternativeCount = try n.optionalInt("alternative_count") ?? 1
        s.language = try n.optionalString("language")
        s.polylinePrecision = try n.optionalInt("polyline_precision")
        s.statedDistance = try n.optionalDouble("stated_distance_m")
        s.statedDuration = try n.optionalDouble("stated_duration_s")
        return s
    }

    static func geometry(_ n: JSONNode) throws(InputError) -> RouteGeometry {
        try keys(n, ["coordinates", "elevations"])
        let points = try n.require("coordinates").array()
        guard !points.isEmpty else { throw n.error(.missing, "geometry has no coordinates") }
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(points.count)
        for p in points { coordinates.append(try lonLat(p)) }
        var elevations: [Double]?
        if let e = try n.optionalArray("elevations") {
            guard e.count == coordinates.count else {
                throw n.error(.invalidValue, "elevations has \(e.count) values for \(coordinates.count) coordinates")
            }
            var values: [Double] = []
            values.reserveCapacity(e.count)
            for v in e { values.append(try v.double()) }
            elevations = values
        }
        return RouteGeometry(coordinates: coordinates, elevations: elevations)
    }

    static func leg(_ n: JSONNode) throws(InputError) -> RouteLeg {
        try keys(n, ["index", "geometry_start", "geometry_end", "distance_start_m", "distance_end_m", "summary",
                     "stated_distance_m", "stated_duration_s"])
        return RouteLeg(index: try n.require("index").int(),
                        geometryStart: try n.require("geometry_start").int(),
                        geometryEnd: try n.require("geometry_end").int(),
                        distanceStart: try n.require("distance_start_m").double(),
                        distanceEnd: try n.require("distance_end_m").double(),
                        summary: try n.optionalString("summary"),
                        statedDistance: try n.optionalDouble("stated_distance_m"),
                        statedDuration: try n.optionalDouble("stated_duration_s"))
    }

    static func maneuver(_ n: JSONNode) throws(InputError) -> Maneuver {
        try keys(n, ["index", "leg", "type", "modifier", "location", "geometry_index", "distance_along_m",
                     "road_name", "ref", "destinations", "exits", "exit_number", "rotary_name", "phonetic_name", "country_code", "name_language",
                     "driving_side", "approach_road_class", "mode", "bearing_before", "bearing_after", "lanes",
                     "landmarks", "instruction", "announcements", "source_distance_m", "source_duration_s",
                     "announced", "provenance"])
        var modifier: ManeuverModifier?
        if let node = n["modifier"] { modifier = try enumValue(node, ManeuverModifier.self) }
        var m = Maneuver(type: try enumValue(n.require("type"), ManeuverType.self), modifier: modifier,
                         location: try lonLat(n.require("location")), announced: try n.require("announced").bool(),
                         provenance: try provenance(n.require("provenance")))
        m.index = try n.require("index").int()
        m.leg = try n.require("leg").int()
        m.geometryIndex = try n.require("geometry_index").int()
        m.distanceAlong = try n.require("distance_along_m").double()
        m.roadName = try n.optionalString("road_name")
        m.ref = try n.optionalString("ref")
        m.destinations = try n.optionalString("destinations")
        m.exits = try n.optionalString("exits")
        m.exitNumber = try n.optionalInt("exit_number")
        m.rotaryName = try n.optionalString("rotary_name")
        m.phoneticName = try n.optionalString("phonetic_name")
        m.countryCode = try n.optionalString("country_code")
        m.nameLanguage = try n.optionalString("name_language")
        if let node = n["driving_side"] { m.drivingSide = try enumValue(node, [DrivingSide.left, .right]) }
        m.approachRoadClass = try n.optionalString("approach_road_class")
        m.mode = try n.optionalString("mode")
        m.bearingBefore = try bearing(n["bearing_before"])
        m.bearingAfter = try bearing(n["bearing_after"])
        for node in try n.optionalArray("lanes") ?? [] { m.lanes.append(try lane(node)) }
        for node in try n.optionalArray("landmarks") ?? [] { m.landmarks.append(try landmark(node)) }
        m.instruction = try n.optionalString("instruction")
        for node in try n.optionalArray("announcements") ?? [] { m.announcements.append(try announcement(node)) }
        m.sourceDistance = try n.optionalDouble("source_distance_m")
        m.sourceDuration = try n.optionalDouble("source_duration_s")
        return m
    }

    static func lane(_ n: JSONNode) throws(InputError) -> Lane {
        try keys(n, ["indications", "valid", "active"])
        var indications: [String] = []
        for node in try n.require("indications").array() { indications.append(try node.string()) }
        return Lane(indications: indications, valid: try n.require("valid").bool(), active: try n.optionalBool("active"))
    }

    static func landmark(_ n: JSONNode) throws(InputError) -> Landmark {
        try keys(n, ["kind", "name", "distance_before_maneuver_m"])
        return Landmark(kind: try n.require("kind").string(), name: try n.optionalString("name"),
                        distanceBeforeManeuver: try n.optionalDouble("distance_before_maneuver_m"))
    }

    static func announcement(_ n: JSONNode) throws(InputError) -> SourceAnnouncement {
        try keys(n, ["kind", "text", "ssml", "distance_along_m"])
        return SourceAnnouncement(kind: try n.require("kind").string(), text: try n.require("text").string(),
                                  ssml: try n.optionalString("ssml"), distanceAlong: try n.optionalDouble("distance_along_m"))
    }

    static func provenance(_ n: JSONNode) throws(InputError) -> Provenance {
        try keys(n, ["kind", "source_leg", "source_index", "source_path"])
        return Provenance(kind: try enumValue(n.require("kind"), [Provenance.Kind.step, .maneuver, .instruction, .rtept, .wpt, .station, .derived, .matched]),
                          sourceLeg: try n.require("source_leg").int(),
                          sourceIndex: try n.optionalInt("source_index"),
                          sourcePath: try n.require("source_path").string())
    }

    static func waypoint(_ n: JSONNode) throws(InputError) -> Waypoint {
        try keys(n, ["name", "location", "role", "announced", "distance_along_m", "leg_ending", "course"])
        var w = Waypoint(name: try n.optionalString("name"), location: try lonLat(n.require("location")),
                         role: try enumValue(n.require("role"), [Waypoint.Role.start, .via, .silentVia, .destination]),
                         announced: try n.require("announced").bool())
        w.distanceAlong = try n.require("distance_along_m").double()
        w.legEnding = try n.optionalInt("leg_ending")
        w.course = try bearing(n["course"])
        return w
    }

    static func warning(_ n: JSONNode) throws(InputError) -> RouteWarning {
        try keys(n, ["kind", "location", "distance_along_m", "text"])
        var w = RouteWarning(kind: try n.require("kind").string(), location: try lonLat(n.require("location")),
                             text: try n.optionalString("text"))
        w.distanceAlong = try n.require("distance_along_m").double()
        return w
    }

    // MARK: - Helpers

    /// Rejects members other than `allowed`, naming the first unknown one.
    private static func keys(_ n: JSONNode, _ allowed: Set<String>) throws(InputError) {
        try n.rejectKeys(otherThan: allowed, message: "unknown key in RouteCue JSON version \(RouteCueJSON.version)")
    }

    /// A `[lon, lat]` pair of exactly two values, in range.
    private static func lonLat(_ n: JSONNode) throws(InputError) -> Coordinate {
        let count = try n.array().count
        guard count == 2 else { throw n.error(.invalidValue, "expected [longitude, latitude], found \(count) values") }
        return try n.lonLat()
    }

    /// A geographic bearing in [0, 360].
    private static func bearing(_ n: JSONNode?) throws(InputError) -> Double? {
        guard let n else { return nil }
        let d = try n.double()
        guard d >= 0, d <= 360 else { throw n.error(.invalidValue, "bearing \(d) outside 0…360 degrees (geographic)") }
        return d
    }

    /// A string naming one case of a raw-value enum.
    private static func enumValue<E: RawRepresentable & CaseIterable>(_ n: JSONNode, _ type: E.Type) throws(InputError) -> E
    where E.RawValue == String {
        try enumValue(n, Array(E.allCases))
    }

    /// A string naming one of `cases`.
    private static func enumValue<E: RawRepresentable>(_ n: JSONNode, _ cases: [E]) throws(InputError) -> E
    where E.RawValue == String {
        let text = try n.string()
        guard let value = E(rawValue: text) else {
            let allowed = cases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw n.error(.invalidValue, "unknown value \"\(text)\"; expected one of \(allowed)")
        }
        return value
    }
}
