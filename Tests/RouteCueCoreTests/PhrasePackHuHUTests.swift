import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Hungarian (`config/phrases/hu-HU.json`) as a native listener expects it from a car navigation voice.
final class PhrasePackHuHUTests: XCTestCase {
    private typealias S = PhrasePackSamples

    func test_hungarian_readsAsHungarianNavigationSpeaks() throws {
        let p = try S.pack("hu-HU")
        XCTAssertEqual(p.voice, "hu")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300)), "300 méter múlva forduljon balra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .action), "Most forduljon balra")
        // Singular after every number; "két", "másfél" spelled.
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1)), "Egy kilométer múlva forduljon jobbra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(1.5)), "Másfél kilométer múlva forduljon jobbra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(2)), "Két kilométer múlva forduljon jobbra")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .range, km(5)), "5 kilométer múlva forduljon jobbra")
        // The article agrees with the ordinal's first sound.
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200 méter múlva a körforgalomban hajtson ki a harmadik kijáraton")
        XCTAssertEqual(p.say(S.maneuver(.roundabout, .right, exitNumber: 1), .action), "Most a körforgalomban hajtson ki az első kijáraton")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Kossuth Lajos utca")),
                       "300 méter múlva forduljon balra, majd forduljon jobbra, erre: Kossuth Lajos utca")
        XCTAssertEqual(p.say(S.maneuver(.arrive, .right), .distance, metres(100)), "100 méter múlva az úti cél a jobb oldalon lesz")
        XCTAssertEqual(p.say(S.maneuver(.arrive), .action), "Megérkezett az úti célhoz")
        XCTAssertEqual(p.say(S.maneuver(.turn, .left, road: "Kossuth Lajos utca", destinations: "Győr"), .distance, metres(300), short: true),
                       "300 méter múlva forduljon balra")
        XCTAssertEqual(p.say(S.maneuver(.keep, .left, destinations: "Győr, Tatabánya"), .range, km(2)),
                       "Két kilométer múlva tartson balra, Győr és Tatabánya felé")
        XCTAssertEqual(p.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "A következő jelzőlámpánál forduljon jobbra")
        XCTAssertEqual(p.say(.continueFor(km(12))), "Haladjon egyenesen tizenkét kilométeren át")
    }
}
