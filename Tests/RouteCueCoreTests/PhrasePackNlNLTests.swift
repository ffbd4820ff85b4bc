@testable import RouteCueCore
import TestSupport
import XCTest

/// nl-NL (`config/phrases/nl-NL.json`): polite u-form with the verb in second place, as Dutch navigation speaks.
final class PhrasePackNlNLTests: PhrasePackTestCase {
    override class var packTag: String { "nl-NL" }
    private typealias S = PhrasePackSamples

    func test_turns_keepTheVerbInSecondPlace() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "Over 300 meter slaat u links af")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nu slaat u links af")
        XCTAssertEqual(try say(S.maneuver(.turn, .sharpRight, road: "Kerkstraat"), .reminder), "Straks slaat u scherp rechts af naar Kerkstraat")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Bij het volgende verkeerslicht slaat u rechts af")
        XCTAssertEqual(try say(S.maneuver(.depart, road: "Kerkstraat", bearingAfter: 90), .action), "Rijd over Kerkstraat in oostelijke richting")
    }

    func test_distances_oneOrMoreUnits() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Over één kilometer slaat u links af")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "Over 1,5 kilometer slaat u links af")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "Over 5 kilometer slaat u links af")
        XCTAssertEqual(try say(.continueFor(km(12))), "Volg de weg gedurende 12 kilometer")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.5), units: .imperialUK), "Over een halve mijl keert u om")
    }

    func test_roundabouts_exits_andLanes() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Over 200 meter neemt u op de rotonde de derde afslag")
        XCTAssertEqual(try say(S.maneuver(.rotary, .left, exitNumber: 12, rotaryName: "Europaplein"), .action),
                       "Nu neemt u op de rotonde Europaplein de twaalfde afslag")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "Utrecht, Amersfoort", exits: "23"), .range, km(2)),
                       "Over 2 kilometer neemt u afrit 23 richting Utrecht en Amersfoort")
        XCTAssertEqual(try say(S.maneuver(.useLane, .left), .distance, metres(300)), "Over 300 meter neemt u de linkerrijstrook")
        XCTAssertEqual(try say(S.maneuver(.fork, .slightLeft, road: "A 2"), .distance, metres(500)),
                       "Over 500 meter houdt u bij de splitsing links aan naar A 2")
    }

    func test_then_arrival_andShortForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Kerkstraat")),
                       "Over 300 meter slaat u links af, daarna slaat u rechts af naar Kerkstraat")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.arrive)),
                       "Over 300 meter slaat u links af, daarna bereikt u uw bestemming")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, metres(100)), "Over 100 meter bereikt u uw bestemming aan de rechterkant")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Uw bestemming bevindt zich aan de rechterkant")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "U heeft uw bestemming bereikt")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Kerkstraat", destinations: "Utrecht"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Over 300 meter slaat u links af")
        XCTAssertEqual(try say(.offRoute), "De route wordt opnieuw berekend")
    }
}
