@testable import RouteCueCore
import TestSupport
import XCTest

/// sv-SE (`config/phrases/sv-SE.json`): "du"-form with the verb in second place, halves in words, the English
/// mile as "engelsk mil".
final class PhrasePackSvSETests: PhrasePackTestCase {
    override class var packTag: String { "sv-SE" }
    private typealias S = PhrasePackSamples

    func test_turns_keepTheVerbInSecondPlace() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "Om 300 meter svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nu svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "Storgatan"), .reminder), "Snart svänger du höger in på Storgatan")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Vid nästa trafikljus svänger du höger")
        XCTAssertEqual(try say(S.maneuver(.depart, road: "Storgatan", bearingAfter: 90), .action), "Kör på Storgatan österut")
        XCTAssertEqual(try say(S.maneuver(.continue, .slightLeft, road: "Storgatan"), .distance, metres(300)),
                       "Om 300 meter svänger du svagt vänster in på Storgatan")
    }

    func test_distances_oneHalfAndMore_andTheEnglishMile() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Om en kilometer svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "Om en och en halv kilometer svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "Om 5 kilometer svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(1), units: .imperialUK), "Om en engelsk mil svänger du vänster")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(2), units: .imperialUK), "Om 2 engelska mil svänger du vänster")
        XCTAssertEqual(try say(.continueFor(km(12))), "Följ vägen i 12 kilometer")
        XCTAssertEqual(try S.pack("sv-SE").distanceWords(km(1.5), form: "default", units: .metric), "1,5 kilometer")
    }

    func test_roundabouts_exits_andLanes() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Om 200 meter tar du tredje avfarten i rondellen")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .left, exitNumber: 12), .action), "Nu tar du tolfte avfarten i rondellen")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "Uppsala, Gävle", exits: "23"), .range, km(2)),
                       "Om 2 kilometer tar du avfart 23 mot Uppsala och Gävle")
        XCTAssertEqual(try say(S.maneuver(.useLane, .left), .distance, metres(300)), "Om 300 meter håller du dig i vänster körfält")
    }

    func test_then_arrival_andShortForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Storgatan")),
                       "Om 300 meter svänger du vänster, sedan svänger du höger in på Storgatan")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, metres(100)), "Om 100 meter är du framme vid ditt resmål på höger sida")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Ditt resmål ligger på höger sida")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Du är framme vid ditt resmål")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Storgatan", destinations: "Uppsala"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Om 300 meter svänger du vänster")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 59.3, longitude: 18)),
                                        distance: metres(500))), "Fartkamera om 500 meter")
    }
}
