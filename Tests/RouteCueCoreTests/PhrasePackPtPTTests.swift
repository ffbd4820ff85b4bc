import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// European Portuguese (`config/phrases/pt-PT.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackPtPTTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func say(_ pack: PhrasePack, _ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil,
                     then: Maneuver? = nil, landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(m, stage, d, then: then, landmark: landmark, short: short, units: units)
    }

    private func say(_ pack: PhrasePack, _ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(subject, short: short, units: units)
    }

    func test_europeanPortuguese_readsAsPortugueseNavigationSpeaks() throws {
        let p = try S.pack("pt-PT")
        XCTAssertEqual(p.voice, "pt")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300)), "Daqui a 300 metros, vire à esquerda")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .action), "Agora, vire à esquerda")
        // European plural: only exactly 1 is singular ("1,5 quilómetros"), said "um".
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1)), "Daqui a um quilómetro, vire à direita")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1.5)), "Daqui a 1,5 quilómetros, vire à direita")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(5)), "Daqui a 5 quilómetros, vire à direita")
        XCTAssertEqual(say(p, S.maneuver(.roundabout, .right, exitNumber: 2), .distance, metres(200)), "Daqui a 200 metros, na rotunda, tome a segunda saída")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "rua Augusta")),
                       "Daqui a 300 metros, vire à esquerda e depois vire à direita para rua Augusta")
        XCTAssertEqual(say(p, S.maneuver(.uTurn), .distance, metres(100)), "Daqui a 100 metros, faça inversão de marcha")
        XCTAssertEqual(say(p, S.maneuver(.arrive, .left), .action), "O seu destino está à esquerda")
        XCTAssertEqual(say(p, S.maneuver(.arrive), .distance, metres(100)), "Daqui a 100 metros, vai chegar ao seu destino")
        XCTAssertEqual(say(p, .destinationReached(name: "praça da Sé"), short: true), "Chegou ao seu destino")
        XCTAssertEqual(say(p, .continueFor(km(12))), "Siga em frente durante 12 quilómetros")
        let at = Coordinate(latitude: 38.7, longitude: -9.1)
        XCTAssertEqual(say(p, .warning(RouteWarning(kind: "toll_booth", location: at), distance: km(2))), "Portagem a 2 quilómetros")
    }
}
