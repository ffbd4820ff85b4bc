/// Reads one native Valhalla maneuver (`trip.legs[L].maneuvers[M]`) into a RouteCue maneuver and the
/// shape index it starts at.
enum ValhallaManeuverReader {
    /// The `verbal_*` texts kept as source announcements, with the kind each gets, in speaking order.
    static let verbalKinds: [(key: String, kind: String)] = [
        ("verbal_transition_alert_instruction", "verbal_transition_alert"),
        ("verbal_succinct_transition_instruction", "verbal_succinct_transition"),
        ("verbal_pre_transition_instruction", "verbal_pre_transition"),
        ("verbal_post_transition_instruction", "verbal_post_transition"),
        ("verbal_depart_instruction", "verbal_depart"),
        ("verbal_arrive_instruction", "verbal_arrive"),
    ]

    /// Reads `node`, the maneuver `index` of leg `leg`, whose shape is `shape`. `metresPerUnit` converts
    /// `length`; on every leg but the last, Valhalla's destination types become `waypoint` (a via stop).
    static func read(_ node: JSONNode, leg: Int, index: Int, shape: [Coordinate], metresPerUnit: Double,
                     isLastLeg: Bool) throws(InputError) -> (Maneuver, Int) {
        let code = try node.require("type").int()
        var (type, modifier) = ValhallaManeuverKind.mapped(code: code)
        if type == .arrive, !isLastLeg { type = .waypoint }

        let beginNode = try node.require("begin_shape_index")
        let begin = try beginNode.int()
        guard begin >= 0, begin < shape.count else {
            throw beginNode.error(.invalidValue, "shape index \(begin) outside the leg's \(shape.count) shape points")
        }
        if let endNode = node["end_shape_index"] {
            let end = try endNode.int()
            guard end >= begin, end < shape.count else {
                throw endNode.error(.invalidValue, "shape index \(end) outside \(begin)…\(shape.count - 1)")
            }
        }

        let provenance = Provenance(kind: .maneuver, sourceLeg: leg, sourceIndex: index, sourcePath: node.path)
        var m = Maneuver(type: type, modifier: modifier, location: shape[begin], provenance: provenance)

        var names: (name: String?, ref: String?) = (nil, nil)
        if let begins = node["begin_street_names"] {
            names = try ValhallaStreetNames.read(begins)
        }
        if names.name == nil, names.ref == nil, let streets = node["street_names"] {
            names = try ValhallaStreetNames.read(streets)
        }
        m.roadName = names.name
        m.ref = names.ref

        if let signNode = node["sign"] {
            let sign = try ValhallaSign.read(signNode)
            m.exits = sign.exits
            m.destinations = sign.destinations
        }
        if let exitCount = node["roundabout_exit_count"] {
            let n = try exitCount.int()
            guard n >= 1 else { throw exitCount.error(.invalidValue, "roundabout exit count \(n) is below 1") }
            m.exitNumber = n
        }
        m.mode = try mode(node, kind: ValhallaManeuverKind(rawValue: code))
        m.bearingBefore = try bearing(node, "bearing_before")
        m.bearingAfter = try bearing(node, "bearing_after")
        m.instruction = try node.optionalString("instruction")
        for (key, kind) in verbalKinds {
            if let text = try node.optionalString(key), !text.isEmpty {
                m.announcements.append(SourceAnnouncement(kind: kind, text: text))
            }
        }
        if let length = try node.optionalDouble("length") { m.sourceDistance = length * metresPerUnit }
        m.sourceDuration = try node.optionalDouble("time")
        return (m, begin)
    }

    /// A bearing in degrees, validated and brought into [0, 360).
    private static func bearing(_ node: JSONNode, _ key: String) throws(InputError) -> Double? {
        guard let b = node[key] else { return nil }
        let value = try b.double()
        guard value >= -360, value <= 720 else { throw b.error(.invalidValue, "bearing \(value) out of range") }
        return GeoMath.normalizedBearing(value)
    }

    /// The travel mode in OSRM's words (`driving`, `walking`, `cycling`, `ferry`, or the transit
    /// `travel_type` such as `bus`); a ferry-enter maneuver is `ferry`.
    static func mode(_ node: JSONNode, kind: ValhallaManeuverKind?) throws(InputError) -> String? {
        if kind == .ferryEnter { return "ferry" }
        let travelMode = try node.optionalString("travel_mode")
        let travelType = try node.optionalString("travel_type")
        switch travelMode {
        case "drive": return "driving"
        case "pedestrian": return "walking"
        case "bicycle": return "cycling"
        case "transit": return travelType ?? "transit"
        case nil: return travelType
        case let other?: return other
        }
    }
}
