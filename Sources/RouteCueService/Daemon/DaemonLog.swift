import EventLoopKit
import Glibc
import RouteCueCore

/// The daemon's log: one line per event worth reading on standard error. Under systemd (`JOURNAL_STREAM` names the
/// stream standard error is, as systemd sets it) each line starts with its sd-daemon priority (`<3>` error,
/// `<4>` warning, `<6>` info, `<7>` debug), so the journal keeps the severity; lines below the configured level
/// are not written.
public final class DaemonLog: Sendable {
    /// How much a line matters (the configuration's `LogLevel`, with its sd-daemon priority).
    public typealias Severity = LogLevel

    private let state: LockedValue<(level: Severity, lines: [String]?)>
    /// Whether lines carry their priority prefix.
    public let journalPrefixes: Bool
    private let descriptor: Int32

    /// A log on `descriptor` (standard error) writing lines up to `level`; prefixes follow `environment`'s
    /// `JOURNAL_STREAM` unless `journal` says otherwise. `keepLines` also keeps every line written (for tests).
    public init(level: Severity = .info, descriptor: Int32 = 2, environment: [String: String] = ProcessEnvironment.variables(),
                journal: Bool? = nil, keepLines: Bool = false) {
        self.descriptor = descriptor
        journalPrefixes = journal ?? Self.isJournalStream(environment["JOURNAL_STREAM"], descriptor: descriptor)
        state = LockedValue((level, keepLines ? [] : nil))
    }

    /// The level in force.
    public var level: Severity {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// Writes `message` (kept to one line) at `severity`, unless it is below the level.
    public func log(_ severity: Severity, _ message: String) {
        let text = Self.oneLine(message)
        let line = (journalPrefixes ? "<\(severity.priority)>" : "") + "routecue: " + text + "\n"
        let write = state.withLock { state -> Bool in
            guard severity <= state.level else { return false }
            state.lines?.append(line)
            return true
        }
        guard write else { return }
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue } else { return } }
            offset += n
        }
    }

    public func error(_ message: String) { log(.error, message) }
    public func warning(_ message: String) { log(.warning, message) }
    public func info(_ message: String) { log(.info, message) }
    public func debug(_ message: String) { log(.debug, message) }

    /// Writes `message` at `severity` as `filter` decides at `seconds`: a warning starts or keeps an episode of trouble,
    /// in which a repeated kind of line is written at debug level only (`RepeatedTroubleFilter`).
    public func log(_ severity: Severity, _ message: String, through filter: inout RepeatedTroubleFilter, at seconds: Double) {
        switch filter.admit(message, trouble: severity <= .warning, at: seconds) {
        case .write: log(severity, message)
        case .repeated: debug(message)
        }
    }

    /// The lines written so far, when kept.
    public var lines: [String] { state.withLock { $0.lines ?? [] } }

    /// True when `journalStream` ("DEVICE:INODE", as systemd sets it) is the stream `descriptor` is.
    static func isJournalStream(_ journalStream: String?, descriptor: Int32) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    private static func oneLine(_ message: String) -> String {
        String(message.map { $0.isNewline ? " " : $0 })
    }
}
