import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// A reroute request as the tour the routing engine is asked for (`RerouteTour`): the stops still ahead as named
/// `regular` stations, each run of silent via points as one `svp` trace with its courses, the first way from the car's
/// position heading its course; and the request carries the silent via points the car has not passed yet.
final class RerouteTourTests: XCTestCase {
    let car = Coordinate(latitude: 52.52, longitude: 13.40)

    private func waypoint(_ bearing: Double, _ distance: Double, _ role: Waypoint.Role, name: String? = nil, course: Double? = nil) -> Waypoint {
        var w = Waypoint(name: name, location: GeoMath.destination(from: car, bearing: bearing, distance: distance), role: role)
        w.course = course
        return w
    }

    func test_theRemainingWaypoints_becomeStations_silentRunsAsTraces_theFirstWayHeadingTheCarsCourse() throws {
        let remaining = [waypoint(0, 400, .silentVia, course: 0), waypoint(0, 700, .silentVia, course: 10),
                         waypoint(20, 1500, .via, name: "Kunde"), waypoint(40, 2500, .silentVia, course: 90),
                         waypoint(45, 3500, .destination, name: "Depot")]
        let request = RerouteRequest(reason: .offRoute, position: car, course: 185, remainingWaypoints: remaining, attempt: 1)
        let bytes = try XCTUnwrap(RerouteTour.document(for: request))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\"srs\":\"EPSG:4326\""), text)
        XCTAssertTrue(text.contains("\"name\":\"Kunde\"") && text.contains("\"name\":\"Depot\""), text)

        let options = RerouteTour.options(for: request, base: ImportOptions(maxBytes: 1_000_000))
        XCTAssertEqual(options.maxBytes, 1_000_000)
        let legs = try TourRouting.legRequests(in: bytes, name: "reroute", options: options)
        XCTAssertEqual(legs.map(\.purpose), [.approach, .traceThrough, .approach, .approach, .approach],
                       "to the trace, along it, to the stop, to the one-point trace, to the destination")
        XCTAssertEqual(legs.map(\.station), [0, 0, 1, 2, 3])
        XCTAssertLessThan(GeoMath.distance(legs[0].from, car), 0.01, "from the car")
        XCTAssertEqual(legs[0].fromCourse, 185, "heading where the car heads")
        XCTAssertEqual(legs[0].toCourse, 0)
        XCTAssertEqual(legs[1].points.map(\.course), [0, 10], "the trace's courses")
        XCTAssertEqual(legs[3].toCourse, 90)
        XCTAssertEqual(legs.map(\.toRegularStation), [false, false, true, false, true])
    }

    func test_nothingToRoute_withoutAPositionOrWaypoints() {
        XCTAssertNil(RerouteTour.document(for: RerouteRequest(reason: .offRoute, position: nil, course: nil,
                                                             remainingWaypoints: [waypoint(0, 500, .destination)], attempt: 1)))
        XCTAssertNil(RerouteTour.document(for: RerouteRequest(reason: .offRoute, position: car, course: nil,
                                                             remainingWaypoints: [], attempt: 1)))
    }

    func test_aRerouteRequest_carriesTheSilentViaPointsNotYetPassed() throws {
        // Planned: 1500 m east, then left, with silent via points at 500 m (passed) and 2000 m (after the turn, never
        // reached). Driven: straight on past the turn.
        var planned = try F.makeRoute(turns: [.left], spacing: 1500, tail: 1000, roadClass: "primary")
        for along in [500.0, 2000.0] {
            var w = Waypoint(location: planned.geometry.coordinate(atDistance: along), role: .silentVia)
            w.distanceAlong = along
            planned.waypoints.insert(w, at: planned.waypoints.count - 1)
        }
        let driven = try F.makeRoute(turns: [.left], spacing: 2300, tail: 1000, roadClass: "primary")
        let run = F.run(planned, F.drive(driven, speed: 15))
        let request = try XCTUnwrap(run.result.reroutes.first?.request)
        XCTAssertEqual(request.remainingWaypoints.map(\.role), [.silentVia, .destination])
        XCTAssertEqual(request.remainingWaypoints.first?.distanceAlong, 2000)
    }

    func test_skippingAStop_dropsTheSilentViaPointsOnTheWayToIt() throws {
        // Two legs (a stop at 1500 m), silent via points at 800 m (before the stop) and 2200 m (after it).
        let route = try F.makeRoute(turns: [.left, .right], spacing: 1000, legEnds: [1500], silentVia: [800, 2200])
        var d = GraphHopperNavigationDrive(route: route)
        _ = d.driveAlongRoute(from: 0, to: 300, speed: 14, start: 0)
        d.skipToNextDestination()
        let request = try XCTUnwrap(d.reroutes.first?.request)
        XCTAssertEqual(request.reason, .waypointSkipped)
        XCTAssertEqual(request.remainingWaypoints.map(\.role), [.silentVia, .destination], "from the car past the skipped stop")
        XCTAssertEqual(try XCTUnwrap(request.remainingWaypoints.first?.distanceAlong), 2200, accuracy: 1)
    }
}
