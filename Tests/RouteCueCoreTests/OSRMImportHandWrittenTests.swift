import RouteCueCore
import XCTest

/// Fields no shared file has (landmarks, pronunciation, incidents, ferry turns, old/unknown types), on small
/// hand-written documents.
final class OSRMImportHandWrittenTests: XCTestCase {
    typealias F = OSRMImportFixture

    func test_lShapedDrive_placesEachManeuverAtItsStepStart() throws {
        let route = try F.read(F.document(steps: F.lSteps()))
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 1, 2])
        XCTAssertEqual(route.maneuvers[1].distanceAlong, GeoMath.distance(F.a, F.b), accuracy: 1e-6)
        XCTAssertEqual(route.maneuvers[1].roadName, "Ostweg")
        XCTAssertEqual(route.legs[0].summary, "Nordweg, Ostweg")
        XCTAssertEqual(route.waypoints.map(\.name), ["Start", "Ziel"])
        XCTAssertEqual(route.waypoints[1].legEnding, 0)
        XCTAssertNil(route.source.language)
    }

    func test_intersectionFlags_becomeLandmarksOfTheManeuver() throws {
        let intersections = #"[{"location": [13.4, 52.501], "traffic_signal": true, "railway_crossing": false, "stop_sign": true}, {"location": [13.401, 52.501], "yield_sign": true}]"#
        let route = try F.read(F.document(steps: F.lSteps(turnIntersections: intersections)))
        XCTAssertEqual(route.maneuvers[1].landmarks.map(\.kind), ["traffic_signals", "stop_sign"])
        XCTAssertEqual(route.maneuvers[1].landmarks.first?.distanceBeforeManeuver, 0)
        XCTAssertEqual(route.maneuvers[0].landmarks, [])
    }

    func test_pronunciationRotaryNameAndActiveLanes_areMapped() throws {
        let intersections = #"[{"location": [13.4, 52.501], "lanes": [{"indications": ["right"], "valid": true, "active": true}, {"indications": ["straight"], "valid": false, "active": false}]}]"#
        let route = try F.read(F.document(steps: F.lSteps(turnExtra: #", "pronunciation": "ˈɔstveːk", "rotary_name": "Ostkreisel", "ref": "B 1", "destinations": "Küstrin", "exits": "3a""#,
                                                           turnManeuverExtra: #", "exit": 2, "instruction": "Rechts abbiegen""#,
                                                           turnIntersections: intersections)))
        let m = route.maneuvers[1]
        XCTAssertEqual(m.phoneticName, "ˈɔstveːk")
        XCTAssertEqual(m.rotaryName, "Ostkreisel")
        XCTAssertEqual(m.ref, "B 1")
        XCTAssertEqual(m.destinations, "Küstrin")
        XCTAssertEqual(m.exits, "3a")
        XCTAssertNil(m.exitNumber, "on a turn OSRM's exit counts intersections; it is no roundabout exit")
        XCTAssertEqual(m.instruction, "Rechts abbiegen")
        XCTAssertEqual(m.lanes, [Lane(indications: ["right"], valid: true, active: true), Lane(indications: ["straight"], valid: false, active: false)])
    }

    func test_maneuverTypes_oldRampUnknownTypeAndUturn() throws {
        func type(_ osrm: String, _ modifier: String? = nil) throws -> (ManeuverType, ManeuverModifier?) {
            var steps = F.lSteps()
            steps[1] = F.step(type: osrm, modifier: modifier, at: F.b, geometry: F.polyline([F.b, F.c]))
            let m = try F.read(F.document(steps: steps)).maneuvers[1]
            return (m.type, m.modifier)
        }
        XCTAssertEqual(try type("ramp", "slight right").0, .onRamp)
        XCTAssertEqual(try type("roundabout turn", "left").0, .roundaboutTurn)
        XCTAssertEqual(try type("use lane", "straight").0, .useLane)
        XCTAssertEqual(try type("exit rotary", "right").0, .exitRotary)
        XCTAssertEqual(try type("some future type", "left").0, .turn, "OSRM: unknown types are handled like turn")
        XCTAssertEqual(try type("turn", "uturn").0, .uTurn)
        XCTAssertEqual(try type("turn", "sharp left").1, .sharpLeft)
        XCTAssertEqual(try type("notification", "straight").0, .notification)
    }

    func test_ferryBoarding_byTurnKeepsTheTurn_byNewNameBecomesFerry() throws {
        func boarding(_ osrm: String, _ modifier: String) throws -> Route {
            var steps = F.lSteps()
            steps[1] = F.step(type: osrm, modifier: modifier, at: F.b, geometry: F.polyline([F.b, F.c]), name: "Fähre Nord",
                              extra: "").replacing(#""mode": "driving""#, with: #""mode": "ferry""#)
            return try F.read(F.document(steps: steps))
        }
        let turn = try boarding("turn", "left")
        XCTAssertEqual(turn.maneuvers[1].type, .turn)
        XCTAssertEqual(turn.maneuvers[1].mode, "ferry")
        let newName = try boarding("new name", "straight")
        XCTAssertEqual(newName.maneuvers[1].type, .ferry)
        XCTAssertTrue(newName.maneuvers[1].announced)
        XCTAssertEqual(newName.warnings.map(\.kind), ["ferry"])
        XCTAssertEqual(newName.warnings.first?.text, "Fähre Nord")
    }

    func test_incidentsAndPlainNotifications_becomeWarnings() throws {
        var steps = F.lSteps()
        steps[1] = F.step(type: "notification", modifier: "straight", at: F.b, geometry: F.polyline([F.b, F.c]),
                          maneuverExtra: #", "instruction": "Road narrows""#)
        let route = try F.read(F.document(steps: steps, legExtra: #", "incidents": [{"type": "construction", "description": "Roadworks", "geometry_index_start": 2}, {"type": "accident", "geometry_index_start": 1}]"#))
        XCTAssertEqual(route.warnings.map(\.kind), ["notification", "incident", "incident"])
        XCTAssertEqual(route.warnings.map(\.text), ["Road narrows", "accident", "Roadworks"])
        XCTAssertEqual(route.warnings[2].distanceAlong, route.length, accuracy: 1e-6)
        XCTAssertFalse(route.maneuvers[1].announced)
    }

    func test_routeLevelWaypointsPerRoute_andMissingWaypoints() throws {
        let perRoute = F.document(steps: F.lSteps(), routeExtra: #", "waypoints": [{"name": "A", "location": [13.4, 52.5]}, {"name": "C", "location": [13.402, 52.501]}]"#)
        XCTAssertEqual(try F.read(perRoute).waypoints.map(\.name), ["A", "C"])

        let none = F.document(steps: F.lSteps(), waypoints: "")
        XCTAssertFalse(none.contains("waypoints"))
        let route = try F.read(none)
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .destination])
        XCTAssertEqual(route.waypoints.map(\.location), [F.a, F.c])
    }

    func test_stepsEmpty_withoutWaypoints_splitsByStatedLegDistances() throws {
        let line = [F.a, F.b, F.c]
        let ab = GeoMath.distance(F.a, F.b), bc = GeoMath.distance(F.b, F.c)
        let json = """
        {"code": "Ok", "routes": [{"distance": \(ab + bc), "geometry": \(F.polyline(line)),
          "legs": [{"distance": \(ab), "steps": []}, {"distance": \(bc), "steps": []}]}]}
        """
        let route = try F.read(json)
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.legs[0].geometryEnd, 1)
        XCTAssertEqual(route.maneuvers.filter { $0.type == .depart }.count, 2)
    }

    /// OSRM's `exit` is the exit to take only on roundabouts and rotaries; on a turn it counts the intersections
    /// passed ("at the fourth intersection, turn left") and must not become a roundabout exit number.
    func test_exitCountsIntersectionsOnATurn_andIsTheExitOnlyOnRoundabouts() throws {
        func step(_ type: String) throws -> Maneuver {
            var steps = F.lSteps()
            steps[1] = F.step(type: type, modifier: "right", at: F.b, geometry: F.polyline([F.b, F.c]), maneuverExtra: #", "exit": 4"#)
            return try F.read(F.document(steps: steps)).maneuvers[1]
        }
        XCTAssertNil(try step("turn").exitNumber)
        XCTAssertNil(try step("end of road").exitNumber)
        for type in ["roundabout", "rotary", "roundabout turn", "exit roundabout", "exit rotary"] {
            XCTAssertEqual(try step(type).exitNumber, 4, type)
        }
    }

    func test_bearings_areBroughtIntoZeroTo360() throws {
        let json = F.document(steps: F.lSteps()).replacing(#""bearing_before": 0, "bearing_after": 90"#,
                                                            with: #""bearing_before": -90, "bearing_after": 360"#)
        let m = try F.read(json).maneuvers[1]
        XCTAssertEqual(m.bearingBefore, 270)
        XCTAssertEqual(m.bearingAfter, 0)
    }
}
