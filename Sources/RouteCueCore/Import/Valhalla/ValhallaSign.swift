/// The signpost of a Valhalla maneuver (`sign`: `exit_number_elements`, `exit_branch_elements`,
/// `exit_toward_elements`, `exit_name_elements`, and the `guide_*` elements of non-motorway junctions)
/// turned into RouteCue's `exits` and `destinations`.
struct ValhallaSign: Equatable {
    /// Exit numbers joined with "; " (`"23B"`, `"5A; 5B"`).
    var exits: String?
    /// OSRM-style destinations: branches, then ": ", then towards (`"I 95 North: New York, Trenton"`);
    /// exit names stand in for towards when a sign has none.
    var destinations: String?

    /// Reads the `sign` object of a maneuver.
    static func read(_ node: JSONNode) throws(InputError) -> ValhallaSign {
        let numbers = try texts(node, "exit_number_elements")
        var branches = try texts(node, "exit_branch_elements")
        var towards = try texts(node, "exit_toward_elements")
        let names = try texts(node, "exit_name_elements")
        if branches.isEmpty { branches = try texts(node, "guide_branch_elements") }
        if towards.isEmpty { towards = try texts(node, "guide_toward_elements") }
        if towards.isEmpty { towards = names }
        var parts: [String] = []
        if !branches.isEmpty { parts.append(branches.joined(separator: ", ")) }
        if !towards.isEmpty { parts.append(towards.joined(separator: ", ")) }
        return ValhallaSign(exits: numbers.isEmpty ? nil : numbers.joined(separator: "; "),
                            destinations: parts.isEmpty ? nil : parts.joined(separator: ": "))
    }

    /// The non-empty `text` values of one element list.
    private static func texts(_ node: JSONNode, _ key: String) throws(InputError) -> [String] {
        guard let elements = try node.optionalArray(key) else { return [] }
        var out: [String] = []
        for element in elements {
            let text = try element.require("text").string()
            if !text.isEmpty, !out.contains(text) { out.append(text) }
        }
        return out
    }
}
