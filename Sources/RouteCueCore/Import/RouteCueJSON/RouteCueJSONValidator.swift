/// Checks the invariants `RouteBuilder` guarantees on a route read from RouteCue JSON, where they come
/// from a file and not from the builder: legs tile the geometry in order, maneuvers are numbered in
/// order with leg and geometry indexes that agree, waypoints close existing legs, distances are finite.
enum RouteCueJSONValidator {
    static func validate(_ route: Route) throws(InputError) {
        let count = route.geometry.count
        let length = route.geometry.length
        guard !route.legs.isEmpty else { throw InputError(.missing, location: "legs", message: "route has no legs") }

        var previousEnd = -1
        for (i, leg) in route.legs.enumerated() {
            let path = "legs[\(i)]"
            guard leg.index == i else { throw error(path + ".index", "is \(leg.index), expected \(i) (legs in order)") }
            guard leg.geometryStart >= 0, leg.geometryEnd < count, leg.geometryStart <= leg.geometryEnd else {
                throw error(path, "geometry_start \(leg.geometryStart)…geometry_end \(leg.geometryEnd) outside the geometry's \(count) points")
            }
            let expectedStart = i == 0 ? [0] : [previousEnd, previousEnd + 1]
            guard expectedStart.contains(leg.geometryStart) else {
                throw error(path + ".geometry_start", "is \(leg.geometryStart); a leg starts where the previous one ends (\(max(0, previousEnd)))")
            }
            guard leg.distanceStart.isFinite, leg.distanceEnd.isFinite, leg.distanceStart >= 0,
                  leg.distanceStart <= leg.distanceEnd, leg.distanceEnd <= length + 1 else {
                throw error(path, "distances \(leg.distanceStart)…\(leg.distanceEnd) m do not fit the route's \(length) m")
            }
            previousEnd = leg.geometryEnd
        }
        guard previousEnd == count - 1 else {
            throw error("legs[\(route.legs.count - 1)].geometry_end", "is \(previousEnd); the last leg ends at the last point (\(count - 1))")
        }

        var previousLeg = 0
        for (i, m) in route.maneuvers.enumerated() {
            let path = "maneuvers[\(i)]"
            guard m.index == i else { throw error(path + ".index", "is \(m.index), expected \(i) (maneuvers in order)") }
            guard m.leg >= previousLeg, m.leg < route.legs.count else {
                throw error(path + ".leg", "is \(m.leg); legs run from \(previousLeg) to \(route.legs.count - 1) here")
            }
            let leg = route.legs[m.leg]
            guard m.geometryIndex >= leg.geometryStart, m.geometryIndex <= leg.geometryEnd else {
                throw error(path + ".geometry_index", "is \(m.geometryIndex), outside leg \(m.leg)'s points \(leg.geometryStart)…\(leg.geometryEnd)")
            }
            guard m.distanceAlong.isFinite, m.distanceAlong >= 0, m.distanceAlong <= length + 1 else {
                throw error(path + ".distance_along_m", "is \(m.distanceAlong), outside the route's \(length) m")
            }
            if let n = m.exitNumber, n < 0 { throw error(path + ".exit_number", "is negative") }
            previousLeg = m.leg
        }

        for (i, w) in route.waypoints.enumerated() {
            let path = "waypoints[\(i)]"
            if let l = w.legEnding, l < 0 || l >= route.legs.count {
                throw error(path + ".leg_ending", "is \(l); the route has \(route.legs.count) legs")
            }
            guard w.distanceAlong.isFinite, w.distanceAlong >= 0, w.distanceAlong <= length + 1 else {
                throw error(path + ".distance_along_m", "is \(w.distanceAlong), outside the route's \(length) m")
            }
        }
        for (i, w) in route.warnings.enumerated() where !(w.distanceAlong.isFinite && w.distanceAlong >= 0 && w.distanceAlong <= length + 1) {
            throw error("warnings[\(i)].distance_along_m", "is \(w.distanceAlong), outside the route's \(length) m")
        }
    }

    /// A value at `path` that does not fit the rest of the route.
    private static func error(_ path: String, _ message: String) -> InputError {
        InputError(.invalidValue, location: path, message: message)
    }
}
