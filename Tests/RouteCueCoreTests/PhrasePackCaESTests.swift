import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Catalan (`config/phrases/ca-ES.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackCaESTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_catalan_readsAsCatalanNavigationSpeaks() throws {
        let p = try S.pack("ca-ES")
        XCTAssertEqual(p.voice, "ca")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "D'aquí a 300 metres, gireu a l'esquerra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Ara, gireu a l'esquerra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "D'aquí a un quilòmetre, gireu a la dreta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "D'aquí a 1,5 quilòmetres, gireu a la dreta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "D'aquí a 5 quilòmetres, gireu a la dreta")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 2), .distance, metres(200)), "D'aquí a 200 metres, a la rotonda, preneu la segona sortida")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 12), .action), "Ara, a la rotonda, preneu la dotzena sortida")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "carrer de Balmes")),
                       "D'aquí a 300 metres, gireu a l'esquerra i després gireu a la dreta cap a carrer de Balmes")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "D'aquí a 100 metres, la vostra destinació serà a la dreta")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Heu arribat a la vostra destinació")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "carrer de Balmes", destinations: "Girona"), .distance, metres(300), short: true),
                       "D'aquí a 300 metres, gireu a l'esquerra")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Girona, Figueres", exits: "23"), .range, km(2)),
                       "D'aquí a 2 quilòmetres, preneu la sortida 23 en direcció a Girona i Figueres")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")), "Al proper semàfor, gireu a la dreta")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Continueu recte durant 12 quilòmetres")
        let at = Coordinate(latitude: 41.4, longitude: 2.2)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "speed_camera", location: at), distance: metres(500))), "Radar a 500 metres")
    }
}
