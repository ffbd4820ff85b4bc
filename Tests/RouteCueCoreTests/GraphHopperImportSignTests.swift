import RouteCueCore
import TestSupport
import XCTest

/// The table from GraphHopper's instruction `sign` to RouteCue's type and modifier, and the handling of
/// sign 0 (depart / new name / continue).
final class GraphHopperImportSignTests: XCTestCase {
    /// GraphHopper's constants (com.graphhopper.util.Instruction), paired with what RouteCue makes of each.
    private let table: [(sign: Int, name: String, type: ManeuverType, modifier: ManeuverModifier?)] = [
        (-99, "UNKNOWN", .notification, nil),
        (-98, "U_TURN_UNKNOWN", .uTurn, .uTurn), (-8, "U_TURN_LEFT", .uTurn, .uTurn), (8, "U_TURN_RIGHT", .uTurn, .uTurn),
        (-7, "KEEP_LEFT", .keep, .slightLeft), (7, "KEEP_RIGHT", .keep, .slightRight),
        (-6, "EXIT_ROUNDABOUT", .exitRoundabout, nil),
        (-3, "TURN_SHARP_LEFT", .turn, .sharpLeft), (-2, "TURN_LEFT", .turn, .left), (-1, "TURN_SLIGHT_LEFT", .turn, .slightLeft),
        (0, "CONTINUE_ON_STREET", .continue, .straight),
        (1, "TURN_SLIGHT_RIGHT", .turn, .slightRight), (2, "TURN_RIGHT", .turn, .right), (3, "TURN_SHARP_RIGHT", .turn, .sharpRight),
        (4, "FINISH", .arrive, nil), (5, "REACHED_VIA", .waypoint, nil), (6, "USE_ROUNDABOUT", .roundabout, nil),
        (9, "FERRY", .ferry, nil),
        (101, "PT_START_TRIP", .notification, nil), (102, "PT_TRANSFER", .notification, nil), (103, "PT_END_TRIP", .notification, nil),
    ]

    func test_everySign_mapsToItsRouteCueTypeAndModifier() {
        XCTAssertEqual(Set(GraphHopperSign.allCases.map(\.rawValue)), Set(table.map(\.sign)))
        for row in table {
            let mapped = GraphHopperSign.mapped(code: row.sign)
            XCTAssertEqual(mapped.type, row.type, row.name)
            XCTAssertEqual(mapped.modifier, row.modifier, row.name)
            let caseName = "\(GraphHopperSign(rawValue: row.sign)!)".lowercased()
            XCTAssertEqual(caseName, row.name.replacing("_", with: "").lowercased(), "sign \(row.sign)")
        }
    }

    func test_unknownSigns_becomeSilentNotifications() {
        for sign in [-5, 10, 100, 104, Int(Int32.min)] {
            let mapped = GraphHopperSign.mapped(code: sign)
            XCTAssertEqual(mapped.type, .notification)
            XCTAssertFalse(mapped.type.announcedByDefault(modifier: mapped.modifier))
        }
    }

    /// A straight line of `n` points 50 m apart going east, encoded as GraphHopper does by default.
    private func line(_ n: Int) -> String {
        var points = [Coordinate(latitude: 51.43, longitude: 14.25)]
        for _ in 1..<n { points.append(GeoMath.destination(from: points.last!, bearing: 90, distance: 50)) }
        return jsonEscaped(Polyline.encode(points, precision: 5))
    }

    func test_continueSign_isDepartAtALegStart_newNameOnANameChange_continueOtherwise() throws {
        let doc = """
        {"paths": [{"points": "\(line(6))", "instructions": [
          {"sign": 0, "interval": [0, 1], "street_name": "A Street", "text": "Continue onto A Street"},
          {"sign": 0, "interval": [1, 2], "street_name": "B Street", "text": "Continue onto B Street"},
          {"sign": 0, "interval": [2, 3], "street_name": "B Street", "text": "Continue onto B Street"},
          {"sign": 9, "interval": [3, 4], "street_name": "Ferry", "text": "Take the ferry"},
          {"sign": 6, "exit_number": 2, "interval": [4, 5], "text": "At roundabout, take exit 2"},
          {"sign": 4, "interval": [5, 5], "text": "Arrive"}]}]}
        """
        let route = try RouteReader.read(Array(doc.utf8), name: "continue.json")
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .newName, .continue, .ferry, .roundabout, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.announced), [true, false, true, true, true, true])
        XCTAssertEqual(route.maneuvers[3].mode, "ferry")
        XCTAssertEqual(route.maneuvers[4].exitNumber, 2)
        // Headings the file lacks come from the geometry: due east.
        XCTAssertEqual(route.maneuvers[2].bearingBefore ?? 0, 90, accuracy: 0.1)
        XCTAssertEqual(route.maneuvers[2].bearingAfter ?? 0, 90, accuracy: 0.1)
        XCTAssertNil(route.maneuvers[0].bearingBefore)
        XCTAssertNil(route.maneuvers[5].bearingAfter)
    }

    func test_roundaboutTurnAngle_givesTheExitDirection_inBothDirectionsOfTravel() throws {
        // Radians travelled around the roundabout: negative counter-clockwise (right-hand traffic).
        let cases: [(Double, ManeuverModifier)] = [(-1.5, .right), (-3.1, .straight), (-4.7, .left),
                                                   (1.5, .left), (3.2, .straight), (4.7, .right)]
        for (angle, expected) in cases {
            let doc = """
            {"paths": [{"points": "\(line(3))", "instructions": [
              {"sign": 0, "interval": [0, 1], "text": "Go"},
              {"sign": 6, "exit_number": 1, "exited": true, "turn_angle": \(angle), "interval": [1, 2], "text": "Roundabout"},
              {"sign": 4, "interval": [2, 2], "text": "Arrive"}]}]}
            """
            let route = try RouteReader.read(Array(doc.utf8), name: "roundabout.json")
            XCTAssertEqual(route.maneuvers[1].modifier, expected, "turn_angle \(angle)")
        }
    }
}

/// `text` as the inside of a JSON string literal (encoded polylines may hold backslashes).
private func jsonEscaped(_ text: String) -> String { text.replacing("\\", with: "\\\\") }
