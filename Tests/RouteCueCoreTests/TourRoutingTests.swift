import RouteCueCore
import TestSupport
import XCTest

/// What a tour asks of a routing engine (`TourRouting.legRequests`: a way to each station without an embedded route
/// that is more than 50 m from where the tour is, with the courses the tour states), how the engine's ways take the
/// place of embedded routes (`ImportOptions.routedLegs`), and the Valhalla request each way becomes.
final class TourRoutingTests: XCTestCase {
    let berlin = Coordinate(latitude: 52.520008, longitude: 13.404954)

    private func requests(_ text: String, vehicle: Coordinate?) throws -> [RoutingRequest] {
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
        let all = try requests(text, vehicle: vehicle)
        XCTAssertEqual(all.filter { $0.purpose != .approach }.map(\.station), [1, 3, 4], "every trace is a way of its own")
        XCTAssertTrue(all.filter { $0.purpose != .approach }.allSatisfy { $0.purpose == .traceMatch },
                      "points 20 m apart are matched to the map")
        let legs = all.filter { $0.purpose == .approach }
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

        XCTAssertEqual(try requests(text, vehicle: nil).filter { $0.purpose == .approach }.map(\.station), [3, 4],
                       "without a position the first station is the start")
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
        XCTAssertEqual(try requests(text, vehicle: a[0]).map(\.station), [0, 1, 2])

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
        let leg = RoutingRequest(station: 3, path: "stations[3]", from: Coordinate(latitude: 51.4671, longitude: 6.7568), fromCourse: 271.6,
                                 to: Coordinate(latitude: 51.47, longitude: 6.76), toCourse: nil, toRegularStation: true)
        let body = ValhallaRouteQuery(costing: "auto", language: "de-DE", units: .metric).body(for: leg)
        XCTAssertEqual(body, #"{"locations":[{"lat":51.4671,"lon":6.7568,"type":"break","heading":272,"heading_tolerance":45},"#
                       + #"{"lat":51.47,"lon":6.76,"type":"break"}],"costing":"auto","directions_options":{"language":"de-DE","units":"kilometers"},"#
                       + #""format":"osrm","voice_instructions":true,"banner_instructions":true}"#)
        XCTAssertTrue(ValhallaRouteQuery(units: .imperialUS).body(for: leg).contains(#""units":"miles""#))
        XCTAssertEqual(ValhallaRouteQuery.costing(for: .truck), "truck")
        XCTAssertEqual(ValhallaRouteQuery.costing(for: .taxi), "auto")
    }

    // MARK: - svp traces through the engine

    /// A trace of seven points 300 m apart along a road that bends (the PTV form: points kilometres or hundreds of
    /// metres apart, each with a course), between two regular stations.
    private func sparseTour() -> (text: String, trace: [Coordinate], vehicle: Coordinate, depot: Coordinate, customer: Coordinate) {
        let vehicle = berlin
        let depot = GeoMath.destination(from: berlin, bearing: 0, distance: 600)
        let trace = TourFixtures.line(from: GeoMath.destination(from: depot, bearing: 0, distance: 400), bearing: 0, count: 4, step: 300)
            + TourFixtures.line(from: GeoMath.destination(from: depot, bearing: 0, distance: 1300), bearing: 90, count: 4, step: 300).dropFirst()
        let customer = GeoMath.destination(from: trace.last!, bearing: 90, distance: 800)
        let text = "[\(TourFixtures.regular(depot, name: "Depot")), \(TourFixtures.svp(trace)), \(TourFixtures.regular(customer, name: "Kunde"))]"
        return (text, trace, vehicle, depot, customer)
    }

    func test_aSparseTrace_isRoutedThroughItsPoints_withTheirCoursesAsHeadings() throws {
        let tour = sparseTour()
        let legs = try requests(tour.text, vehicle: tour.vehicle)
        XCTAssertEqual(legs.map(\.purpose), [.approach, .approach, .traceThrough, .approach])
        XCTAssertEqual(legs.map(\.station), [0, 1, 1, 2])
        let trace = legs[2]
        XCTAssertEqual(trace.points.count, 7)
        XCTAssertLessThan(GeoMath.distance(trace.from, tour.trace[0]), 0.01)
        XCTAssertLessThan(GeoMath.distance(trace.to, tour.trace[6]), 0.01)
        XCTAssertEqual(try XCTUnwrap(trace.points[1].course), 0, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(trace.points[4].course), 90, accuracy: 0.5)

        let query = ValhallaRouteQuery(language: "de-DE")
        XCTAssertEqual(query.path(for: trace), "/route")
        let body = try RouteReader.parseJSON(Array(query.body(for: trace).utf8))
        let locations = try XCTUnwrap(try body["locations"]?.array())
        XCTAssertEqual(try locations.map { try $0.require("type").string() }, ["break"] + Array(repeating: "through", count: 5) + ["break"],
                       "only the trace's ends stop: the points between are passed")
        XCTAssertEqual(try locations.map { try $0.require("heading").double() }, [0, 0, 0, 90, 90, 90, 90],
                       "each point is passed along its course (north 0°, clockwise, as the tour states it)")
        XCTAssertEqual(try body["format"]?.string(), "osrm")
        XCTAssertEqual(try body["directions_options"]?["language"]?.string(), "de-DE")
    }

    func test_aDenseTrace_isMatchedToTheMapAsAShape() throws {
        let points = TourFixtures.line(from: berlin, bearing: 90, count: 12, step: 25)
        let legs = try requests("[\(TourFixtures.svp(points))]", vehicle: nil)
        let trace = try XCTUnwrap(legs.first)
        XCTAssertEqual(legs.count, 1)
        XCTAssertEqual(trace.purpose, .traceMatch)
        let query = ValhallaRouteQuery()
        XCTAssertEqual(query.path(for: trace), "/trace_route")
        let body = try RouteReader.parseJSON(Array(query.body(for: trace).utf8))
        XCTAssertEqual(try body["shape"]?.array().count, 12)
        XCTAssertEqual(try body["shape_match"]?.string(), "map_snap")
        XCTAssertNil(body["locations"])
        XCTAssertEqual(try body["format"]?.string(), "osrm")
    }

    func test_theEnginesWayAlongATrace_replacesTheStraightLines_withItsManeuvers_andSilentPointsWhereItPassesThem() throws {
        let tour = sparseTour()
        // The engine's ways: to the depot, from the depot to the trace, along the trace (a road 15 m east of the
        // points, with a named turn at the bend), and on to the customer.
        let toDepot = try TourFixtures.roadRoute(TourFixtures.line(from: tour.vehicle, bearing: 0, count: 13, step: 50))
        let toTrace = try TourFixtures.roadRoute(TourFixtures.line(from: tour.depot, bearing: 0, count: 9, step: 50))
        // (15 m to the right of the trace: east of its northbound part, south of its eastbound part.)
        let road = TourFixtures.line(from: tour.trace[0], bearing: 0, count: 19, step: 50).map { GeoMath.destination(from: $0, bearing: 90, distance: 15) }
            + TourFixtures.line(from: tour.trace[3], bearing: 90, count: 19, step: 50).dropFirst().map { GeoMath.destination(from: $0, bearing: 180, distance: 15) }
        let alongTrace = try TourFixtures.roadRoute(road, turns: [18], name: "Ringstraße")
        let toCustomer = try TourFixtures.roadRoute(TourFixtures.line(from: tour.trace[6], bearing: 90, count: 17, step: 50))
        var options = ImportOptions(vehiclePosition: tour.vehicle)
        options.routedLegs = [0: toDepot, 1: toTrace, 2: toCustomer]
        let straight = try RouteReader.read(Array(tour.text.utf8), name: "tour.json", options: options)
        options.routedTraces = [1: alongTrace]
        let route = try RouteReader.read(Array(tour.text.utf8), name: "tour.json", options: options)

        XCTAssertEqual(route.legs.count, 2)
        let ring = route.maneuvers.filter { $0.type == .turn && $0.roadName == "Ringstraße 1" }
        XCTAssertEqual(ring.count, 1, "the engine's turn at the bend: \(route.maneuvers.map { "\($0.type) \($0.roadName ?? "-") \($0.provenance.sourcePath) \(Int($0.distanceAlong))" })")
        XCTAssertTrue(ring[0].provenance.sourcePath.hasPrefix("stations[1].engine."), ring[0].provenance.sourcePath)
        XCTAssertFalse(route.maneuvers.contains { $0.provenance.kind == .derived }, "nothing derived from the trace's own points")
        XCTAssertTrue(straight.maneuvers.contains { $0.provenance.kind == .derived }, "straight lines get derived maneuvers")
        for type in [ManeuverType.depart, .waypoint, .arrive] {
            XCTAssertEqual(route.maneuvers.filter { $0.type == type }.count, straight.maneuvers.filter { $0.type == type }.count,
                           "the legs start and end as without the engine's way: \(type)")
        }

        let vias = route.waypoints.filter { $0.role == .silentVia }
        XCTAssertEqual(vias.count, 7)
        XCTAssertTrue(vias.allSatisfy { !$0.announced })
        let along = route.waypoints.map(\.distanceAlong)
        XCTAssertEqual(along, along.sorted(), "waypoints in travel order")
        for (k, via) in vias.enumerated() {
            // Where the way passes the point: 15 m from it, on the routed geometry.
            let passing = route.geometry.coordinate(atDistance: via.distanceAlong)
            XCTAssertEqual(GeoMath.distance(passing, tour.trace[k]), 15, accuracy: 2, "point \(k)")
        }
        XCTAssertEqual(vias[1].distanceAlong - vias[0].distanceAlong, 300, accuracy: 2)
    }

    func test_aRoutedTraceThatEndsTheTour_arrivesWithTheEnginesArrival() throws {
        let trace = TourFixtures.line(from: berlin, bearing: 90, count: 6, step: 200)
        let way = try TourFixtures.roadRoute(TourFixtures.line(from: berlin, bearing: 90, count: 21, step: 50), turns: [10], name: "Weg")
        var options = ImportOptions()
        options.routedTraces = [0: way]
        let route = try RouteReader.read(Array("[\(TourFixtures.svp(trace))]".utf8), name: "tour.json", options: options)
        XCTAssertEqual(route.maneuvers.first?.type, .depart)
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        XCTAssertEqual(route.maneuvers.filter { $0.type == .arrive }.count, 1)
        XCTAssertEqual(route.waypoints.last?.role, .destination)
        XCTAssertEqual(route.waypoints.filter { $0.role == .silentVia }.count, 5)
        XCTAssertEqual(route.length, 1000, accuracy: 1)
    }
}
