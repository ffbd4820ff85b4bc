/// A route document read once: its size checked, JSON parsed under the options' limits (GPX is kept as bytes) and its
/// format detected or forced. Every import goes through it (`RouteReader.read`); the routing engine's paths keep it to look at it more
/// than once (what a tour needs from the engine, the import itself, again for a tour read only up to a stop).
public struct RouteDocument: Sendable {
    /// The bytes.
    public let bytes: [UInt8]
    /// The name errors give it.
    public let name: String
    /// The parsed JSON, nil for XML (GPX).
    public let json: JSONNode?
    /// Its format.
    public let format: RouteFormat

    /// Reads `bytes` (named `name`) under `options`' size limit and forced format.
    public init(_ bytes: [UInt8], name: String, options: ImportOptions) throws(InputError) {
        do throws(InputError) {
            try InputError.checkSize(bytes.count, limit: options.maxBytes, input: .route)
            self.bytes = bytes
            self.name = name
            let xml: Bool
            if let forced = options.format { xml = forced == .gpx } else { xml = try RouteReader.startsAsXML(bytes) }
            if xml {
                json = nil
                format = .gpx
            } else {
                let root = try RouteReader.parseJSON(bytes, limits: options.limits)
                json = root
                if let forced = options.format { format = forced } else { format = try RouteReader.detectFormat(json: root) }
            }
        } catch {
            throw error.inFile(name)
        }
    }

    /// The route, read with `options` (whose routed ways, station limit and limits apply; its format is the
    /// document's).
    public func read(options: ImportOptions) throws(InputError) -> Route {
        var route: Route
        do throws(InputError) {
            if let json {
                route = try RouteReader.read(json: json, format: format, options: options)
            } else {
                route = try GPXRouteImporter.read(bytes, options: options)
            }
            // Every format's route, however it was built (RouteCue JSON is read as written, a tour from its pieces).
            try options.limits.checkRoute(points: route.geometry.count, maneuvers: route.maneuvers.count)
        } catch {
            throw error.inFile(name)
        }
        if let region = options.regionLanguage { route.fillNameLanguage(region) }
        return route
    }
}
