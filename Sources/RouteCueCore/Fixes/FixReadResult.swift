/// What a fix reader produced: the fixes in file order, and what it skipped or noticed on the way.
public struct FixReadResult: Sendable, Equatable {
    /// The format the fixes were read as.
    public var format: FixFormat
    /// The fixes, in file order (never reordered, even when fix time goes backwards).
    public var fixes: [Fix]
    /// Lines skipped and irregularities noticed, in file order.
    public var diagnostics: [FixDiagnostic]

    /// Creates a result.
    public init(format: FixFormat, fixes: [Fix], diagnostics: [FixDiagnostic]) {
        self.format = format
        self.fixes = fixes
        self.diagnostics = diagnostics
    }

    /// The diagnostics for lines that were skipped.
    public var skippedLines: [FixDiagnostic] { diagnostics.filter { $0.kind == .skippedLine } }
}

/// A recorded-fix file format.
public enum FixFormat: String, Sendable, Equatable, Codable, CaseIterable {
    /// NMEA 0183 sentences, as gpsd logs and receiver captures hold them.
    case nmea
    /// gpsd JSON reports, one per line, as `gpspipe -w` prints them (TPV lines are read).
    case gpsdJSON = "gpsd-json"
    /// A GPX track (`trk`/`trkseg`/`trkpt` with `time`).
    case gpx
}

/// One line a reader skipped, or something it noticed there. Its description reads `line N: reason`.
public struct FixDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number in the file.
    public var line: Int
    /// What happened.
    public var kind: Kind
    /// Why, in words.
    public var reason: String

    /// Creates a diagnostic.
    public init(line: Int, kind: Kind, reason: String) {
        self.line = line
        self.kind = kind
        self.reason = reason
    }

    /// The kinds of diagnostics.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The line was not used (bad checksum, truncated, malformed field…).
        case skippedLine
        /// The fix on this line is earlier than the one before it; it is kept, in file order.
        case timeWentBackwards
        /// The receiver restarted here (a start-up banner).
        case receiverRestart
        /// The fix times cannot be placed in UTC (no date anywhere).
        case timeUnknown
    }

    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
}
