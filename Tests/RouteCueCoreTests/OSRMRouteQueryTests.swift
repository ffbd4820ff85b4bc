import RouteCueCore
import XCTest

/// The OSRM HTTP API requests (`OSRMRouteQuery`): the service and profile from the URL a user copies, coordinates as
/// `lon,lat` in the path, bearings where the way states a course, the points between first and last passed without a
/// stop, `/match/v1` for a line to match, nothing for traffic signals.
final class OSRMRouteQueryTests: XCTestCase {
    let a = Coordinate(latitude: 51.4671, longitude: 6.7568)
    let b = Coordinate(latitude: 51.47, longitude: 6.76)
    let c = Coordinate(latitude: 51.4725, longitude: 6.7612345678)

    func test_theServiceAndProfile_comeFromTheURLsPath() {
        XCTAssertEqual(OSRMRouteQuery.parse(basePath: "/route/v1/driving")?.profile, "driving")
        XCTAssertEqual(OSRMRouteQuery.parse(basePath: "/route/v1/driving")?.prefix, "")
        XCTAssertEqual(OSRMRouteQuery.parse(basePath: "/osrm/route/v1/car")?.profile, "car")
        XCTAssertEqual(OSRMRouteQuery.parse(basePath: "/osrm/route/v1/car")?.prefix, "/osrm")
        XCTAssertEqual(OSRMRouteQuery.parse(basePath: "/route/v1")?.profile, "driving")
        XCTAssertNil(OSRMRouteQuery.parse(basePath: ""), "a Valhalla URL")
        XCTAssertNil(OSRMRouteQuery.parse(basePath: "/valhalla"))
        XCTAssertEqual(OSRMRouteQuery.profile(for: .bicycle), "cycling")
        XCTAssertEqual(OSRMRouteQuery.number(6.7612345678), "6.761235")
        XCTAssertEqual(OSRMRouteQuery.number(-0.5), "-0.5")
        XCTAssertEqual(OSRMRouteQuery.number(7), "7")
    }

    func test_eachWay_isItsGETPath() {
        let query = OSRMRouteQuery(profile: "driving")
        let approach = RoutingRequest(station: 1, path: "stations[1]", from: a, fromCourse: 359.6, to: b, toCourse: nil, toRegularStation: true)
        XCTAssertEqual(query.path(for: approach),
                       "/route/v1/driving/6.7568,51.4671;6.76,51.47?steps=true&overview=full&geometries=polyline6&bearings=0,45;")
        let plain = RoutingRequest(station: 1, path: "stations[1]", from: a, fromCourse: nil, to: b, toCourse: nil, toRegularStation: true)
        XCTAssertEqual(query.path(for: plain), "/route/v1/driving/6.7568,51.4671;6.76,51.47?steps=true&overview=full&geometries=polyline6")

        let line = RoutingRequest(matching: [a, b, c], leg: 0, path: "legs[0] from 0.0 km")
        XCTAssertEqual(query.path(for: line),
                       "/match/v1/driving/6.7568,51.4671;6.76,51.47;6.761235,51.4725?steps=true&overview=full&geometries=polyline6&waypoints=0;2&tidy=true")
        XCTAssertNil(query.path(for: RoutingRequest(signalsAlong: [a, b], path: "traffic signals")), "no signal attributes in OSRM")
    }
}
