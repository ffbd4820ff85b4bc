import DBusKit

/// How `routecue ctl` prints what the bus answers: values for people (strings bare, whole metres, a maneuver in
/// words), the status lines, the maneuver table and one line per signal.
enum CtlOutput {
    /// Guidance1's properties in the contract's order (config/dbus/org.routecue.Guidance1.xml).
    static let guidanceOrder = ["State", "GpsState", "Language", "Units", "TransportMode", "Leg", "NextManeuver",
                                "DistanceToManeuver", "DistanceRemaining", "TimeRemaining"]
    /// Audio1's properties in the contract's order.
    static let audioOrder = ["RequestedRoute", "ActiveRoute", "Muted", "Volume", "PromptStyle", "LatencyCompensationMs",
                             "Speaking", "InCall"]
    /// EventText's details in the order they are printed (any others follow, sorted).
    static let detailOrder = ["stage", "maneuver", "leg", "distance_m", "lang", "id", "short", "rendition", "ssml"]

    // MARK: - Values

    /// `value` for a person: strings bare, booleans true/false, numbers without needless decimals, arrays
    /// comma-separated (as `set` reads them), a maneuver in words.
    static func text(_ value: DBusValue) -> String {
        switch value.unwrapped {
        case .string(let s), .signature(let s): s
        case .objectPath(let p): p.rawValue
        case .boolean(let b): b ? "true" : "false"
        case .double(let d): number(d)
        case .unixFD(let fd): "fd \(fd.descriptor)"
        case .array(_, let items): items.map(text).joined(separator: ",")
        case .dictionary(_, _, let entries):
            if let words = maneuver(value) { words } else {
                "{" + entries.map { "\(text($0.key))=\(text($0.value))" }.joined(separator: ", ") + "}"
            }
        case .structure(let fields): "(" + fields.map(text).joined(separator: ", ") + ")"
        case let other: other.integer.map(String.init) ?? other.description
        }
    }

    /// A number: whole when it is, else to two decimals at most.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "\(d)" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        var s = FixedDecimal.text(d, places: 2)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// A distance: whole metres below 1 km, else kilometres (two decimals below 10 km, one above).
    static func distance(_ metres: Double) -> String {
        if abs(metres) < 1000 { return "\(Int(metres.rounded())) m" }
        return FixedDecimal.text(metres / 1000, places: abs(metres) < 10_000 ? 2 : 1) + " km"
    }

    /// A GetManeuvers dictionary in words, "turn right onto Lindenallee (maneuver 1)"; "none" for the empty one
    /// (no next maneuver); nil for a dictionary that is not a maneuver.
    static func maneuver(_ value: DBusValue) -> String? {
        guard let entries = value.dictionary?.mapValues(\.unwrapped) else { return nil }
        if entries.isEmpty { return "none" }
        guard let type = entries["type"]?.string else { return nil }
        var words = type.replacing("_", with: " ")
        if let modifier = entries["modifier"]?.string, !modifier.isEmpty { words += " " + modifier.replacing("_", with: " ") }
        if let road = entries["road_name"]?.string, !road.isEmpty {
            words += (["depart", "arrive", "waypoint"].contains(type) ? " on " : " onto ") + road
        }
        if let index = entries["index"]?.integer { words += " (maneuver \(index))" }
        return words
    }

    /// A property's value in `status`: distances with their unit, seconds with theirs, anything else as `text`.
    static func property(_ name: String, _ value: DBusValue) -> String {
        switch (name, value.number) {
        case ("DistanceToManeuver", let m?), ("DistanceRemaining", let m?): "\(number(m.rounded())) m"
        case ("TimeRemaining", let s?): "\(number(s.rounded())) s"
        default: text(value)
        }
    }

    /// `properties` as `Name: value` lines, in `order` first, any others after them sorted.
    static func statusLines(_ properties: [String: DBusValue], order: [String]) -> [String] {
        let names = order.filter { properties[$0] != nil } + properties.keys.filter { !order.contains($0) }.sorted()
        return names.map { "\($0): \(property($0, properties[$0]!))" }
    }

    // MARK: - Maneuvers

    /// GetManeuvers as a table: index, type, modifier, road name, distance along, leg, announced.
    static func maneuverTable(_ maneuvers: [DBusValue]) -> String {
        guard !maneuvers.isEmpty else { return "no route loaded" }
        var rows = [["#", "TYPE", "MODIFIER", "ROAD", "ALONG", "LEG", "ANNOUNCED"]]
        for item in maneuvers {
            let m = item.dictionary?.mapValues(\.unwrapped) ?? [:]
            func word(_ key: String) -> String {
                guard let s = m[key]?.string, !s.isEmpty else { return "-" }
                return s
            }
            rows.append([m["index"]?.integer.map(String.init) ?? "?", word("type"), word("modifier"), word("road_name"),
                         m["distance_along_m"]?.number.map(distance) ?? "?", m["leg"]?.integer.map(String.init) ?? "?",
                         m["announced"]?.bool.map { $0 ? "yes" : "no" } ?? "?"])
        }
        let rightAligned: Set<Int> = [0, 4, 5]
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    // MARK: - Signals

    /// A string as one word when it is one, else in double quotes (`\"`, `\\`, `\n` escaped).
    static func word(_ s: String) -> String {
        let plain = !s.isEmpty && !s.contains { $0.isWhitespace || $0 == "\"" || $0 == "\\" || $0 == "=" || $0.isNewline }
        return plain ? s : quoted(s)
    }

    /// `s` in double quotes.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// A value inside a signal line: `text`, as one word.
    static func field(_ value: DBusValue) -> String { word(text(value)) }

    /// `key=value` pairs of a dictionary, `order` first.
    static func pairs(_ values: [String: DBusValue], order: [String], format: (String, DBusValue) -> String = { field($1) }) -> String {
        let keys = order.filter { values[$0] != nil } + values.keys.filter { !order.contains($0) }.sorted()
        return keys.map { "\($0)=\(format($0, values[$0]!))" }.joined(separator: " ")
    }

    /// One signal as a line: `EventText "In 400 meters, turn right" maneuver stage=range maneuver=1 …`,
    /// `PropertiesChanged Guidance1 State=guiding DistanceRemaining=6950`, `DidPlay 3 spoken`.
    static func signalLine(_ message: DBusMessage) -> String {
        let member = message.member ?? "?"
        if let change = PropertiesChange(message) {
            let interface = change.interface.hasPrefix("org.routecue.") ? String(change.interface.dropFirst("org.routecue.".count)) : change.interface
            let order = interface == "Audio1" ? audioOrder : guidanceOrder
            var line = "PropertiesChanged \(interface)"
            if !change.changed.isEmpty { line += " " + pairs(change.changed, order: order) }
            if !change.invalidated.isEmpty { line += " invalidated=" + change.invalidated.joined(separator: ",") }
            return line
        }
        let values = (try? message.arguments()) ?? []
        var parts = [member]
        switch (member, values.count) {
        case ("EventText", 3):
            parts += [quoted(values[0].string ?? ""), field(values[1])]
            if let details = values[2].dictionary?.mapValues(\.unwrapped), !details.isEmpty {
                parts.append(pairs(details, order: detailOrder))
            }
        case ("WillPlay", 3):
            parts += [field(values[0]), quoted(values[1].string ?? ""), field(values[2])]
        case ("DidPlay", 3):
            parts += [field(values[0]), field(values[1])]
            if let reason = values[2].string, !reason.isEmpty { parts.append(quoted(reason)) }
        case ("RerouteNeeded", 3):
            parts += ["lat=\(FixedDecimal.text(values[0].number ?? .nan, places: 6)) lon=\(FixedDecimal.text(values[1].number ?? .nan, places: 6))",
                      "heading=" + number((values[2].number ?? -1).rounded())]
        case ("WaypointReached", 1):
            parts.append("leg=" + field(values[0]))
        default:
            parts += values.map(field)
        }
        return parts.joined(separator: " ")
    }
}
