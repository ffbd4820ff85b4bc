/// RouteCue's own route format: a JSON document that holds everything a `Route` holds, so that a route
/// read from any format can be written, read back and compared equal. Described in `docs/route-format.md`.
public enum RouteCueJSON {
    /// The format version this code writes and reads (`"routecue_route": 1`).
    public static let version = 1

    /// The top-level key that marks a RouteCue JSON document and holds its format version.
    public static let versionKey = "routecue_route"

    /// Reads a parsed RouteCue JSON document, re-validating every invariant a `Route` promises.
    public static func read(_ root: JSONNode) throws(InputError) -> Route {
        try RouteCueJSONReader.route(root)
    }

    /// Writes `route` as pretty-printed UTF-8 JSON with a fixed key order (see `docs/route-format.md`).
    public static func write(_ route: Route) -> [UInt8] {
        JSONTextWriter.bytes(RouteCueJSONWriter.document(route))
    }
}
