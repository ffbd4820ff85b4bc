/// Collects warnings from an OSRM / Mapbox route:
/// - `ferry` where the route boards a ferry (step `mode: ferry` or intersection class `ferry`), text: the ferry's name;
/// - `toll` at each `toll_collection` point (text: its name, else "toll booth"/"toll gantry") and where a
///   stretch of intersections classed `toll` begins (text "toll road");
/// - `tunnel` where a stretch classed `tunnel` begins or the `tunnel_name` changes (text: the name);
/// - `restricted` where a stretch classed `restricted` begins;
///   (a toll, tunnel or restricted stretch the route starts in is no warning: the driver is already in it);
/// - `notification` for a `notification` step that is not a mode change (text: its instruction);
/// - `incident` for each Mapbox leg `incidents[]` entry (text: description, else type), at its `geometry_index_start`.
enum OSRMWarningReader {
    /// One leg's steps and geometry, as read by the importer.
    struct LegInput {
        var leg: JSONNode
        var steps: [JSONNode]
        var coordinates: [Coordinate]
    }

    private struct Stretches {
        var ferry = false, toll = false, tunnel = false, restricted = false
        var tunnelName: String?
        var mode: String?
        var started = false
    }

    /// The warnings of all legs, in travel order.
    static func warnings(_ legs: [LegInput]) throws(InputError) -> [RouteWarning] {
        var out: [RouteWarning] = []
        var state = Stretches()
        for input in legs {
            for (s, step) in input.steps.enumerated() {
                try read(step: step, isFirst: s == 0, state: &state, into: &out)
            }
            if let incidents = try input.leg.optionalArray("incidents") {
                for incident in incidents {
                    guard let index = try incident.optionalInt("geometry_index_start"),
                          index >= 0, index < input.coordinates.count else { continue }
                    var text = try incident.optionalString("description")
                    if text == nil { text = try incident.optionalString("type") }
                    out.append(RouteWarning(kind: "incident", location: input.coordinates[index], text: text))
                }
            }
        }
        return out
    }

    private static func read(step: JSONNode, isFirst: Bool, state: inout Stretches, into out: inout [RouteWarning]) throws(InputError) {
        let m = try step.require("maneuver")
        let location = try m.require("location").lonLat()
        let mode = try step.optionalString("mode")
        let intersections = try step.optionalArray("intersections") ?? []
        var firstClasses: Set<String> = []
        if let first = intersections.first { firstClasses = try classes(first) }

        let onFerry = mode == "ferry" || firstClasses.contains("ferry")
        if onFerry, !state.ferry {
            out.append(RouteWarning(kind: "ferry", location: location, text: try step.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }))
        }
        state.ferry = onFerry
        if try m.require("type").string() == "notification", !onFerry, isFirst || mode == state.mode {
            out.append(RouteWarning(kind: "notification", location: location, text: try m.optionalString("instruction")))
        }
        state.mode = mode

        for intersection in intersections {
            let here = try intersection.require("location").lonLat()
            let c = try classes(intersection)
            if !state.started {
                state.started = true
                state.toll = c.contains("toll")
                state.tunnel = c.contains("tunnel")
                state.restricted = c.contains("restricted")
                state.tunnelName = c.contains("tunnel") ? try intersection.optionalString("tunnel_name") : nil
            }
            if let collection = intersection["toll_collection"] {
                let type = try collection.optionalString("type")?.replacing("_", with: " ")
                out.append(RouteWarning(kind: "toll", location: here, text: try collection.optionalString("name") ?? type ?? "toll"))
            }
            if c.contains("toll"), !state.toll { out.append(RouteWarning(kind: "toll", location: here, text: "toll road")) }
            state.toll = c.contains("toll")
            let tunnelName = try intersection.optionalString("tunnel_name")
            if c.contains("tunnel"), !state.tunnel || (tunnelName != nil && tunnelName != state.tunnelName) {
                out.append(RouteWarning(kind: "tunnel", location: here, text: tunnelName))
            }
            state.tunnel = c.contains("tunnel")
            state.tunnelName = c.contains("tunnel") ? tunnelName : nil
            if c.contains("restricted"), !state.restricted {
                out.append(RouteWarning(kind: "restricted", location: here, text: "restricted access"))
            }
            state.restricted = c.contains("restricted")
        }
    }

    private static func classes(_ intersection: JSONNode) throws(InputError) -> Set<String> {
        guard let items = try intersection.optionalArray("classes") else { return [] }
        var out: Set<String> = []
        for item in items { out.insert(try item.string()) }
        return out
    }
}
