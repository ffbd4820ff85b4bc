import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Spanish of Spain (`config/phrases/es-ES.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackEsESTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_spanishOfSpain_readsAsSpanishNavigationSpeaks() throws {
        let p = try S.pack("es-ES")
        XCTAssertEqual(p.voice, "es")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "En 300 metros, gire a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Ahora, gire a la izquierda")
        // 1 vs 1,5 vs 2: only exactly one is singular, and it is said "un".
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "En un kilómetro, gire a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "En 1,5 kilómetros, gire a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "En 5 kilómetros, gire a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)), "En 200 metros, en la rotonda, tome la tercera salida")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 12), .action), "Ahora, en la rotonda, tome la duodécima salida")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "calle de Alcalá")),
                       "En 300 metros, gire a la izquierda y luego gire a la derecha hacia calle de Alcalá")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "En 100 metros, su destino estará a la derecha")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .left), .action), "Su destino está a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Ha llegado a su destino")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "calle Mayor", destinations: "Toledo"), .distance, metres(300), short: true), "En 300 metros, gire a la izquierda")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Toledo, Segovia", exits: "23"), .range, km(2)),
                       "En 2 kilómetros, tome la salida 23 en dirección a Toledo y Segovia")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")), "En el próximo semáforo, gire a la derecha")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Siga recto durante 12 kilómetros")
        XCTAssertEqual(p.say(.offRoute), "Recalculando la ruta")
        let at = Coordinate(latitude: 40.4, longitude: -3.7)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "speed_camera", location: at), distance: metres(500))), "Radar a 500 metros")
    }
}
