import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Flemish (`config/phrases/nl-BE.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackNlBETests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_flemish_readsAsFlemishNavigationSpeaks() throws {
        let p = try S.pack("nl-BE")
        XCTAssertEqual(p.voice, "nl")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Binnen 300 meter slaat u links af")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Nu slaat u links af")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Binnen één kilometer slaat u rechts af")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Binnen 1,5 kilometer slaat u rechts af")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "Binnen 5 kilometer slaat u rechts af")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Binnen 200 meter neemt u aan het rondpunt de derde afslag")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right), .action), "Nu slaat u aan het rondpunt rechts af")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Kerkstraat")),
                       "Binnen 300 meter slaat u links af, daarna slaat u rechts af naar Kerkstraat")
        XCTAssertEqual(p.say(S.maneuver(.useLane, .left), .distance, metres(300)), "Binnen 300 meter neemt u het linkerrijvak")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Aan de volgende verkeerslichten slaat u rechts af")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Binnen 100 meter bereikt u uw bestemming aan de rechterkant")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "U heeft uw bestemming bereikt")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "Kerkstraat", destinations: "Gent"), .distance, metres(300), short: true),
                       "Binnen 300 meter slaat u links af")
        let at = Coordinate(latitude: 51.0, longitude: 3.7)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "speed_camera", location: at), distance: metres(500))), "Flitspaal binnen 500 meter")
    }
}
