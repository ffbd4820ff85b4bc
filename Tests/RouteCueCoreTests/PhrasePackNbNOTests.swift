@testable import RouteCueCore
import TestSupport
import XCTest

/// nb-NO (`config/phrases/nb-NO.json`): "du"-form with the verb in second place, the English mile as "engelsk mil".
final class PhrasePackNbNOTests: PhrasePackTestCase {
    override class var packTag: String { "nb-NO" }
    private typealias S = PhrasePackSamples

    func test_turns_keepTheVerbInSecondPlace() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "Om 300 meter svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nå svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .sharpRight, road: "Storgata"), .reminder),
                       "Snart svinger du skarpt til høyre inn på Storgata")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "railway_crossing")),
                       "Etter planovergangen svinger du til høyre")
        XCTAssertEqual(try say(S.maneuver(.depart, road: "Storgata", bearingAfter: 180), .action), "Kjør på Storgata mot sør")
    }

    func test_distances_oneOrMoreUnits_andTheEnglishMile() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Om en kilometer svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "Om 1,5 kilometer svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "Om 5 kilometer svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(1), units: .imperialUK), "Om en engelsk mil svinger du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(2), units: .imperialUK), "Om 2 engelske mil svinger du til venstre")
        XCTAssertEqual(try say(.continueFor(km(12))), "Følg veien i 12 kilometer")
    }

    func test_roundabouts_exits_andLanes() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 2), .distance, metres(200)),
                       "Om 200 meter tar du andre avkjørsel i rundkjøringen")
        XCTAssertEqual(try say(S.maneuver(.rotary, .left, exitNumber: 21, rotaryName: "Sinsenkrysset"), .action),
                       "Nå tar du tjueførste avkjørsel i rundkjøringen Sinsenkrysset")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "Lillehammer, Trondheim", exits: "23"), .range, km(2)),
                       "Om 2 kilometer tar du avkjørsel 23 mot Lillehammer og Trondheim")
        XCTAssertEqual(try say(S.maneuver(.useLane, .left), .distance, metres(300)), "Om 300 meter bruker du venstre kjørefelt")
    }

    func test_then_arrival_andShortForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Storgata")),
                       "Om 300 meter svinger du til venstre, deretter svinger du til høyre inn på Storgata")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, metres(100)), "Om 100 meter er du fremme ved målet på høyre side")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Målet er på høyre side")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Du er fremme ved målet")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Storgata", destinations: "Trondheim"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Om 300 meter svinger du til venstre")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "toll_booth", location: Coordinate(latitude: 59.9, longitude: 10.7)),
                                        distance: metres(500))), "Bomstasjon om 500 meter")
    }
}
