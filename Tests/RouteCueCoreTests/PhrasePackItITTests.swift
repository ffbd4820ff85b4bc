import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Italian (`config/phrases/it-IT.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackItITTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_italian_readsAsItalianNavigationSpeaks() throws {
        let p = try S.pack("it-IT")
        XCTAssertEqual(p.voice, "it")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Tra 300 metri, svoltare a sinistra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Ora svoltare a sinistra")
        // 1 is "un chilometro", 1,5 and 2 are plural; a mile is "un miglio", more are "miglia".
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Tra un chilometro, svoltare a destra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Tra 1,5 chilometri, svoltare a destra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, miles(2), units: .imperialUK), "Tra 2 miglia, svoltare a destra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, miles(0.5), units: .imperialUK), "Tra mezzo miglio, svoltare a destra")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)), "Tra 200 metri, alla rotonda, prendere la terza uscita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "via Roma")),
                       "Tra 300 metri, svoltare a sinistra, poi svoltare a destra in via Roma")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Tra 100 metri, la destinazione sarà sulla destra")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Ha raggiunto la destinazione")
        XCTAssertEqual(p.say(S.maneuver(.fork, .slightLeft), .distance, metres(500)), "Tra 500 metri, al bivio, tenere la sinistra")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Bergamo, Brescia", exits: "23"), .range, km(2), short: true),
                       "Tra 2 chilometri, prendere l'uscita")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")), "Al prossimo semaforo, svoltare a destra")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Proseguire per 12 chilometri")
    }
}
