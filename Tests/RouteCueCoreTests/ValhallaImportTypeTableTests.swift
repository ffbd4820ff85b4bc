import RouteCueCore
import TestSupport
import XCTest

/// The table from Valhalla's numeric maneuver `type` to RouteCue's type and modifier.
final class ValhallaImportTypeTableTests: XCTestCase {
    /// Valhalla's own numbering (directions.proto), paired with what RouteCue makes of each type.
    private let table: [(code: Int, name: String, type: ManeuverType, modifier: ManeuverModifier?)] = [
        (0, "kNone", .notification, nil),
        (1, "kStart", .depart, nil), (2, "kStartRight", .depart, .right), (3, "kStartLeft", .depart, .left),
        (4, "kDestination", .arrive, nil), (5, "kDestinationRight", .arrive, .right), (6, "kDestinationLeft", .arrive, .left),
        (7, "kBecomes", .newName, .straight), (8, "kContinue", .continue, .straight),
        (9, "kSlightRight", .turn, .slightRight), (10, "kRight", .turn, .right), (11, "kSharpRight", .turn, .sharpRight),
        (12, "kUturnRight", .uTurn, .uTurn), (13, "kUturnLeft", .uTurn, .uTurn),
        (14, "kSharpLeft", .turn, .sharpLeft), (15, "kLeft", .turn, .left), (16, "kSlightLeft", .turn, .slightLeft),
        (17, "kRampStraight", .onRamp, .straight), (18, "kRampRight", .onRamp, .right), (19, "kRampLeft", .onRamp, .left),
        (20, "kExitRight", .offRamp, .right), (21, "kExitLeft", .offRamp, .left),
        (22, "kStayStraight", .keep, .straight), (23, "kStayRight", .keep, .slightRight), (24, "kStayLeft", .keep, .slightLeft),
        (25, "kMerge", .merge, .straight),
        (26, "kRoundaboutEnter", .roundabout, nil), (27, "kRoundaboutExit", .exitRoundabout, nil),
        (28, "kFerryEnter", .ferry, nil), (29, "kFerryExit", .continue, .straight),
        (30, "kTransit", .notification, nil), (31, "kTransitTransfer", .notification, nil),
        (32, "kTransitRemainOn", .notification, nil), (33, "kTransitConnectionStart", .notification, nil),
        (34, "kTransitConnectionTransfer", .notification, nil), (35, "kTransitConnectionDestination", .notification, nil),
        (36, "kPostTransitConnectionDestination", .notification, nil),
        (37, "kMergeRight", .merge, .slightRight), (38, "kMergeLeft", .merge, .slightLeft),
        (39, "kElevatorEnter", .notification, nil), (40, "kStepsEnter", .notification, nil),
        (41, "kEscalatorEnter", .notification, nil), (42, "kBuildingEnter", .notification, nil),
        (43, "kBuildingExit", .notification, nil),
    ]

    func test_everyValhallaType_mapsToItsRouteCueTypeAndModifier() {
        XCTAssertEqual(ValhallaManeuverKind.allCases.map(\.rawValue), Array(0...43))
        for row in table {
            let mapped = ValhallaManeuverKind.mapped(code: row.code)
            XCTAssertEqual(mapped.type, row.type, row.name)
            XCTAssertEqual(mapped.modifier, row.modifier, row.name)
            // Case names follow Valhalla's kNames.
            let caseName = "\(ValhallaManeuverKind(rawValue: row.code)!)".lowercased().replacing("`", with: "")
            XCTAssertEqual("k" + caseName, row.name.lowercased(), "code \(row.code)")
        }
    }

    func test_unknownTypes_becomeSilentNotifications() {
        for code in [44, 99, -1] {
            XCTAssertEqual(ValhallaManeuverKind.mapped(code: code).type, .notification)
        }
    }

    func test_noneBecomesTransitAndIndoorTypes_areTheOnlySilentOnes() {
        let silent = table.filter { !$0.type.announcedByDefault(modifier: $0.modifier) }.map(\.code)
        XCTAssertEqual(silent, [0, 7] + Array(30...36) + Array(39...43))
    }
}
