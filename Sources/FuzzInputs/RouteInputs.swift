import RouteCueCore

extension FuzzInputs {
    /// A route document of any format, detected from its content (`RouteReader.read`, as `routecue run --route`).
    @discardableResult
    public static func routeAuto(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: nil) }

    /// OSRM v5 / Mapbox Directions JSON, forced.
    @discardableResult
    public static func routeOSRM(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .osrm) }

    /// Valhalla's own JSON, forced.
    @discardableResult
    public static func routeValhalla(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .valhalla) }

    /// GraphHopper's own JSON, forced.
    @discardableResult
    public static func routeGraphHopper(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .graphhopper) }

    /// GPX 1.0/1.1 routes, turn points and tracks, forced (through `XMLReader`).
    @discardableResult
    public static func routeGPX(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .gpx) }

    /// A tour of stations, forced (no routing engine: stations without an embedded route are joined directly).
    @discardableResult
    public static func routeTour(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .tour) }

    /// RouteCue's own route JSON, forced.
    @discardableResult
    public static func routeRouteCue(_ bytes: [UInt8]) -> FuzzOutcome { route(bytes, format: .routecue) }

    /// Imports `bytes`, then checks what every importer promises: maneuvers in order along the route (`RouteBuilder`
    /// allows 1 m back), the route valid RouteCue JSON once written, and read back from it equal (RouteCue JSON is
    /// lossless).
    static func route(_ bytes: [UInt8], format: RouteFormat?) -> FuzzOutcome {
        let route: Route
        do {
            route = try RouteReader.read(bytes, name: "fuzz input", options: ImportOptions(format: format))
        } catch {
            return .rejected("\(error)")
        }
        for (previous, next) in zip(route.maneuvers, route.maneuvers.dropFirst()) {
            check(next.distanceAlong >= previous.distanceAlong - 1,
                  "maneuver \(next.index) at \(next.distanceAlong) m lies before maneuver \(previous.index) at \(previous.distanceAlong) m")
        }
        let written = RouteCueJSON.write(route)
        let back: Route
        do {
            back = try RouteCueJSON.read(RouteReader.parseJSON(written))
        } catch {
            fatalError("fuzz invariant: an imported route written as RouteCue JSON does not read back: \(error)")
        }
        var expected = route
        expected.unresolvedWaypoints = []
        check(back == expected, "an imported route read back from RouteCue JSON differs from the route written")
        return .accepted
    }
}
