import RouteCueCore
import XCTest

/// Builders for tour documents and for small routed documents to embed in them.
enum TourFixtures {
    /// Points `step` metres apart from `start`, `count` of them along `bearing` (geographic degrees).
    static func line(from start: Coordinate, bearing: Double, count: Int, step: Double = 20) -> [Coordinate] {
        (0..<count).map { GeoMath.destination(from: start, bearing: bearing, distance: Double($0) * step) }
    }

    /// A routed road route along `points` as an OSRM-like importer would produce it: a depart, a turn at
    /// each of `turns` (point indexes) onto a named road, an arrive; read back from RouteCue JSON bytes.
    static func roadRoute(_ points: [Coordinate], turns: [Int] = [], name: String = "Hauptstraße") throws -> Route {
        var builder = RouteBuilder(source: RouteSource(format: .osrm))
        var maneuvers: [(Maneuver, RouteBuilder.Placement)] = []
        var depart = Maneuver(type: .depart, location: points[0],
                              provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: 0, sourcePath: "routes[0].legs[0].steps[0]"))
        depart.roadName = name
        maneuvers.append((depart, .legIndex(0)))
        for (k, i) in turns.enumerated() {
            var m = Maneuver(type: .turn, modifier: .right, location: points[i],
                             provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: k + 1, sourcePath: "routes[0].legs[0].steps[\(k + 1)]"))
            m.roadName = "\(name) \(k + 1)"
            m.ref = "B \(k + 1)"
            m.instruction = "Turn right onto \(name) \(k + 1)"
            m.announcements = [SourceAnnouncement(kind: "voice", text: "Turn right", ssml: "<speak>Turn right</speak>", distanceAlong: 5)]
            maneuvers.append((m, .legIndex(i)))
        }
        var arrive = Maneuver(type: .arrive, location: points[points.count - 1],
                              provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: turns.count + 1,
                                                     sourcePath: "routes[0].legs[0].steps[\(turns.count + 1)]"))
        arrive.instruction = "You have arrived"
        maneuvers.append((arrive, .legIndex(points.count - 1)))
        builder.addLeg(coordinates: points, maneuvers: maneuvers, path: "routes[0].legs[0]")
        builder.addWaypoint(Waypoint(location: points[0], role: .start))
        var end = Waypoint(location: points[points.count - 1], role: .destination)
        end.legEnding = 0
        builder.addWaypoint(end)
        return try builder.build()
    }

    /// The route as an embeddable JSON text (RouteCue JSON).
    static func embeddable(_ route: Route) -> String {
        String(decoding: RouteCueJSON.write(route), as: UTF8.self)
    }

    /// `{"x":…,"y":…}` in PTV Mercator metres, a tour's default (with a course when given).
    static func mercatorPoint(_ c: Coordinate, course: Double? = nil) -> String {
        let p = Mercator.project(c, radius: Mercator.ptvRadius)
        if let course { return "{\"x\": \(p.x), \"y\": \(p.y), \"course\": \(course)}" }
        return "{\"x\": \(p.x), \"y\": \(p.y)}"
    }

    /// An svp station over `points`, courses taken from the direction to the next point.
    static func svp(_ points: [Coordinate], courses: Bool = true, route: String? = nil) -> String {
        var items: [String] = []
        for (i, p) in points.enumerated() {
            let next = i + 1 < points.count ? points[i + 1] : nil
            let previous = i > 0 ? points[i - 1] : p
            let course = next.map { GeoMath.bearing(from: p, to: $0) } ?? GeoMath.bearing(from: previous, to: p)
            items.append(mercatorPoint(p, course: courses ? course : nil))
        }
        let embedded = route.map { ", \"route\": \($0)" } ?? ""
        return "{\"type\": \"svp\", \"points\": [\(items.joined(separator: ", "))]\(embedded)}"
    }

    /// A regular station at `point`, with an embedded route document when given.
    static func regular(_ point: Coordinate, name: String? = nil, route: String? = nil) -> String {
        let embedded = route.map { ", \"route\": \($0)" } ?? ""
        let named = name.map { ", \"name\": \"\($0)\"" } ?? ""
        return "{\"type\": \"regular\", \"point\": \(mercatorPoint(point))\(named)\(embedded)}"
    }

    /// Reads a tour text the way `routecue` would.
    static func read(_ text: String, vehicle: Coordinate? = nil) throws(InputError) -> Route {
        try RouteReader.read(Array(text.utf8), name: "tour.json", options: ImportOptions(vehiclePosition: vehicle))
    }

    /// The input error a tour text raises, or a test failure when it reads.
    static func error(_ text: String, vehicle: Coordinate? = nil, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            _ = try read(text, vehicle: vehicle)
            XCTFail("tour was accepted", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
