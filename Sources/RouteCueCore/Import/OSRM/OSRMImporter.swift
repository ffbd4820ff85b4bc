/// Reads OSRM v5 / Mapbox Directions JSON (also Valhalla's and GraphHopper's OSRM-format output):
/// one route of `routes[]` (`ImportOptions.alternative`), or the one piece of a map-matching answer's `matchings[]`,
/// its legs and steps, waypoints, warnings.
/// Every step becomes exactly one maneuver (provenance `step`); a leg with `steps: []` gets maneuvers
/// derived from its piece of the route geometry.
public enum OSRMImporter {
    /// Reads a parsed document into a route.
    public static func read(_ root: JSONNode, options: ImportOptions) throws(InputError) -> Route {
        _ = try root.object()
        if let code = try root.optionalString("code"), code != "Ok" {
            let message = try root.optionalString("message") ?? "no message"
            throw InputError(.engineRefused, location: "code", message: "the routing engine answered \"\(code)\": \(message)")
        }
        if root["routes"] == nil, let error = try root.optionalString("error") {
            // Valhalla answers errors in its own shape even when asked for OSRM format.
            let code = try root.optionalInt("error_code").map { " \($0)" } ?? ""
            throw InputError(.engineRefused, location: "error", message: "the routing engine answered error\(code): \(error)")
        }
        // A map-matching answer (OSRM's /match, Valhalla's /trace_route in OSRM form) has `matchings` in place of
        // `routes`: the trace's pieces, which are one route only when the whole trace matched.
        let matched = root["routes"] == nil && root["matchings"] != nil
        let routesNode = try root.require(matched ? "matchings" : "routes")
        let routes = try routesNode.array()
        guard !routes.isEmpty else { throw routesNode.error(.missing, "no routes in the document") }
        if matched, routes.count > 1 {
            throw routesNode.error(.invalidValue, "the trace matched the map in \(routes.count) pieces, not one: a gap in it is not a road")
        }
        guard options.alternative >= 0, options.alternative < routes.count else {
            throw routesNode.error(.missing, "alternative \(options.alternative) requested, but the document has \(routes.count) route(s) (0…\(routes.count - 1))")
        }
        let route = routes[options.alternative]
        let legsNode = try route.require("legs")
        let legs = try legsNode.array()
        guard !legs.isEmpty else { throw legsNode.error(.missing, "route has no legs") }
        var legSteps: [[JSONNode]] = []
        for leg in legs {
            let steps = try leg.optionalArray("steps") ?? []
            for step in steps { _ = try step.object() }
            legSteps.append(steps)
        }

        let stops = try OSRMWaypointReader.stops(root: root, route: route, legs: legs)
        let precision = OSRMPrecisionEvidence.precision(route: route, legSteps: legSteps, stops: stops)

        var source = RouteSource(format: .osrm)
        source.alternative = options.alternative
        source.alternativeCount = routes.count
        source.language = try route.optionalString("voiceLocale")
        source.polylinePrecision = precision
        source.statedDistance = try route.optionalDouble("distance")
        source.statedDuration = try route.optionalDouble("duration")

        var legReads = try readLegs(route: route, legs: legs, legSteps: legSteps, stops: stops, precision: precision ?? 5)
        for l in legs.indices {
            try OSRMAdmins.mark(&legReads[l].maneuvers, leg: legs[l], steps: legSteps[l])
        }
        var builder = RouteBuilder(source: source)
        builder.limits = options.limits
        var warningInput: [OSRMWarningReader.LegInput] = []
        for (l, leg) in legs.enumerated() {
            let legRead = legReads[l]
            builder.addLeg(coordinates: legRead.coordinates, maneuvers: legRead.maneuvers,
                           summary: try leg.optionalString("summary").flatMap { $0.isEmpty ? nil : $0 },
                           statedDistance: try leg.optionalDouble("distance"),
                           statedDuration: try leg.optionalDouble("duration"), path: leg.path)
            warningInput.append(.init(leg: leg, steps: legSteps[l], coordinates: legRead.coordinates))
        }
        if let stops {
            for w in OSRMWaypointReader.waypoints(stops) { builder.addWaypoint(w) }
        } else if let first = legReads.first?.coordinates.first, let last = legReads.last?.coordinates.last {
            // No waypoints in the document: start and destination are the geometry's ends. (An empty leg
            // geometry is reported by the builder.)
            builder.addWaypoint(Waypoint(location: first, role: .start))
            var destination = Waypoint(location: last, role: .destination)
            destination.legEnding = legs.count - 1
            builder.addWaypoint(destination)
        }
        for w in try OSRMWarningReader.warnings(warningInput) { builder.addWarning(w) }

        var result = try builder.build()
        OSRMAnnouncementPlacement.resolve(&result)
        return result
    }

    /// Each leg's geometry and maneuvers: from its step geometries where every step has one, otherwise
    /// from its piece of the route geometry, split at the waypoints between legs.
    private static func readLegs(route: JSONNode, legs: [JSONNode], legSteps: [[JSONNode]], stops: [OSRMWaypointReader.Stop]?,
                                 precision: Int) throws(InputError) -> [OSRMLegReader.Leg] {
        var pieces: [[Coordinate]]?
        var out: [OSRMLegReader.Leg] = []
        for (l, leg) in legs.enumerated() {
            let steps = legSteps[l]
            if OSRMLegReader.stepsCarryGeometry(steps) {
                out.append(try OSRMLegReader.fromStepGeometries(steps, leg: l, precision: precision))
                continue
            }
            if pieces == nil {
                guard let geometry = route["geometry"] else {
                    throw InputError(.missing, location: "\(leg.path).steps",
                                     message: "leg has no step geometries and the route has no geometry")
                }
                let coordinates = try OSRMGeometry.coordinates(geometry, precision: precision)
                if let stops {
                    pieces = try OSRMLegSplitter.split(coordinates, atPoints: OSRMWaypointReader.legBoundaries(stops),
                                                       path: geometry.path)
                } else {
                    var distances: [Double] = []
                    for leg in legs { distances.append(try leg.optionalDouble("distance") ?? 0) }
                    pieces = OSRMLegSplitter.split(coordinates, legDistances: distances)
                }
            }
            out.append(try OSRMLegReader.fromRouteGeometry(pieces![l], steps: steps, leg: l, path: leg.path))
        }
        return out
    }
}
