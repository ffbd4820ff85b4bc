/// A route document embedded in a tour station (`"route": { … }`): routed geometry leading to the station.
/// It is read as a document of its own (any supported JSON format, detected from its content), and every
/// key path that comes out of it, in errors and in provenance, is prefixed with `stations[i].route`.
struct EmbeddedRoute {
    /// The embedded document, read.
    var route: Route
    /// The prefix of its key paths (`stations[2].route`).
    var prefix: String

    /// Reads the document at `node` (a station's `route` member).
    static func read(_ node: JSONNode, options: ImportOptions) throws(InputError) -> EmbeddedRoute {
        let prefix = node.path
        let root = JSONNode(node.value, path: "")
        do throws(InputError) {
            let format = try RouteReader.detectFormat(json: root)
            guard format != .tour else { throw root.error(.unsupported, "an embedded route cannot itself be a tour") }
            let route = try RouteReader.read(json: root, format: format, options: ImportOptions(limits: options.limits))
            return EmbeddedRoute(route: route, prefix: prefix)
        } catch {
            var e = error
            e.location = prefixed(e.location.map { $0 == "(root)" ? "" : $0 } ?? "", with: prefix)
            throw e
        }
    }

    /// `path` inside the embedded document, as a path in the tour (`stations[2].route.trip.legs[0]`).
    func path(_ path: String) -> String { Self.prefixed(path, with: prefix) }

    private static func prefixed(_ path: String, with prefix: String) -> String {
        if path.isEmpty { return prefix }
        if path.hasPrefix("[") { return prefix + path }
        if path.hasPrefix("line ") { return "\(prefix) (\(path))" }
        return prefix + "." + path
    }
}
