/// Turns one OSRM v5 / Mapbox `step` into one `Maneuver`: type, modifier, names, signs, exits, lanes,
/// landmarks, approach road class, instruction text and the source's voice announcements.
enum OSRMStepReader {
    /// Road classes that describe the road itself (OSRM `classes` also holds `toll`, `ferry`, `tunnel`, …).
    static let roadClasses: Set<String> = ["motorway", "motorway_link", "trunk", "trunk_link", "primary",
                                           "secondary", "tertiary", "residential", "service", "street"]

    /// Intersection flags (newer Mapbox data) that are landmarks, and the landmark kind for each.
    static let landmarkFlags: [(key: String, kind: String)] = [("traffic_signal", "traffic_signals"),
                                                               ("stop_sign", "stop_sign"),
                                                               ("yield_sign", "yield"),
                                                               ("railway_crossing", "railway_crossing")]

    /// The maneuver for `step` (index `index` of leg `leg`), given the step before it in the leg (for the
    /// approach road class and for spotting a ferry boarding). Voice announcements keep Mapbox's
    /// `distanceAlongGeometry` (metres *remaining* to the step's end) in `distanceAlong` until
    /// `OSRMAnnouncementPlacement` makes it absolute.
    static func maneuver(step: JSONNode, previousStep: JSONNode?, leg: Int, index: Int) throws(InputError) -> Maneuver {
        let m = try step.require("maneuver")
        let location = try m.require("location").lonLat()
        let typeText = try m.require("type").string()
        var modifier: ManeuverModifier?
        if let text = try m.optionalString("modifier") { modifier = ManeuverModifier(osrm: text) }
        let mode = try step.optionalString("mode")
        let previousMode = try previousStep?.optionalString("mode")
        let boardsFerry = mode == "ferry" && previousMode != "ferry"
        let type = OSRMManeuverKind.maneuverType(osrm: typeText, modifier: modifier, boardsFerry: boardsFerry)

        var maneuver = Maneuver(type: type, modifier: modifier, location: location,
                                provenance: Provenance(kind: .step, sourceLeg: leg, sourceIndex: index, sourcePath: step.path))
        maneuver.roadName = try nonEmpty(step.optionalString("name"))
        maneuver.ref = try nonEmpty(step.optionalString("ref"))
        maneuver.destinations = try nonEmpty(step.optionalString("destinations"))
        maneuver.exits = try nonEmpty(step.optionalString("exits"))
        maneuver.exitNumber = try exitNumber(m, type: type)
        maneuver.rotaryName = try nonEmpty(step.optionalString("rotary_name"))
        maneuver.phoneticName = try nonEmpty(step.optionalString("pronunciation"))
        if let side = try step.optionalString("driving_side") { maneuver.drivingSide = DrivingSide(rawValue: side) }
        maneuver.mode = mode
        // OSRM writes bearing_before 0 on a depart, where there is no "before".
        if type != .depart { maneuver.bearingBefore = try bearing(m, "bearing_before") }
        maneuver.bearingAfter = try bearing(m, "bearing_after")
        maneuver.instruction = try nonEmpty(m.optionalString("instruction"))
        maneuver.sourceDistance = try step.optionalDouble("distance")
        maneuver.sourceDuration = try step.optionalDouble("duration")

        if let intersections = step["intersections"], let first = try element(intersections, 0) {
            maneuver.lanes = try lanes(at: first)
            maneuver.landmarks = try landmarks(at: first)
        }
        if let previous = previousStep?["intersections"], let last = try element(previous, -1) {
            maneuver.approachRoadClass = try roadClass(at: last)
        }
        if let voice = try step.optionalArray("voiceInstructions") {
            for v in voice {
                maneuver.announcements.append(SourceAnnouncement(
                    kind: "voice", text: try v.require("announcement").string(),
                    ssml: try v.optionalString("ssmlAnnouncement"),
                    distanceAlong: try v.optionalDouble("distanceAlongGeometry")))
            }
        }
        return maneuver
    }

    /// Maneuver types whose OSRM `exit` is the roundabout or rotary exit to take.
    static let roundaboutTypes: Set<ManeuverType> = [.roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary]

    /// The roundabout exit to take (`maneuver.exit`, 1-based) for a roundabout-family step. On any other
    /// step OSRM's `exit` counts the intersections passed before the turn ("at the fourth intersection,
    /// turn left"), which is not an exit number, so it is checked but not kept as one.
    static func exitNumber(_ m: JSONNode, type: ManeuverType) throws(InputError) -> Int? {
        guard let node = m["exit"] else { return nil }
        let n = try node.int()
        guard roundaboutTypes.contains(type) else { return nil }
        guard n >= 1 else { throw node.error(.invalidValue, "roundabout exit \(n) is below 1") }
        return n
    }

    /// A bearing in degrees, validated and brought into [0, 360).
    static func bearing(_ m: JSONNode, _ key: String) throws(InputError) -> Double? {
        guard let node = m[key] else { return nil }
        let value = try node.double()
        guard value >= -360, value <= 720 else { throw node.error(.invalidValue, "bearing \(value) out of range") }
        return GeoMath.normalizedBearing(value)
    }

    /// The lanes of an intersection (`lanes[]`: `indications`, `valid`, `active`).
    static func lanes(at intersection: JSONNode) throws(InputError) -> [Lane] {
        guard let items = try intersection.optionalArray("lanes") else { return [] }
        var lanes: [Lane] = []
        for item in items {
            var indications: [String] = []
            for i in try item.require("indications").array() { indications.append(try i.string()) }
            lanes.append(Lane(indications: indications, valid: try item.require("valid").bool(),
                              active: try item.optionalBool("active")))
        }
        return lanes
    }

    /// Landmarks flagged on an intersection (`traffic_signal`, `stop_sign`, `yield_sign`, `railway_crossing`).
    static func landmarks(at intersection: JSONNode) throws(InputError) -> [Landmark] {
        var out: [Landmark] = []
        for flag in landmarkFlags {
            if try intersection.optionalBool(flag.key) == true {
                out.append(Landmark(kind: flag.kind, distanceBeforeManeuver: 0))
            }
        }
        return out
    }

    /// The road class leaving an intersection: Mapbox `mapbox_streets_v8.class`, else a road class in `classes`.
    static func roadClass(at intersection: JSONNode) throws(InputError) -> String? {
        if let streets = intersection["mapbox_streets_v8"], let c = try streets.optionalString("class") { return c }
        guard let classes = try intersection.optionalArray("classes") else { return nil }
        for c in classes {
            let name = try c.string()
            if roadClasses.contains(name) { return name }
        }
        return nil
    }

    /// Element `i` of an array node (negative counts from the end), without wrapping the others.
    static func element(_ array: JSONNode, _ i: Int) throws(InputError) -> JSONNode? {
        guard case .array(let items) = array.value else { throw array.error(.invalidValue, "expected an array, found \(array.value.typeName)") }
        let k = i < 0 ? items.count + i : i
        guard k >= 0, k < items.count else { return nil }
        return JSONNode(items[k], path: "\(array.path)[\(k)]")
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }
}
