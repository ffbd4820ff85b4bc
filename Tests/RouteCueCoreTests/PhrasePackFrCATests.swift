import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Québec French (`config/phrases/fr-CA.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackFrCATests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_quebecFrench_readsAsQuebecNavigationSpeaks() throws {
        let p = try S.pack("fr-CA")
        XCTAssertEqual(p.voice, "fr")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Dans 300 mètres, tournez à gauche")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Maintenant, tournez à gauche")
        // French plural: below 2 is singular.
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Dans 1,5 kilomètre, tournez à droite")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(2)), "Dans 2 kilomètres, tournez à droite")
        XCTAssertEqual(p.say(S.maneuver(.uTurn), .distance, metres(200)), "Dans 200 mètres, faites un virage en U")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Dans 200 mètres, au carrefour giratoire, prenez la troisième sortie")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 12), .action), "Maintenant, au carrefour giratoire, prenez la douzième sortie")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "rue Sherbrooke")),
                       "Dans 300 mètres, tournez à gauche, puis tournez à droite sur rue Sherbrooke")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "stop_sign")),
                       "Au prochain panneau d'arrêt, tournez à droite")
        XCTAssertEqual(p.say(S.maneuver(.ferry), .distance, metres(500)), "Dans 500 mètres, prenez le traversier")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Dans 100 mètres, vous arriverez à destination sur votre droite")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Vous êtes arrivé à destination")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "rue Sherbrooke", destinations: "Québec"), .distance, metres(300), short: true),
                       "Dans 300 mètres, tournez à gauche")
        let at = Coordinate(latitude: 45.5, longitude: -73.6)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "speed_camera", location: at), distance: metres(500))), "Photo radar dans 500 mètres")
    }
}
