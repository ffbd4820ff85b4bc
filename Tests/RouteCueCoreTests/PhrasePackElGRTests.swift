import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Greek (`config/phrases/el-GR.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackElGRTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_greek_readsAsGreekNavigationSpeaks() throws {
        let p = try S.pack("el-GR")
        XCTAssertEqual(p.voice, "el")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Τώρα, στρίψτε αριστερά")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Σε ένα χιλιόμετρο, στρίψτε δεξιά")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Σε ενάμισι χιλιόμετρο, στρίψτε δεξιά")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "Σε 5 χιλιόμετρα, στρίψτε δεξιά")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, yards(200), units: .imperialUK), "Σε διακόσιες γιάρδες, στρίψτε δεξιά")
        // The article before the feminine ordinal keeps or drops its ν by the next sound.
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Σε 200 μέτρα, στον κυκλικό κόμβο, πάρτε την τρίτη έξοδο")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 2), .action), "Τώρα, στον κυκλικό κόμβο, πάρτε τη δεύτερη έξοδο")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Ερμού")),
                       "Σε 300 μέτρα, στρίψτε αριστερά και μετά στρίψτε δεξιά προς Ερμού")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "Σε 100 μέτρα, ο προορισμός σας θα είναι στα δεξιά σας")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Φτάσατε στον προορισμό σας")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "Ερμού", destinations: "Λαμία"), .distance, metres(300), short: true),
                       "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(p.say(S.maneuver(.offRamp, .slightRight, destinations: "Λαμία, Θεσσαλονίκη", exits: "23"), .range, km(2)),
                       "Σε 2 χιλιόμετρα, πάρτε την έξοδο 23 με κατεύθυνση Λαμία και Θεσσαλονίκη")
        // A Latin-script name is left out rather than read with Greek rules.
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "Main Street"), .distance, metres(300)), "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Συνεχίστε ευθεία για 12 χιλιόμετρα")
    }
}
