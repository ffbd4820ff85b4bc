import RouteCueCore

/// Small hand-written OSRM documents for tests: an L-shaped drive in Berlin, north then right (east).
enum OSRMImportFixture {
    static let a = Coordinate(latitude: 52.5000, longitude: 13.4000)
    static let b = Coordinate(latitude: 52.5010, longitude: 13.4000)
    static let c = Coordinate(latitude: 52.5010, longitude: 13.4020)

    static func lonLat(_ p: Coordinate) -> String { "[\(p.longitude), \(p.latitude)]" }

    /// One step JSON object; `geometry` is written verbatim (a quoted polyline or a GeoJSON object).
    static func step(type: String, modifier: String? = nil, at location: Coordinate, geometry: String,
                     name: String = "", distance: Double = 0, extra: String = "", maneuverExtra: String = "",
                     intersections: String? = nil) -> String {
        let modifierJSON = modifier.map { #", "modifier": "\#($0)""# } ?? ""
        let intersectionsJSON = intersections ?? #"[{"location": \#(lonLat(location)), "bearings": [0], "entry": [true]}]"#
        return """
        {"maneuver": {"type": "\(type)"\(modifierJSON), "location": \(lonLat(location)), "bearing_before": 0, "bearing_after": 90\(maneuverExtra)},
         "geometry": \(geometry), "name": "\(name)", "mode": "driving", "distance": \(distance), "duration": 10,
         "driving_side": "right", "intersections": \(intersectionsJSON)\(extra)}
        """
    }

    static func polyline(_ points: [Coordinate], precision: Int = 5) -> String {
        "\"\(Polyline.encode(points, precision: precision))\""
    }

    /// The three steps of the L-shaped drive (depart, turn right, arrive), with optional extras per step.
    static func lSteps(precision: Int = 5, departExtra: String = "", turnExtra: String = "", turnManeuverExtra: String = "",
                       turnIntersections: String? = nil) -> [String] {
        let ab = GeoMath.distance(a, b), bc = GeoMath.distance(b, c)
        return [
            step(type: "depart", at: a, geometry: polyline([a, b], precision: precision), name: "Nordweg", distance: ab, extra: departExtra),
            step(type: "turn", modifier: "right", at: b, geometry: polyline([b, c], precision: precision), name: "Ostweg",
                 distance: bc, extra: turnExtra, maneuverExtra: turnManeuverExtra, intersections: turnIntersections),
            step(type: "arrive", at: c, geometry: polyline([c, c], precision: precision), name: "Ostweg"),
        ]
    }

    /// A whole document with one route of one leg holding `steps`; `waypoints` replaces the default start and
    /// destination (`""` leaves the key out).
    static func document(steps: [String], legExtra: String = "", routeExtra: String = "", waypoints: String? = nil,
                         top: String = #""code": "Ok""#) -> String {
        let total = GeoMath.distance(a, b) + GeoMath.distance(b, c)
        let waypointsJSON = waypoints ?? #"[{"name": "Start", "location": \#(lonLat(a))}, {"name": "Ziel", "location": \#(lonLat(c))}]"#
        let waypointsMember = waypointsJSON.isEmpty ? "" : #", "waypoints": \#(waypointsJSON)"#
        return """
        {\(top)\(waypointsMember),
         "routes": [{"distance": \(total), "duration": 20\(routeExtra),
           "legs": [{"distance": \(total), "duration": 20, "summary": "Nordweg, Ostweg"\(legExtra), "steps": [\(steps.joined(separator: ",\n"))]}]}]}
        """
    }

    static func read(_ json: String, options: ImportOptions = ImportOptions()) throws(InputError) -> Route {
        try RouteReader.read(Array(json.utf8), name: "test.json", options: options)
    }
}
