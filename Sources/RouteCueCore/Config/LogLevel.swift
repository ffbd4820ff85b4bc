/// How much a log line matters, most severe first, and how much the daemon logs (`logging.level`, `--log-level`):
/// lines less severe than the level in force are not written.
public enum LogLevel: String, Sendable, Equatable, Comparable, CaseIterable, CustomStringConvertible {
    case error, warning, info, debug

    /// The sd-daemon priority: 3, 4, 6, 7.
    public var priority: Int {
        switch self {
        case .error: 3
        case .warning: 4
        case .info: 6
        case .debug: 7
        }
    }

    /// More severe first: `error < warning < info < debug`.
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.priority < b.priority }

    /// `error`, `warning`, `info`, `debug`.
    public var description: String { rawValue }
}
