import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Hungarian (`config/phrases/hu-HU.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackHuHUTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func say(_ pack: PhrasePack, _ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil,
                     then: Maneuver? = nil, landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(m, stage, d, then: then, landmark: landmark, short: short, units: units)
    }

    private func say(_ pack: PhrasePack, _ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) -> String {
        pack.say(subject, short: short, units: units)
    }

    func test_hungarian_readsAsHungarianNavigationSpeaks() throws {
        let p = try S.pack("hu-HU")
        XCTAssertEqual(p.voice, "hu")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300)), "300 méter múlva forduljon balra")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .action), "Most forduljon balra")
        // Singular after every number; "két", "másfél" spelled.
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1)), "Egy kilométer múlva forduljon jobbra")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(1.5)), "Másfél kilométer múlva forduljon jobbra")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(2)), "Két kilométer múlva forduljon jobbra")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .range, km(5)), "5 kilométer múlva forduljon jobbra")
        // The article agrees with the ordinal's first sound.
        XCTAssertEqual(say(p, S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200 méter múlva a körforgalomban hajtson ki a harmadik kijáraton")
        XCTAssertEqual(say(p, S.maneuver(.roundabout, .right, exitNumber: 1), .action), "Most a körforgalomban hajtson ki az első kijáraton")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Kossuth Lajos utca")),
                       "300 méter múlva forduljon balra, majd forduljon jobbra, erre: Kossuth Lajos utca")
        XCTAssertEqual(say(p, S.maneuver(.arrive, .right), .distance, metres(100)), "100 méter múlva az úti cél a jobb oldalon lesz")
        XCTAssertEqual(say(p, S.maneuver(.arrive), .action), "Megérkezett az úti célhoz")
        XCTAssertEqual(say(p, S.maneuver(.turn, .left, road: "Kossuth Lajos utca", destinations: "Győr"), .distance, metres(300), short: true),
                       "300 méter múlva forduljon balra")
        XCTAssertEqual(say(p, S.maneuver(.keep, .left, destinations: "Győr, Tatabánya"), .range, km(2)),
                       "Két kilométer múlva tartson balra, Győr és Tatabánya felé")
        XCTAssertEqual(say(p, S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "A következő jelzőlámpánál forduljon jobbra")
        XCTAssertEqual(say(p, .continueFor(km(12))), "Haladjon egyenesen tizenkét kilométeren át")
    }
}
