/// Why a route (or fix) file could not be read: the file, the position or key path, and what is wrong.
/// Its description is the one line the CLI prints on stderr.
public struct RouteImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name, filled in by the reader that opened it.
    public var file: String?
    /// Where in the file: a JSON key path (`routes[0].legs[1].steps[3].geometry`), `line L, column C`, or nil.
    public var location: String?
    /// What is wrong there.
    public var message: String
    /// Whether trying again may succeed: a routing engine that could not be reached, timed out or failed inside;
    /// the document itself may be fine.
    public var isTransient = false

    /// Creates an error; `file` is usually set later by `RouteReader`.
    public init(file: String? = nil, location: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// This error with the file name filled in (kept when already set).
    public func inFile(_ name: String) -> RouteImportError {
        var e = self
        if e.file == nil { e.file = name }
        return e
    }

    /// One line, whatever the file put into the message: control characters are written as escapes.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let location { parts.append(location) }
        parts.append(message)
        return Self.oneLine(parts.joined(separator: ": "))
    }

    /// `text` with line breaks, tabs and other control characters escaped (`\n`, `\u{1}`).
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.properties.generalCategory == .control {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Refuses input of `byteCount` bytes when it is over `limit`, before anything parses it.
    public static func checkSize(_ byteCount: Int, limit: Int) throws(RouteImportError) {
        guard byteCount <= limit else {
            throw RouteImportError(message: "file is \(byteCount) bytes, over the \(limit)-byte limit")
        }
    }

    /// At most `limit` characters of a value read from a file, for quoting in a message.
    public static func excerpt(_ value: String, limit: Int = 40) -> String {
        value.count <= limit ? value : String(value.prefix(limit)) + "…"
    }
}
