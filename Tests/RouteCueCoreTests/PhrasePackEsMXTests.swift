import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Mexican Spanish (`config/phrases/es-MX.json`, voice es-419) as a native listener expects it from a car navigation voice.
final class PhrasePackEsMXTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_mexicanSpanish_readsAsMexicanNavigationSpeaks() throws {
        let p = try S.pack("es-MX")
        XCTAssertEqual(p.voice, "es-419")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "En 300 metros, dé vuelta a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Ahora, dé vuelta a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.uTurn), .distance, metres(200)), "En 200 metros, dé vuelta en U")
        // Mexico writes the decimal point; 1 is "un kilómetro", 1.5 and 2 are plural.
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "En un kilómetro, dé vuelta a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "En 1.5 kilómetros, dé vuelta a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(2)), "En 2 kilómetros, dé vuelta a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)), "En 200 metros, en la glorieta, tome la tercera salida")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "avenida Insurgentes")),
                       "En 300 metros, dé vuelta a la izquierda y luego dé vuelta a la derecha hacia avenida Insurgentes")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "En 100 metros, su destino estará a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Ha llegado a su destino")
        XCTAssertEqual(p.say(S.maneuver(.rotary, .right, exitNumber: 2, rotaryName: "glorieta de Colón"), .distance, metres(200), short: true),
                       "En 200 metros, en la glorieta, tome la segunda salida")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "stop_sign")), "En el próximo alto, dé vuelta a la derecha")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Siga derecho durante 12 kilómetros")
    }
}
