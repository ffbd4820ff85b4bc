import RouteCueCore
import XCTest

/// Bad OSRM documents end in one clear `InputError` naming the file and the key path; none traps.
final class OSRMImportBadInputTests: XCTestCase {
    typealias F = OSRMImportFixture

    /// Reads `json` and returns the error it must raise.
    func failure(_ json: String, options: ImportOptions = ImportOptions(), file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            _ = try F.read(json, options: options)
            XCTFail("expected an input error", file: file, line: line)
            return nil
        } catch {
            print("bad input -> \(error)")
            XCTAssertEqual(error.file, "test.json", file: file, line: line)
            return error
        }
    }

    func assertFails(_ json: String, at location: String, saying fragment: String, options: ImportOptions = ImportOptions(),
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let error = failure(json, options: options, file: file, line: line) else { return }
        XCTAssertEqual(error.location, location, "\(error)", file: file, line: line)
        XCTAssertTrue(error.message.contains(fragment), "\(error)", file: file, line: line)
    }

    func test_engineErrorCode_reportsOSRMsMessage() {
        assertFails(#"{"code": "NoRoute", "message": "Impossible route between points", "routes": []}"#,
                    at: "code", saying: "\"NoRoute\": Impossible route between points")
        assertFails(#"{"code": "InvalidInput", "routes": []}"#, at: "code", saying: "InvalidInput")
        let valhalla = #"{"error_code": 171, "error": "No suitable edges near location", "status_code": 400, "status": "Bad Request"}"#
        assertFails(valhalla, at: "error", saying: "error 171: No suitable edges near location", options: ImportOptions(format: .osrm))
    }

    func test_missingOrEmptyRoutes() {
        assertFails(#"{"code": "Ok", "waypoints": []}"#, at: "routes", saying: "missing required key")
        assertFails(#"{"code": "Ok", "routes": []}"#, at: "routes", saying: "no routes")
        assertFails(#"{"code": "Ok", "routes": {}}"#, at: "routes", saying: "expected an array, found object")
        assertFails(#"{"code": "Ok", "routes": [{"distance": 1}]}"#, at: "routes[0].legs", saying: "missing required key")
        assertFails(#"{"code": "Ok", "routes": [{"legs": []}]}"#, at: "routes[0].legs", saying: "no legs")
    }

    func test_alternativeOutOfRange_namesRoutes() {
        let json = F.document(steps: F.lSteps())
        assertFails(json, at: "routes", saying: "alternative 1 requested, but the document has 1 route(s)", options: ImportOptions(alternative: 1))
        assertFails(json, at: "routes", saying: "alternative -1", options: ImportOptions(alternative: -1))
    }

    func test_missingKeysAndWrongTypes_inSteps() {
        var steps = F.lSteps()
        steps[1] = #"{"geometry": \#(F.polyline([F.b, F.c])), "name": "x"}"#
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].maneuver", saying: "missing required key")

        steps = F.lSteps(turnManeuverExtra: #", "exit": "two""#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].maneuver.exit", saying: "expected a number, found string")

        steps = F.lSteps()
        steps[0] = steps[0].replacing(#""type": "depart""#, with: #""type": 7"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[0].maneuver.type", saying: "expected a string, found number")

        steps = F.lSteps(turnExtra: #", "voiceInstructions": [{"distanceAlongGeometry": 10}]"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].voiceInstructions[0].announcement", saying: "missing required key")

        let lanes = #"[{"location": [13.4, 52.501], "lanes": [{"indications": ["left"]}]}]"#
        assertFails(F.document(steps: F.lSteps(turnIntersections: lanes)),
                    at: "routes[0].legs[0].steps[1].intersections[0].lanes[0].valid", saying: "missing required key")

        assertFails(F.document(steps: ["42"]), at: "routes[0].legs[0].steps[0]", saying: "expected an object, found number")
        assertFails(F.document(steps: F.lSteps(), legExtra: #", "steps": "none""#).replacing(#""steps": [{"#, with: #""x": [{"#),
                    at: "routes[0].legs[0].steps", saying: "expected an array, found string")
    }

    func test_brokenPolyline_isReportedAtTheGeometryKey() {
        var steps = F.lSteps()
        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #""_p~iF~ps|U_""#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry", saying: "broken polyline at character")

        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #""ab cd""#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry", saying: "outside")

        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #""""#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry", saying: "no points")

        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: "17")
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry", saying: "expected an encoded polyline or a GeoJSON LineString")
    }

    func test_outOfRangeAndNonFiniteCoordinates() {
        // A polyline that leaves the globe read either way.
        var steps = F.lSteps()
        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: F.polyline([F.b, Coordinate(latitude: 950, longitude: 13.4)]))
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry", saying: "polyline point 1 out of range")

        steps = F.lSteps()
        steps[1] = steps[1].replacing(#""location": [13.4, 52.501], "bearing_before""#, with: #""location": [13.4, 152.501], "bearing_before""#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].maneuver.location", saying: "coordinate out of range")

        steps = F.lSteps()
        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #"{"type": "LineString", "coordinates": [[13.4, 52.501], [1e999, 52.501]]}"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry.coordinates[1][0]", saying: "number out of range")

        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #"{"type": "LineString", "coordinates": [[13.4, 52.501], [-181, 52.501]]}"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry.coordinates[1]", saying: "coordinate out of range")

        steps[1] = F.step(type: "turn", modifier: "right", at: F.b, geometry: #"{"type": "Point", "coordinates": [13.4, 52.501]}"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].geometry.type", saying: "expected a GeoJSON LineString")

        assertFails(F.document(steps: F.lSteps(), waypoints: #"[{"location": [13.4, 52.5]}, {"location": ["east", 52.5]}]"#),
                    at: "waypoints[1].location[0]", saying: "expected a number")
    }

    func test_waypointsThatDoNotFitTheLegs() {
        assertFails(F.document(steps: F.lSteps(), waypoints: #"[{"location": [13.4, 52.5]}]"#),
                    at: "waypoints", saying: "1 waypoints (0 silent) do not fit 1 legs")
        assertFails(F.document(steps: F.lSteps(), legExtra: #", "via_waypoints": [{"waypoint_index": 5}]"#),
                    at: "routes[0].legs[0].via_waypoints[0].waypoint_index", saying: "not an intermediate one")
    }

    func test_legWithoutStepsAndRouteWithoutGeometry() {
        assertFails(F.document(steps: []), at: "routes[0].legs[0].steps", saying: "no step geometries and the route has no geometry")
        assertFails(F.document(steps: [], routeExtra: #", "geometry": "_p~iF~ps|U_""#), at: "routes[0].geometry", saying: "broken polyline")
    }

    func test_truncatedJSON_givesLineAndColumn() {
        let json = F.document(steps: F.lSteps())
        guard let error = failure(String(json.prefix(json.count / 2))) else { return }
        XCTAssertTrue(error.location?.hasPrefix("line ") == true, "\(error)")
    }

    func test_roundaboutExitBelowOneAndBearingsOutOfRange() {
        var steps = F.lSteps()
        steps[1] = F.step(type: "roundabout", modifier: "right", at: F.b, geometry: F.polyline([F.b, F.c]), maneuverExtra: #", "exit": 0"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].maneuver.exit", saying: "roundabout exit 0 is below 1")
        steps[1] = F.step(type: "roundabout", modifier: "right", at: F.b, geometry: F.polyline([F.b, F.c]), maneuverExtra: #", "exit": 9.5"#)
        assertFails(F.document(steps: steps), at: "routes[0].legs[0].steps[1].maneuver.exit", saying: "expected an integer")
        let huge = F.document(steps: F.lSteps()).replacing(#""bearing_after": 90"#, with: #""bearing_after": 1e300"#)
        assertFails(huge, at: "routes[0].legs[0].steps[0].maneuver.bearing_after", saying: "bearing 1e+300 out of range")
    }

    /// Thousands of waypoints, none on a step-less route's line: a clear error, not hours of comparing every waypoint
    /// with every point. The splitter counts its comparisons and stops at a fixed budget (1e8), so the error itself
    /// shows the work was bounded; no wall-clock limit, which would hold on one machine and not under emulation.
    func test_manyWaypointsOffAStepLessLine_failClearlyAndFast() {
        let points = (0..<200_000).map { Coordinate(latitude: 10 + Double($0) * 1e-5, longitude: 10) }
        let legs = Array(repeating: #"{"steps": []}"#, count: 600).joined(separator: ",")
        let waypoints = Array(repeating: #"{"location": [10.0, 9.9]}"#, count: 601).joined(separator: ",")
        let json = #"{"code": "Ok", "waypoints": [\#(waypoints)], "routes": [{"geometry": \#(F.polyline(points)), "legs": [\#(legs)]}]}"#
        assertFails(json, at: "routes[0].geometry", saying: "cannot split the geometry (200000 points) at 599 waypoints: waypoint 501")
    }
}
