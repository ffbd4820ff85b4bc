@testable import RouteCueCore
import TestSupport
import XCTest

/// da-DK (`config/phrases/da-DK.json`): "du"-form with the verb in second place, the English mile as "engelsk mil".
final class PhrasePackDaDKTests: PhrasePackTestCase {
    override class var packTag: String { "da-DK" }
    private typealias S = PhrasePackSamples

    func test_turns_keepTheVerbInSecondPlace() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "Om 300 meter drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nu drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight, road: "Vestergade"), .reminder),
                       "Snart drejer du svagt til højre ind på Vestergade")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Ved næste lyskryds drejer du til højre")
        XCTAssertEqual(try say(S.maneuver(.depart, road: "Vestergade", bearingAfter: 90), .action), "Kør ad Vestergade mod øst")
    }

    func test_distances_oneOrMoreUnits_andTheEnglishMile() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Om en kilometer drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "Om 1,5 kilometer drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "Om 5 kilometer drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(1), units: .imperialUK), "Om en engelsk mil drejer du til venstre")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(2), units: .imperialUK), "Om 2 engelske mil drejer du til venstre")
        XCTAssertEqual(try say(.continueFor(km(12))), "Følg vejen i 12 kilometer")
    }

    func test_roundabouts_exits_andLanes() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 2), .distance, metres(200)),
                       "Om 200 meter tager du anden afkørsel i rundkørslen")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .left, exitNumber: 12), .action), "Nu tager du tolvte afkørsel i rundkørslen")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "Aarhus, Aalborg", exits: "23"), .range, km(2)),
                       "Om 2 kilometer tager du afkørsel 23 mod Aarhus og Aalborg")
        XCTAssertEqual(try say(S.maneuver(.useLane, .left), .distance, metres(300)), "Om 300 meter bruger du venstre vognbane")
    }

    func test_then_arrival_andShortForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Vestergade")),
                       "Om 300 meter drejer du til venstre, derefter drejer du til højre ind på Vestergade")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, metres(100)),
                       "Om 100 meter er du fremme ved din destination på højre side")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Din destination er på højre side")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Du er fremme ved din destination")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Vestergade", destinations: "Aarhus"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Om 300 meter drejer du til venstre")
        XCTAssertEqual(try say(.offRoute), "Beregner ny rute")
    }
}
