/// Reads one leg of an OSRM route: its geometry (the step geometries joined, or a piece of the route
/// geometry) and one maneuver per step, or maneuvers derived from the geometry when it has no steps.
enum OSRMLegReader {
    /// A leg ready for `RouteBuilder.addLeg`.
    struct Leg {
        var coordinates: [Coordinate]
        var maneuvers: [(Maneuver, RouteBuilder.Placement)]
    }

    /// True when every step of the leg has a `geometry`, so the leg's geometry can come from its steps.
    static func stepsCarryGeometry(_ steps: [JSONNode]) -> Bool {
        !steps.isEmpty && steps.allSatisfy { $0["geometry"] != nil }
    }

    /// The leg from its steps' geometries, joined at their shared points; each maneuver sits exactly at
    /// the first point of its step.
    static func fromStepGeometries(_ steps: [JSONNode], leg: Int, precision: Int) throws(InputError) -> Leg {
        var coordinates: [Coordinate] = []
        var maneuvers: [(Maneuver, RouteBuilder.Placement)] = []
        maneuvers.reserveCapacity(steps.count)
        for (s, step) in steps.enumerated() {
            let points = try OSRMGeometry.coordinates(try step.require("geometry"), precision: precision)
            let start = coordinates.last == points[0] ? coordinates.count - 1 : coordinates.count
            for p in points where p != coordinates.last { coordinates.append(p) }
            let maneuver = try OSRMStepReader.maneuver(step: step, previousStep: s > 0 ? steps[s - 1] : nil, leg: leg, index: s)
            maneuvers.append((maneuver, .legIndex(start)))
        }
        return Leg(coordinates: coordinates, maneuvers: maneuvers)
    }

    /// The leg from a piece of the route geometry: step maneuvers (if any) placed at their locations,
    /// or, for `steps: []`, maneuvers derived from the geometry.
    static func fromRouteGeometry(_ coordinates: [Coordinate], steps: [JSONNode], leg: Int, path: String) throws(InputError) -> Leg {
        guard !steps.isEmpty else {
            return Leg(coordinates: coordinates,
                       maneuvers: ManeuverDeriver.legManeuvers(coordinates: coordinates, leg: leg, sourcePath: path))
        }
        var maneuvers: [(Maneuver, RouteBuilder.Placement)] = []
        for (s, step) in steps.enumerated() {
            let maneuver = try OSRMStepReader.maneuver(step: step, previousStep: s > 0 ? steps[s - 1] : nil, leg: leg, index: s)
            maneuvers.append((maneuver, .nearest))
        }
        return Leg(coordinates: coordinates, maneuvers: maneuvers)
    }
}
