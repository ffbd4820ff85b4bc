import RouteCueCore
import TestSupport
import XCTest

/// What a tour asks of a routing engine (`TourRouting.legRequests`: a way to each station without an embedded route
/// that is more than 50 m from where the tour is, with the courses the tour states), how the engine's ways take the
/// place of embedded routes (`ImportOptions.routedLegs`), and the Valhalla request each way becomes.
final class TourRoutingTests: XCTestCase {
    let berlin = Coordinate(latitude: 52.520008, longitude: 13.404954)

    private func requests(_ text: String, vehicle: Coordinate?) throws -> [TourLegRequest] {
        try TourRouting.legRequests(in: Array(text.utf8), name: "tour.json", options: ImportOptions(vehiclePosition: vehicle))
    }

    func test_legRequests_areTheGapsOver50mWithoutEmbeddedRoutes_withTheToursCourses() throws {
        let vehicle = berlin
        let depot = GeoMath.destination(from: berlin, bearing: 0, distance: 1000)
        let nearTrace = TourFixtures.line(from: GeoMath.destination(from: depot, bearing: 90, distance: 20), bearing: 90, count: 5)
        let embedded = try TourFixtures.roadRoute(TourFixtures.line(from: nearTrace.last!, bearing: 180, count: 10, step: 50))
        let customer = embedded.geometry.coordinates.last!
        let farTrace = TourFixtures.line(from: GeoMath.destination(from: customer, bearing: 180, distance: 500), bearing: 270, count: 5)
        let lastTrace = TourFixtures.line(from: GeoMath.destination(from: farTrace.last!, bearing: 270, distance: 300), bearing: 0, count: 3)
        let text = """
        [\(TourFixtures.regular(depot, name: "Depot")), \(TourFixtures.svp(nearTrace)),
         \(TourFixtures.regular(customer, name: "Kunde", route: TourFixtures.embeddable(embedded))),
         \(TourFixtures.svp(farTrace)), \(TourFixtures.svp(lastTrace))]
        """
        let legs = try requests(text, vehicle: vehicle)
        XCTAssertEqual(legs.map(\.station), [0, 3, 4], "the trace 20 m after the depot is joined straight; the customer has its route")
        XCTAssertEqual(legs.map(\.path), ["stations[0]", "stations[3]", "stations[4]"])
        XCTAssertEqual(legs.map(\.toRegularStation), [true, false, false])
        XCTAssertLessThan(GeoMath.distance(legs[0].from, vehicle), 0.01)
        XCTAssertLessThan(GeoMath.distance(legs[0].to, depot), 0.01)
        XCTAssertNil(legs[0].fromCourse)
        XCTAssertNil(legs[0].toCourse, "a regular station has no course")
        XCTAssertLessThan(GeoMath.distance(legs[1].from, customer), 0.01, "from the previous station")
        XCTAssertNil(legs[1].fromCourse, "a regular station has no course")
        XCTAssertEqual(try XCTUnwrap(legs[1].toCourse), 270, accuracy: 0.5, "arriving along the trace")
        XCTAssertEqual(try XCTUnwrap(legs[2].fromCourse), 270, accuracy: 0.5, "leaving the previous trace along its course")
        XCTAssertEqual(try XCTUnwrap(legs[2].toCourse), 0, accuracy: 0.5)

        XCTAssertEqual(try requests(text, vehicle: nil).map(\.station), [3, 4], "without a position the first station is the start")
        let osrm = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json"), encoding: .utf8)
        XCTAssertEqual(try requests(osrm, vehicle: vehicle), [], "a routed document needs nothing")
    }

    func test_theEnginesWays_takeThePlaceOfEmbeddedRoutes_withTheirProvenanceUnderTheStation() throws {
        let a = TourFixtures.line(from: berlin, bearing: 0, count: 16, step: 25)
        let first = try TourFixtures.roadRoute(a, turns: [7])
        let trace = TourFixtures.line(from: GeoMath.destination(from: a[15], bearing: 90, distance: 10), bearing: 90, count: 8)
        let b = TourFixtures.line(from: trace.last!, bearing: 90, count: 12, step: 30)
        let second = try TourFixtures.roadRoute(b, turns: [4, 8], name: "Ringstraße")
        let text = "[\(TourFixtures.regular(a.last!, name: "Depot")), \(TourFixtures.svp(trace)), \(TourFixtures.regular(b.last!, name: "Kunde"))]"
        XCTAssertNotNil(TourFixtures.error(text, vehicle: a[0]), "without the engine's ways the tour is refused")
        XCTAssertEqual(try requests(text, vehicle: a[0]).map(\.station), [0, 2])

        var options = ImportOptions(vehiclePosition: a[0])
        options.routedLegs = [0: first, 2: second]
        let route = try RouteReader.read(Array(text.utf8), name: "tour.json", options: options)
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.waypoints.map(\.role).filter { $0 != .silentVia }, [.start, .via, .destination])
        XCTAssertEqual(route.waypoints.filter { $0.role == .silentVia }.count, trace.count)
        let arrives = route.maneuvers.filter { $0.type == .arrive || $0.type == .waypoint }
        XCTAssertEqual(arrives.map(\.provenance.sourcePath), ["stations[0]", "stations[2]"])
        let ring = try XCTUnwrap(route.maneuvers.first { $0.roadName == "Ringstraße 2" })
        XCTAssertTrue(ring.provenance.sourcePath.hasPrefix("stations[2].engine."), ring.provenance.sourcePath)

        // An engine's way that ends far from its station is refused like an embedded one, naming it.
        options.routedLegs[2] = first
        XCTAssertThrowsError(try RouteReader.read(Array(text.utf8), name: "tour.json", options: options)) {
            XCTAssertTrue("\($0)".contains("stations[2].engine"), "\($0)")
        }
    }

    func test_valhallaQuery_asksForTheLegInOSRMForm_inTheGuidancesLanguageAndUnits() throws {
        let leg = TourLegRequest(station: 3, path: "stations[3]", from: Coordinate(latitude: 51.4671, longitude: 6.7568), fromCourse: 271.6,
                                 to: Coordinate(latitude: 51.47, longitude: 6.76), toCourse: nil, toRegularStation: true)
        let body = ValhallaRouteQuery(costing: "auto", language: "de-DE", units: .metric).body(for: leg)
        XCTAssertEqual(body, #"{"locations":[{"lat":51.4671,"lon":6.7568,"type":"break","heading":272,"heading_tolerance":45},"#
                       + #"{"lat":51.47,"lon":6.76,"type":"break"}],"costing":"auto","directions_options":{"language":"de-DE","units":"kilometers"},"#
                       + #""format":"osrm","voice_instructions":true,"banner_instructions":true}"#)
        XCTAssertTrue(ValhallaRouteQuery(units: .imperialUS).body(for: leg).contains(#""units":"miles""#))
        XCTAssertEqual(ValhallaRouteQuery.costing(for: .truck), "truck")
        XCTAssertEqual(ValhallaRouteQuery.costing(for: .taxi), "auto")
    }
}
