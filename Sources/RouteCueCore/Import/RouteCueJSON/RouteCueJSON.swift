/// Placeholder: replaced by the real reader/writer in this same change.
public enum RouteCueJSON {
    /// Reads a parsed RouteCue JSON document.
    public static func read(_ root: JSONNode) throws(RouteImportError) -> Route {
        throw root.error("RouteCueJSON is not written yet")
    }

    /// Writes a route as RouteCue JSON.
    public static func write(_ route: Route) -> [UInt8] { [] }
}
