/// The guidance journal: what RouteCue keeps in its state directory while it guides, so that guidance survives a
/// power loss (docs/journal.md). The route itself is a separate file in RouteCue JSON (`routeFile`, written once
/// per route); this record is small and rewritten as guidance goes on.
public struct GuidanceJournal: Sendable, Equatable {
    /// The format version this code writes and reads (`"routecue_journal": 1`).
    public static let version = 1
    /// The top-level key that marks a journal and holds its format version.
    public static let versionKey = "routecue_journal"
    /// The journal's file name in the state directory.
    public static let fileName = "journal.json"
    /// The largest journal read (the route is a separate file).
    public static let maxBytes = 1 << 20

    /// A value the UI set (SetOptions, PromptStyle): a string, a boolean or a list of strings.
    public enum OptionValue: Sendable, Equatable {
        /// A string option (`language`, `units`, …).
        case string(String)
        /// A boolean option (`markup`, …).
        case bool(Bool)
        /// A list option (`included_stages`).
        case strings([String])
    }

    /// When it was written (seconds since 1970, UTC).
    public var savedAt: Double
    /// The route's file name in the state directory.
    public var routeFile: String
    /// The route file's size and checksum (`JournalChecksum`): a route file that does not match is not resumed.
    public var routeBytes: Int
    /// The route file's FNV-1a 64 checksum, 16 hex digits.
    public var routeChecksum: String
    /// Where the route came from (a path, "the D-Bus document"), for the log.
    public var routeSource: String
    /// The destination's name, for "Continuing to …" and the UI's offer.
    public var destination: String?
    /// The options the UI set, by their D-Bus names (`language`, `units`, `transport_mode`, `included_stages`,
    /// `prompt_style`, …): put in force again on resuming.
    public var options: [String: OptionValue]
    /// Where guidance was and what it had said.
    public var progress: JournalProgress

    /// A journal record.
    public init(savedAt: Double, routeFile: String, routeBytes: Int, routeChecksum: String, routeSource: String,
                destination: String?, options: [String: OptionValue], progress: JournalProgress) {
        self.savedAt = savedAt
        self.routeFile = routeFile
        self.routeBytes = routeBytes
        self.routeChecksum = routeChecksum
        self.routeSource = routeSource
        self.destination = destination
        self.options = options
        self.progress = progress
    }

    /// The route file's name for route bytes with `checksum`: one file per route, so a new route never overwrites the
    /// file the journal on disk still names.
    public static func routeFileName(checksum: String) -> String { "journal-route-\(checksum).json" }
}

/// FNV-1a, 64 bits: the journal's check that its route file is the one it was written with (not a security hash).
public enum JournalChecksum {
    /// The checksum of `bytes` as 16 lowercase hex digits.
    public static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
