/// A reroute request written as a tour, so a routing engine finds the new route the way it finds a tour's: from the
/// car's position and course to the waypoints still ahead, the announced ones as `regular` stations (named, ending
/// legs, announced on arrival) and each run of silent via points as one `svp` trace (routed through its points in
/// their direction, or matched to the map where they are dense). The same import (`RouteReader`, with the engine's
/// answers in `ImportOptions.routedLegs`/`routedTraces`) then gives a route with the old one's stations, names and
/// silence, whichever format the first route came in.
public enum RerouteTour {
    /// The tour document (WGS84 degrees) for `request`; nil when it has no position or no waypoint remains.
    public static func document(for request: RerouteRequest) -> [UInt8]? {
        guard request.position != nil, !request.remainingWaypoints.isEmpty else { return nil }
        var stations: [JSONValue] = []
        var trace: [JSONValue] = []
        func flushTrace() {
            guard !trace.isEmpty else { return }
            stations.append(.object(JSONObject([("type", .string("svp")), ("points", .array(trace))])))
            trace = []
        }
        for w in request.remainingWaypoints {
            if w.role == .silentVia {
                trace.append(point(w.location, course: w.course))
                continue
            }
            flushTrace()
            var pairs: [(String, JSONValue)] = [("type", .string("regular"))]
            if let name = w.name { pairs.append(("name", .string(name))) }
            pairs.append(("point", point(w.location, course: nil)))
            stations.append(.object(JSONObject(pairs)))
        }
        // A trace that ends the tour ends at its last point (the tour's destination), as the old route did.
        flushTrace()
        let tour = JSONObject([("srs", .string("EPSG:4326")), ("stations", .array(stations))])
        return Array(JSONTextWriter.line(.object(tour)).utf8)
    }

    /// `base` with the car's position and course as where the tour starts.
    public static func options(for request: RerouteRequest, base: ImportOptions) -> ImportOptions {
        var options = base
        options.format = .tour
        options.vehiclePosition = request.position
        options.vehicleCourse = request.course
        return options
    }

    private static func point(_ c: Coordinate, course: Double?) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("x", .number(c.longitude)), ("y", .number(c.latitude))]
        if let course { pairs.append(("course", .number(course))) }
        return .object(JSONObject(pairs))
    }
}
