import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Brazilian Portuguese (`config/phrases/pt-BR.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackPtBRTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_brazilianPortuguese_readsAsBrazilianNavigationSpeaks() throws {
        let p = try S.pack("pt-BR")
        XCTAssertEqual(p.voice, "pt-br")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Em 300 metros, vire à esquerda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Agora, vire à esquerda")
        // Brazilian plural: 1 and 1,5 are singular, 2 is plural; exactly 1 is said "um".
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Em um quilômetro, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Em 1,5 quilômetro, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(2)), "Em 2 quilômetros, vire à direita")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)), "Em 200 metros, na rotatória, pegue a terceira saída")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .left, exitNumber: 11), .action), "Agora, na rotatória, pegue a décima primeira saída")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.uTurn)),
                       "Em 300 metros, vire à esquerda e depois faça o retorno")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Em 100 metros, seu destino estará à direita")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Você chegou ao seu destino")
        XCTAssertEqual(p.say(S.maneuver(.keep, .slightLeft, road: "Marginal Tietê"), .distance, metres(500), short: true), "Em 500 metros, mantenha-se à esquerda")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Siga em frente por 12 quilômetros")
        XCTAssertEqual(p.say(.gpsLost), "Sinal de GPS perdido")
    }
}
