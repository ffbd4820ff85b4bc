import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// fi-FI (`config/phrases/fi-FI.json`): sentences as a Finnish navigation voice says them, checked by hand —
/// numerals in the genitive before "päästä" (spelled out, since espeak-ng reads digits in the nominative), the
/// partitive after a number in "jatka suoraan", names after "tielle" / "suuntana".
final class PhrasePackFiFITests: PhrasePackTestCase {
    override class var packTag: String { "fi-FI" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_sayTheDistanceInTheGenitive() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Kolmensadan metrin päästä käänny vasemmalle")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(250)), "Kahdensadan viidenkymmenen metrin päästä käänny vasemmalle")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nyt käänny vasemmalle")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Yhden kilometrin päästä käänny oikealle")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1.5)), "Puolentoista kilometrin päästä käänny oikealle")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(25)), "Kahdenkymmenenviiden kilometrin päästä käänny oikealle")
    }

    func test_roundaboutThenArrival_readAsFinnishNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Kahdensadan metrin päästä ota liikenneympyrästä kolmas liittymä")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Mannerheimintie")),
                       "Kolmensadan metrin päästä käänny vasemmalle, sitten käänny oikealle tielle Mannerheimintie")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Sadan metrin päästä saavut määränpäähän, joka on oikealla")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Määränpää on oikealla")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Olet saapunut määränpäähän")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Seuraavissa liikennevaloissa käänny vasemmalle")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "Mannerheimintie", destinations: "Tampere, Hämeenlinna"), .action),
                       "Nyt käänny oikealle tielle Mannerheimintie, suuntana Tampere ja Hämeenlinna")
    }

    func test_shortForm_andContinueInThePartitive() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Mannerheimintie", destinations: "Tampere"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Kolmensadan metrin päästä käänny vasemmalle")
        let fi = try S.pack("fi-FI")
        XCTAssertEqual(fi.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Jatka suoraan 12 kilometriä")
        XCTAssertEqual(fi.text(for: CuePhraseRequest(subject: .continueFor(km(1))), units: .metric), "Jatka suoraan yhden kilometrin")
        XCTAssertEqual(fi.text(for: CuePhraseRequest(subject: .continueFor(km(1.5))), units: .metric), "Jatka suoraan puolitoista kilometriä")
    }
}
