/// The path and body of a Valhalla request for one way (`/route`, `/trace_route`, or `/trace_attributes` for a line's
/// traffic signals): its locations, headings where the
/// tour states a course (north 0°, clockwise, as Valhalla takes them; the tolerance lets the engine snap to the road's
/// own bearing), the costing of the transport mode, the answer in OSRM form (which `OSRMImporter` reads, voice
/// instructions included) and worded in RouteCue's language and units, so street names and maneuvers come back
/// as they will be spoken.
public struct ValhallaRouteQuery: Sendable, Equatable {
    /// Valhalla's costing model (`auto`, `truck`, `bicycle`, `pedestrian`, …).
    public var costing: String
    /// The language the engine words its instructions in (BCP 47, `de-DE`).
    public var language: String
    /// Kilometres or miles in the instructions.
    public var units: UnitSystem
    /// Degrees a heading may differ from the road's bearing.
    public var headingTolerance: Double

    /// A query for the `auto` costing, or another.
    public init(costing: String = "auto", language: String = "en-US", units: UnitSystem = .metric, headingTolerance: Double = 45) {
        self.costing = costing
        self.language = language
        self.units = units
        self.headingTolerance = headingTolerance
    }

    /// The costing for a transport mode.
    public static func costing(for mode: TransportMode) -> String {
        switch mode {
        case .car, .taxi: "auto"
        case .truck: "truck"
        case .bus: "bus"
        case .scooter: "motor_scooter"
        case .bicycle: "bicycle"
        case .pedestrian: "pedestrian"
        }
    }

    /// The engine's path for `leg`: `/route`, `/trace_route` for a dense trace or a line to match, `/trace_attributes`
    /// for a line's traffic signals.
    public func path(for leg: RoutingRequest) -> String {
        switch leg.purpose {
        case .approach, .traceThrough: "/route"
        case .traceMatch, .lineMatch: "/trace_route"
        case .signals: "/trace_attributes"
        }
    }

    /// The JSON body for `leg`: two `break` locations for an approach; for a trace of points apart, its first and last
    /// point as `break`s and the others as `through` locations (passed without a stop, so no leg and no arrival
    /// between them), each with its course as heading; for a dense trace or a line to match, its points as the `shape`
    /// to match (`map_snap`); for a line's traffic signals, its points and a filter keeping only edge ends and signals.
    public func body(for leg: RoutingRequest) -> String {
        var pairs: [(String, JSONValue)]
        switch leg.purpose {
        case .approach:
            pairs = [("locations", .array([location(leg.from, heading: leg.fromCourse), location(leg.to, heading: leg.toCourse)]))]
        case .traceThrough:
            let last = leg.points.count - 1
            pairs = [("locations", .array(leg.points.enumerated().map { k, p in
                location(p.coordinate, heading: p.course, type: k == 0 || k == last ? "break" : "through")
            }))]
        case .traceMatch, .lineMatch:
            pairs = [shape(leg), ("shape_match", .string("map_snap"))]
        case .signals:
            // Only what the landmarks need: where each edge ends on the matched shape, and whether a signal stands there.
            return JSONTextWriter.line(.object(JSONObject([
                shape(leg), ("shape_match", .string("map_snap")), ("costing", .string(costing)),
                ("filters", .object(JSONObject([
                    ("attributes", .array(["edge.end_shape_index", "node.traffic_signal", "shape"].map { .string($0) })),
                    ("action", .string("include")),
                ]))),
            ])))
        }
        pairs += [
            ("costing", .string(costing)),
            ("directions_options", .object(JSONObject([("language", .string(language)),
                                                       ("units", .string(units == .metric ? "kilometers" : "miles"))]))),
            ("format", .string("osrm")),
            ("voice_instructions", .bool(true)),
            ("banner_instructions", .bool(true)),
        ]
        return JSONTextWriter.line(.object(JSONObject(pairs)))
    }

    private func shape(_ leg: RoutingRequest) -> (String, JSONValue) {
        ("shape", .array(leg.points.map { p in
            .object(JSONObject([("lat", .number(p.coordinate.latitude)), ("lon", .number(p.coordinate.longitude))]))
        }))
    }

    private func location(_ c: Coordinate, heading: Double?, type: String = "break") -> JSONValue {
        var pairs: [(String, JSONValue)] = [("lat", .number(c.latitude)), ("lon", .number(c.longitude)), ("type", .string(type))]
        if let heading {
            pairs.append(("heading", .number(heading.rounded())))
            pairs.append(("heading_tolerance", .number(headingTolerance)))
        }
        return .object(JSONObject(pairs))
    }
}
