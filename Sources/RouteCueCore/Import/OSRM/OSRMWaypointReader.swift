/// Reads OSRM `waypoints[]` (top level, or per route with Mapbox `waypoints_per_route`): the stops between
/// legs become start, announced via points and destination; the ones that legs list in Mapbox/Valhalla
/// `via_waypoints` are silent via points inside a leg.
enum OSRMWaypointReader {
    /// One entry of `waypoints[]`.
    struct Stop {
        var name: String?
        var location: Coordinate
        var silent: Bool
    }

    /// The stops of the chosen route, or nil when the document has no waypoints.
    static func stops(root: JSONNode, route: JSONNode, legs: [JSONNode]) throws(InputError) -> [Stop]? {
        let node: JSONNode
        if let perRoute = route["waypoints"] { node = perRoute } else if let top = root["waypoints"] { node = top } else { return nil }
        let items = try node.array()
        guard !items.isEmpty else { return nil }
        var silent = Set<Int>()
        for leg in legs {
            guard let vias = try leg.optionalArray("via_waypoints") else { continue }
            for via in vias {
                let indexNode = try via.require("waypoint_index")
                let index = try indexNode.int()
                guard index > 0, index < items.count - 1 else {
                    throw indexNode.error(.invalidValue, "waypoint \(index) is not an intermediate one of the \(items.count) waypoints")
                }
                silent.insert(index)
            }
        }
        var stops: [Stop] = []
        for (i, item) in items.enumerated() {
            var name = try item.optionalString("name")
            if name?.isEmpty == true { name = nil }
            stops.append(Stop(name: name, location: try item.require("location").lonLat(), silent: silent.contains(i)))
        }
        let announced = stops.filter { !$0.silent }.count
        guard announced == legs.count + 1 else {
            throw node.error(.invalidValue, "\(stops.count) waypoints (\(silent.count) silent) do not fit \(legs.count) legs: expected \(legs.count + 1) stops")
        }
        return stops
    }

    /// The locations where one leg ends and the next begins.
    static func legBoundaries(_ stops: [Stop]) -> [Coordinate] {
        let announced = stops.filter { !$0.silent }
        return announced.dropFirst().dropLast().map(\.location)
    }

    /// The route's waypoints: the first stop starts, each further announced stop ends a leg (the last one
    /// is the destination), silent stops are silent via points placed by location.
    static func waypoints(_ stops: [Stop]) -> [Waypoint] {
        let announcedCount = stops.filter { !$0.silent }.count
        var out: [Waypoint] = []
        var k = 0
        for stop in stops {
            if stop.silent {
                out.append(Waypoint(name: stop.name, location: stop.location, role: .silentVia))
                continue
            }
            let role: Waypoint.Role = k == 0 ? .start : (k == announcedCount - 1 ? .destination : .via)
            var w = Waypoint(name: stop.name, location: stop.location, role: role)
            if k > 0 { w.legEnding = k - 1 }
            out.append(w)
            k += 1
        }
        return out
    }
}
