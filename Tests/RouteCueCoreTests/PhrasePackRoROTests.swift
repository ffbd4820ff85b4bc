import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Romanian (`config/phrases/ro-RO.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackRoROTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_romanian_readsAsRomanianNavigationSpeaks() throws {
        let p = try S.pack("ro-RO")
        XCTAssertEqual(p.voice, "ro")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Peste 300 de metri, virați la stânga")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Acum, virați la stânga")
        // "de" from 20 up, not below; 1.5 said "și jumătate".
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Peste un kilometru, virați la dreapta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Peste un kilometru și jumătate, virați la dreapta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "Peste 5 kilometri, virați la dreapta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(20)), "Peste 20 de kilometri, virați la dreapta")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, miles(2), units: .imperialUK), "Peste două mile, virați la dreapta")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Peste 200 de metri, la sensul giratoriu, luați a treia ieșire")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 1), .action), "Acum, la sensul giratoriu, luați prima ieșire")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "strada Victoriei")),
                       "Peste 300 de metri, virați la stânga, apoi virați la dreapta pe strada Victoriei")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Peste 100 de metri, destinația va fi pe dreapta")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Ați ajuns la destinație")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "strada Victoriei", destinations: "Brașov"), .distance, metres(300), short: true),
                       "Peste 300 de metri, virați la stânga")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Brașov, Sibiu", exits: "23"), .range, km(2)),
                       "Peste 2 kilometri, luați ieșirea 23 în direcția Brașov și Sibiu")
        XCTAssertEqual(p.say(S.maneuver(.keep, .left), .distance, metres(500)), "Peste 500 de metri, țineți stânga")
        let at = Coordinate(latitude: 44.4, longitude: 26.1)
        XCTAssertEqual(p.say(.warning(RouteWarning(kind: "speed_camera", location: at), distance: metres(500))), "Radar la 500 de metri")
    }
}
