/// Why an input could not be taken: which kind of input (`input`), what went wrong (`code`), and, for people, the
/// file, the position or key path, and what is wrong there. Its description is the one line the CLI prints on
/// stderr and the log writes; it leaves out the kind and the code, which are for the program and for tests.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in a word a program can test (`rawValue` for logs: `too_large`, `engine_unreachable`).
    public enum Code: String, Sendable, CaseIterable {
        /// Larger than a limit: a file over the size limit, or more points than a plausible route has.
        case tooLarge = "too_large"
        /// Cannot be opened or read: no such file, a directory, no permission, a failed read; or the client that
        /// reads the routing engine's answers did not start.
        case unreadable
        /// Cannot be created or written (the cue log, the state directory, a route written out).
        case unwritable
        /// Holds nothing to read: no bytes, only white space or comments, not one record.
        case empty
        /// Not well-formed: broken JSON or XML, no valid NMEA sentence, no gpsd report.
        case syntax
        /// A required key, element or value is absent.
        case missing
        /// A value of the wrong type, out of range, or at odds with the rest of the input.
        case invalidValue = "invalid_value"
        /// A format, version, key, flag or language RouteCue does not know.
        case unsupported
        /// The routing engine could not be reached: nobody listening, unknown host, timed out, connection lost.
        case engineUnreachable = "engine_unreachable"
        /// The routing engine answered a server error (5xx).
        case engineServerError = "engine_server_error"
        /// The routing engine answered that it will not give the route: a status below 500 other than 200, or an
        /// error document (`NoRoute`).
        case engineRefused = "engine_refused"
        /// Given up before the end: RouteCue is stopping, or the request was cancelled.
        case cancelled
    }

    /// The kind of input.
    public var input: InputKind
    /// What went wrong.
    public var code: Code
    /// The file name, filled in by the reader that opened it.
    public var file: String?
    /// Where in the file: a JSON key path (`routes[0].legs[1].steps[3].geometry`), `line L, column C`, or nil.
    public var location: String?
    /// What is wrong there.
    public var message: String

    /// Whether trying again may succeed: a routing engine that could not be reached, timed out or failed inside
    /// (5xx); the document itself may be fine.
    public var isTransient: Bool { code == .engineUnreachable || code == .engineServerError }

    /// Creates an error; `file` is usually set later by the reader that opened the file. `input` is `.route` unless
    /// said: the route importers and the shared JSON and XML readers leave it so, and the reader of every other kind
    /// of input marks what they throw with `as(_:)`.
    public init(_ code: Code, input: InputKind = .route, file: String? = nil, location: String? = nil, message: String) {
        self.input = input
        self.code = code
        self.file = file
        self.location = location
        self.message = message
    }

    /// This error with the file name filled in (kept when already set).
    public func inFile(_ name: String) -> InputError {
        var e = self
        if e.file == nil { e.file = name }
        return e
    }

    /// This error as one about `input`: what the reader of that kind applies to the errors of the shared readers
    /// (JSON, XML, the size check) it calls.
    public func `as`(_ input: InputKind) -> InputError {
        var e = self
        e.input = input
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

    /// Refuses input of `byteCount` bytes, of the kind `input`, when it is over `limit`, before anything parses it.
    public static func checkSize(_ byteCount: Int, limit: Int, input: InputKind) throws(InputError) {
        guard byteCount <= limit else {
            throw InputError(.tooLarge, input: input, message: "file is \(byteCount) bytes, over the \(limit)-byte limit")
        }
    }

    /// At most `limit` characters of a value read from a file, for quoting in a message.
    public static func excerpt(_ value: String, limit: Int = 40) -> String {
        value.count <= limit ? value : String(value.prefix(limit)) + "…"
    }
}
