import DBusKit
import RouteCueCore

/// The string arguments of `LoadRoute` and `Audio1.Speak` read into what the daemon acts on (docs/dbus.md), or
/// InvalidArgs naming what is allowed. Pure, so the `dbus-arguments` fuzz target runs them on any values.
public enum ControlArguments {
    /// The longest text Speak takes, in UTF-8 bytes.
    public static let maxSpokenBytes = 4096
    /// Speak's priority names.
    public static let priorities: [String: OutputPriority] = ["application": .application, "message": .message,
                                                               "guidance": .guidance, "urgent": .urgent]

    /// LoadRoute's `format`: nil for `auto` (detect), else the format it names.
    public static func routeFormat(_ name: String) throws(BusError) -> RouteFormat? {
        if name == "auto" { return nil }
        guard let format = RouteFormat(rawValue: name) else {
            let known = ["auto"] + RouteFormat.allCases.map(\.rawValue)
            throw BusError(.invalidArgs, "format \"\(name)\" is not one of \(known.joined(separator: ", "))")
        }
        return format
    }

    /// Speak's `text` without surrounding white space, and its `priority` (empty: `application`).
    public static func prompt(_ text: String, priority: String) throws(BusError) -> (text: String, priority: OutputPriority) {
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { throw BusError(.invalidArgs, "nothing to speak") }
        guard trimmed.utf8.count <= maxSpokenBytes else { throw BusError(.invalidArgs, "the text is over \(maxSpokenBytes) bytes") }
        guard let level = priorities[priority.isEmpty ? "application" : priority] else {
            throw BusError(.invalidArgs, "priority \"\(priority)\" is not one of \(priorities.keys.sorted().joined(separator: ", "))")
        }
        return (trimmed, level)
    }
}
