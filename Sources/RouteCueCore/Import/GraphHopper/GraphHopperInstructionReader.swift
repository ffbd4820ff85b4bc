/// Reads one GraphHopper instruction (`paths[P].instructions[I]`) into a RouteCue maneuver.
enum GraphHopperInstructionReader {
    /// What the importer knows about an instruction's place in the route.
    struct Context {
        /// Index of the instruction in its path (`I`).
        var index: Int
        /// The RouteCue leg it belongs to (GraphHopper paths are split into legs at via points).
        var leg: Int
        /// Whether it opens a leg (the first instruction, or the first after a via point).
        var opensLeg: Bool
        /// The street name of the previous instruction, to tell a name change from a real "continue".
        var previousStreet: String?
        /// The whole path's points and the point the instruction starts at (`interval[0]`).
        var points: [Coordinate]
        var pointIndex: Int
    }

    /// Reads `node`. Sign 0 becomes `depart` when it opens a leg, a silent `new_name` when the street name
    /// changes, and `continue` otherwise. Headings the file lacks are taken from the geometry.
    static func read(_ node: JSONNode, _ context: Context) throws(InputError) -> Maneuver {
        let sign = try node.require("sign").int()
        var (type, modifier) = GraphHopperSign.mapped(code: sign)
        let street = nonEmpty(try node.optionalString("street_name"))
        if sign == GraphHopperSign.continueOnStreet.rawValue {
            if context.opensLeg {
                (type, modifier) = (.depart, nil)
            } else if let street, street != context.previousStreet {
                (type, modifier) = (.newName, .straight)
            }
        }

        let provenance = Provenance(kind: .instruction, sourceLeg: context.leg, sourceIndex: context.index,
                                    sourcePath: node.path)
        var m = Maneuver(type: type, modifier: modifier, location: context.points[context.pointIndex],
                         provenance: provenance)
        m.roadName = street
        m.ref = nonEmpty(try node.optionalString("street_ref"))
        let destination = nonEmpty(try node.optionalString("street_destination"))
        let destinationRef = nonEmpty(try node.optionalString("street_destination_ref"))
        switch (destinationRef, destination) {
        case let (ref?, names?): m.destinations = "\(ref): \(names)"
        case let (ref?, nil): m.destinations = ref
        case let (nil, names?): m.destinations = names
        case (nil, nil): break
        }
        m.exits = try motorwayJunction(node)
        if let exitNode = node["exit_number"] {
            let n = try exitNode.int()
            guard n >= 1 else { throw exitNode.error(.invalidValue, "exit number \(n) is below 1") }
            m.exitNumber = n
        }
        if type == .roundabout, let angleNode = node["turn_angle"] {
            let angle = try angleNode.double()
            guard abs(angle) <= 2 * Double.pi + 0.01 else { throw angleNode.error(.invalidValue, "turn angle \(angle) is outside ±2π") }
            m.modifier = roundaboutModifier(turnAngle: angle)
        }
        if type == .ferry { m.mode = "ferry" }
        m.instruction = nonEmpty(try node.optionalString("text"))
        m.sourceDistance = try node.optionalDouble("distance")
        if let ms = try node.optionalDouble("time") { m.sourceDuration = ms / 1000 }

        m.bearingBefore = try heading(node, "last_heading")
        m.bearingAfter = try heading(node, "heading")
        let i = context.pointIndex
        if m.bearingBefore == nil, type != .depart {
            m.bearingBefore = geometryBearing(context.points, at: i, step: -1)
        }
        if m.bearingAfter == nil, type != .arrive, type != .waypoint {
            m.bearingAfter = geometryBearing(context.points, at: i, step: 1)
        }
        return m
    }

    /// The direction of a roundabout maneuver from GraphHopper's `turn_angle`: the radians travelled around
    /// the roundabout, negative counter-clockwise (right-hand traffic), positive clockwise. Travelling a
    /// quarter round counter-clockwise is a right turn, half round straight on, three quarters a left turn.
    static func roundaboutModifier(turnAngle: Double) -> ManeuverModifier {
        let travelled = abs(turnAngle) * 180 / Double.pi
        let turn = (180 - travelled) * (turnAngle < 0 ? 1 : -1)
        return ManeuverModifier(turnAngle: turn)
    }

    /// `motorway_junction` (the exit number or name GraphHopper puts on motorway exits), as text.
    private static func motorwayJunction(_ node: JSONNode) throws(InputError) -> String? {
        guard let j = node["motorway_junction"] else { return nil }
        if case .number = j.value { return String(try j.int()) }
        return nonEmpty(try j.string())
    }

    /// A heading in degrees, validated and brought into [0, 360).
    private static func heading(_ node: JSONNode, _ key: String) throws(InputError) -> Double? {
        guard let h = node[key] else { return nil }
        let value = try h.double()
        guard value >= -360, value <= 720 else { throw h.error(.invalidValue, "heading \(value) out of range") }
        return GeoMath.normalizedBearing(value)
    }

    /// How many points `geometryBearing` looks past for one that differs: without a bound, a path of
    /// repeated points with an instruction at each would cost instructions × points.
    static let maxBearingSearch = 1_000

    /// The direction of travel just after (`step` +1) or just before (`step` -1) point `i`, from the
    /// nearest point in that direction (within `maxBearingSearch`) that differs from it.
    static func geometryBearing(_ points: [Coordinate], at i: Int, step: Int) -> Double? {
        var j = i + step
        while j >= 0, j < points.count, abs(j - i) <= maxBearingSearch {
            if points[j] != points[i] {
                return step > 0 ? GeoMath.bearing(from: points[i], to: points[j]) : GeoMath.bearing(from: points[j], to: points[i])
            }
            j += step
        }
        return nil
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }
}
