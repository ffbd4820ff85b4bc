import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Rioplatense Spanish (`config/phrases/es-AR.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackEsARTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_rioplatenseSpanish_readsAsArgentineNavigationSpeaks() throws {
        let p = try S.pack("es-AR")
        XCTAssertEqual(p.voice, "es-419")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "En 300 metros, doblá a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Ahora, doblá a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "En un kilómetro, doblá a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "En un kilómetro y medio, doblá a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "En 5 kilómetros, doblá a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)), "En 200 metros, en la rotonda, tomá la tercera salida")
        XCTAssertEqual(p.say(S.maneuver(.keep, .left), .distance, metres(500)), "En 500 metros, mantenete a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "avenida Corrientes")),
                       "En 300 metros, doblá a la izquierda y después doblá a la derecha en avenida Corrientes")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "En 100 metros, tu destino va a estar a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Llegaste a tu destino")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "avenida Corrientes", destinations: "Rosario"), .distance, metres(300), short: true),
                       "En 300 metros, doblá a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Rosario, Córdoba", exits: "23"), .range, km(2)),
                       "En 2 kilómetros, tomá la salida 23 en dirección a Rosario y Córdoba")
        XCTAssertEqual(p.say(S.maneuver(.uTurn), .distance, metres(200)), "En 200 metros, hacé un giro en U")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Seguí derecho durante 12 kilómetros")
    }
}
