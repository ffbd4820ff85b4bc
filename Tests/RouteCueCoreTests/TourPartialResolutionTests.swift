import RouteCueCore
import TestSupport
import XCTest

/// A tour whose later way the routing engine could not give (issue 15: "legs already resolved keep guiding; a failed
/// leg is retried"): it is read up to the last stop before the missing way (`ImportOptions.resolvedStations`), that
/// stop is announced as a stop, not the destination, and guidance asks for the rest (`tour_continues`) with the
/// reroute back-off until an answer replaces the route and guides on to the destination.
final class TourPartialResolutionTests: XCTestCase {
    typealias F = GuidanceFixtures
    let origin = Coordinate(latitude: 52.520008, longitude: 13.404954)

    /// North 375 m to the depot, east 330 m to the customer, north 330 m to the warehouse; the engine's ways for the
    /// first two.
    private func tour() throws -> (text: String, ways: [Int: Route], full: [Coordinate]) {
        let a = TourFixtures.line(from: origin, bearing: 0, count: 16, step: 25)
        let b = TourFixtures.line(from: a.last!, bearing: 90, count: 12, step: 30)
        let c = TourFixtures.line(from: b.last!, bearing: 0, count: 12, step: 30)
        let text = "[\(TourFixtures.regular(a.last!, name: "Depot")), \(TourFixtures.regular(b.last!, name: "Kunde")), \(TourFixtures.regular(c.last!, name: "Lager"))]"
        let ways = [0: try TourFixtures.roadRoute(a), 1: try TourFixtures.roadRoute(b, name: "Ringstraße")]
        return (text, ways, a + b.dropFirst() + c.dropFirst())
    }

    private func partial() throws -> (route: Route, full: [Coordinate]) {
        let (text, ways, full) = try tour()
        let document = try RouteDocument(Array(text.utf8), name: "tour.json", options: ImportOptions())
        XCTAssertEqual(TourRouting.resolvableStations(in: document, before: 2), 2, "up to the customer")
        XCTAssertNil(TourRouting.resolvableStations(in: document, before: 0), "nothing before the first way")
        var options = ImportOptions(vehiclePosition: origin)
        options.routedLegs = ways
        options.resolvedStations = 2
        return (try RouteReader.read(Array(text.utf8), name: "tour.json", options: options), full)
    }

    func test_aTourMissingALaterWay_isReadUpToTheStopBeforeIt_withTheRestUnresolved() throws {
        let (route, _) = try partial()
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .via], "the customer is a stop, not the destination")
        XCTAssertEqual(route.waypoints.last?.name, "Kunde")
        XCTAssertEqual(route.waypoints.last?.announced, true)
        XCTAssertEqual(route.maneuvers.last?.type, .waypoint)
        XCTAssertFalse(route.maneuvers.contains { $0.type == .arrive })
        XCTAssertEqual(route.unresolvedWaypoints.map(\.role), [.destination])
        XCTAssertEqual(route.unresolvedWaypoints.map(\.name), ["Lager"])
        // A file holds a whole route: the unresolved rest is not written.
        XCTAssertTrue(try RouteCueJSON.read(RouteReader.parseJSON(RouteCueJSON.write(route))).unresolvedWaypoints.isEmpty)
    }

    func test_guidance_announcesTheLastResolvedStopAsAStop_andAsksForTheRestWithTheBackOff() throws {
        let (route, full) = try partial()
        let drive = F.drive(try TourFixtures.roadRoute(full), speed: 15)
        var requests: [(MonotonicInstant, RerouteRequest)] = []
        let run = F.run(route, drive) { request, now in
            requests.append((now, request))
            return nil
        }
        let continues = requests.filter { $0.1.reason == .tourContinues }
        XCTAssertGreaterThanOrEqual(continues.count, 2, "asked again: \(requests.map(\.1.reason))")
        XCTAssertEqual(continues.first?.1.remainingWaypoints.last?.name, "Lager")
        XCTAssertEqual(continues.first?.1.remainingWaypoints.last?.role, .destination)
        let gaps = zip(continues, continues.dropFirst()).map { $1.0.seconds(since: $0.0) }
        XCTAssertEqual(gaps, gaps.sorted(), "the back-off grows: \(gaps)")
        let texts = run.spoken.map(\.text)
        XCTAssertEqual(texts.filter { $0.contains("reached your waypoint") }, ["You have reached your waypoint, Depot", "You have reached your waypoint, Kunde"],
                       "the depot and the customer, as named stops: \(texts)")
        XCTAssertFalse(texts.contains { $0.contains("destination") }, "the customer is not the destination: \(texts)")
    }

    func test_whenTheRestComes_itReplacesTheRoute_andGuidesToTheDestination() throws {
        let (route, full) = try partial()
        let drive = F.drive(try TourFixtures.roadRoute(full), speed: 15)
        var asked = 0
        let run = F.run(route, drive) { request, _ in
            guard request.reason == .tourContinues, let position = request.position else { return nil }
            asked += 1
            // The engine answers the second request: the way from the car on to the warehouse.
            guard asked == 2 else { return nil }
            let k = full.indices.min { GeoMath.distance(full[$0], position) < GeoMath.distance(full[$1], position) } ?? 0
            return try? TourFixtures.roadRoute([position] + full[(k + 1)...], name: "Lagerweg")
        }
        XCTAssertEqual(asked, 2, "no more requests once the rest came")
        let texts = run.spoken.map(\.text)
        XCTAssertTrue(texts.contains { $0.contains("arrived at your destination") }, "\(texts)")
        XCTAssertEqual(texts.filter { $0.hasPrefix("Follow the route") || $0.hasPrefix("Head") }.count, 1, "no second departure: \(texts)")
    }
}
