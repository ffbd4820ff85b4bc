import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// European Portuguese (`config/phrases/pt-PT.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackPtPTTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_europeanPortuguese_readsAsPortugueseNavigationSpeaks() throws {
        let p = try S.pack("pt-PT")
        XCTAssertEqual(p.voice, "pt")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Daqui a 300 metros, vire à esquerda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Agora, vire à esquerda")
        // European plural: only exactly 1 is singular ("1,5 quilómetros"), said "um".
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Daqui a um quilómetro, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Daqui a 1,5 quilómetros, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "Daqui a 5 quilómetros, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 2), .distance, metres(200)), "Daqui a 200 metros, na rotunda, tome a segunda saída")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "rua Augusta")),
                       "Daqui a 300 metros, vire à esquerda e depois vire à direita para rua Augusta")
        XCTAssertEqual(p.say(S.maneuver(.uTurn), .distance, metres(100)), "Daqui a 100 metros, faça inversão de marcha")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .left), .action), "O seu destino está à esquerda")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .distance, metres(100)), "Daqui a 100 metros, vai chegar ao seu destino")
        XCTAssertEqual(p.say(.destinationReached(name: "praça da Sé"), short: true), "Chegou ao seu destino")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Siga em frente durante 12 quilómetros")
        let at = Coordinate(latitude: 38.7, longitude: -9.1)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "toll_booth", location: at), distance: km(2))), "Portagem a 2 quilómetros")
    }
}
