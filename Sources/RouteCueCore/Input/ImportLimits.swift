/// The limits every reader of an outside document obeys (route files and tours, D-Bus documents, the routing
/// engine's answers, recorded fixes), so that a broken or hostile input gets a clear `too_large` error naming the
/// limit instead of exhausting the stack, the memory or the CPU. Below them each reader's time is linear in its
/// input (`make bench-readers`). The configuration's `import` section sets them (docs/limits.md).
public struct ImportLimits: Sendable, Equatable {
    /// The default of `maxFileBytes`: 64 MB.
    public static let defaultMaxFileBytes = 64 * 1024 * 1024
    /// The default of `maxDepth`: real routes need 13 levels (JSON) and 5 (GPX).
    public static let defaultMaxDepth = 128
    /// The default of `maxStringBytes`: 1 MB (the longest string of the test data, a polyline, is 107,500 bytes).
    public static let defaultMaxStringBytes = 1 << 20
    /// The default of `maxPoints` (the longest real route of the test data has 80,312).
    public static let defaultMaxPoints = 1_000_000
    /// The default of `maxManeuvers`.
    public static let defaultMaxManeuvers = 100_000
    /// The default of `maxNMEALineBytes` (NMEA 0183 allows 82 characters; gpsd's logs hold lines up to 136).
    public static let defaultMaxNMEALineBytes = 1024

    /// Files larger than this many bytes are refused before parsing (`import.max_file_bytes`).
    public var maxFileBytes = ImportLimits.defaultMaxFileBytes
    /// The deepest nesting of JSON arrays and objects, and of XML elements (`import.max_depth`).
    public var maxDepth = ImportLimits.defaultMaxDepth
    /// The longest JSON string, key or number, XML name, attribute value or text run, in bytes
    /// (`import.max_string_bytes`).
    public var maxStringBytes = ImportLimits.defaultMaxStringBytes
    /// The most points a route's geometry may have, all legs together (`import.max_points`).
    public var maxPoints = ImportLimits.defaultMaxPoints
    /// The most maneuvers a route may have, given or derived (`import.max_maneuvers`).
    public var maxManeuvers = ImportLimits.defaultMaxManeuvers
    /// The longest line of an NMEA log read; a longer one is skipped with a diagnostic (`import.max_nmea_line_bytes`).
    public var maxNMEALineBytes = ImportLimits.defaultMaxNMEALineBytes

    /// The defaults.
    public init() {}

    /// The range the configuration accepts for `maxDepth`: the JSON reader recurses once per level, and 1000 levels
    /// stay far within a thread's stack.
    public static let depthRange = 16...1000

    /// Refuses a route of `points` points and `maneuvers` maneuvers when it is over `maxPoints` or `maxManeuvers`;
    /// `location` says where the route is in its document.
    public func checkRoute(points: Int, maneuvers: Int, location: String? = nil) throws(InputError) {
        guard points <= maxPoints else {
            throw InputError(.tooLarge, location: location,
                             message: "the route has \(points) points, over the limit of \(maxPoints) (import.max_points)")
        }
        guard maneuvers <= maxManeuvers else {
            throw InputError(.tooLarge, location: location,
                             message: "the route has \(maneuvers) maneuvers, over the limit of \(maxManeuvers) (import.max_maneuvers)")
        }
    }
}
