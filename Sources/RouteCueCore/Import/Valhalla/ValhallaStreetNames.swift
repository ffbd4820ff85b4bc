/// Splits Valhalla's `street_names` / `begin_street_names` (`["Karl-Marx-Allee", "B 1", "B 5"]`) into the
/// road name and its route numbers. Plain Valhalla JSON does not flag route numbers, so a name that looks
/// like one (`B 1`, `A 93`, `I-80`, `US 101`, `M25`) counts as a ref; an element written as an object
/// `{"value": …, "is_route_number": …}` (as some Valhalla versions do) says so itself.
public enum ValhallaStreetNames {
    /// The first name that is not a route number, and all route numbers joined with "; " (OSRM's `ref` style).
    public static func split(_ names: [String], routeNumberFlags: [Bool?]? = nil) -> (name: String?, ref: String?) {
        var name: String?
        var refs: [String] = []
        for (i, raw) in names.enumerated() {
            let n = trimmed(raw)
            guard !n.isEmpty else { continue }
            let flag = routeNumberFlags.flatMap { i < $0.count ? $0[i] : nil }
            if flag ?? looksLikeRouteNumber(n) {
                refs.append(n)
            } else if name == nil {
                name = n
            }
        }
        return (name, refs.isEmpty ? nil : refs.joined(separator: "; "))
    }

    /// Reads a names array (strings, or objects with `value` and `is_route_number`) and splits it.
    static func read(_ node: JSONNode) throws(InputError) -> (name: String?, ref: String?) {
        var names: [String] = []
        var flags: [Bool?] = []
        for item in try node.array() {
            if case .object = item.value {
                names.append(try item.require("value").string())
                flags.append(try item.optionalBool("is_route_number"))
            } else {
                names.append(try item.string())
                flags.append(nil)
            }
        }
        return split(names, routeNumberFlags: flags)
    }

    /// True for short "letters, optional space or dash, digits, optional letter" names such as `B 1`,
    /// `A 93`, `I-80`, `US 101`, `M25`, `E 55`, `L 3036`, `SR 520A`, optionally followed by a direction
    /// (`I 95 North`). `5th Avenue` or `Route 66` are names, not refs.
    public static func looksLikeRouteNumber(_ text: String) -> Bool {
        var words = text.split(separator: " ").map(String.init)
        if words.count >= 2, ["north", "south", "east", "west", "n", "s", "e", "w"].contains(words.last!.lowercased()) {
            words.removeLast()
        }
        let core = words.joined(separator: " ")
        let chars = Array(core.unicodeScalars)
        var i = 0
        var letters = 0
        while i < chars.count, chars[i].properties.isAlphabetic, chars[i].isASCII { letters += 1; i += 1 }
        guard (1...4).contains(letters) else { return false }
        if i < chars.count, chars[i] == " " || chars[i] == "-" { i += 1 }
        var digits = 0
        while i < chars.count, ("0"..."9").contains(chars[i]) { digits += 1; i += 1 }
        guard (1...4).contains(digits) else { return false }
        if i < chars.count, chars[i].properties.isAlphabetic, chars[i].isASCII { i += 1 }
        return i == chars.count
    }
}

/// The string without leading and trailing whitespace.
private func trimmed(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var start = 0, end = scalars.count
    while start < end, scalars[start].properties.isWhitespace { start += 1 }
    while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars[start..<end])
    return String(out)
}
