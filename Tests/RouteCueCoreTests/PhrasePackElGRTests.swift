import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Greek (`config/phrases/el-GR.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackElGRTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func say(_ pack: PhrasePack, _ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil,
                     then: Maneuver? = nil, landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(m, stage, d, then: then, landmark: landmark, short: short, units: units)
    }

    private func say(_ pack: PhrasePack, _ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(subject, short: short, units: units)
    }


    func test_greek_readsAsGreekNavigationSpeaks() throws {
        let p = try S.pack("el-GR")
        XCTAssertEqual(p.voice, "el")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300)), "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .action), "Τώρα, στρίψτε αριστερά")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1)), "Σε ένα χιλιόμετρο, στρίψτε δεξιά")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1.5)), "Σε ενάμισι χιλιόμετρο, στρίψτε δεξιά")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(5)), "Σε 5 χιλιόμετρα, στρίψτε δεξιά")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .distance, yards(200), units: .imperialUK), "Σε διακόσιες γιάρδες, στρίψτε δεξιά")
        // The article before the feminine ordinal keeps or drops its ν by the next sound.
        XCTAssertEqual(say(p, S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Σε 200 μέτρα, στον κυκλικό κόμβο, πάρτε την τρίτη έξοδο")
        XCTAssertEqual(say(p, S.maneuver(.roundabout, .right, exitNumber: 2), .action), "Τώρα, στον κυκλικό κόμβο, πάρτε τη δεύτερη έξοδο")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Ερμού")),
                       "Σε 300 μέτρα, στρίψτε αριστερά και μετά στρίψτε δεξιά προς Ερμού")
        XCTAssertEqual(say(p, S.maneuver(.arrive, .right), .distance, metres(100)), "Σε 100 μέτρα, ο προορισμός σας θα είναι στα δεξιά σας")
        XCTAssertEqual(say(p, S.maneuver(.arrive), .action), "Φτάσατε στον προορισμό σας")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left, road: "Ερμού", destinations: "Λαμία"), .distance, metres(300), short: true),
                       "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(say(p, S.maneuver(.offRamp, .slightRight, destinations: "Λαμία, Θεσσαλονίκη", exits: "23"), .range, km(2)),
                       "Σε 2 χιλιόμετρα, πάρτε την έξοδο 23 με κατεύθυνση Λαμία και Θεσσαλονίκη")
        // A Latin-script name is left out rather than read with Greek rules.
        XCTAssertEqual(say(p, S.maneuver(.turn, .left, road: "Main Street"), .distance, metres(300)), "Σε 300 μέτρα, στρίψτε αριστερά")
        XCTAssertEqual(say(p, .continueFor(km(12))), "Συνεχίστε ευθεία για 12 χιλιόμετρα")
    }
}
