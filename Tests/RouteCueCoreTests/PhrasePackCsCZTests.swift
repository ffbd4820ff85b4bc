import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// cs-CZ (`config/phrases/cs-CZ.json`): sentences as a Czech navigation voice says them, checked by hand —
/// Czech plural (1 / 2–4 / 5+ / fractions), the instrumental ordinal for "výjezdem", names as appositions.
final class PhrasePackCsCZTests: PhrasePackTestCase {
    override class var packTag: String { "cs-CZ" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_countTheDistanceWithCzechPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Za 300 metrů odbočte vlevo")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Nyní odbočte vlevo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Za jeden kilometr odbočte vpravo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Za 2 kilometry odbočte vpravo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "Za 5 kilometrů odbočte vpravo")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Za jeden a půl kilometru odbočte mírně vlevo")
    }

    func test_roundaboutThenArrival_readAsCzechNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Za 200 metrů na kruhovém objezdu vyjeďte třetím výjezdem")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Vinohradská")),
                       "Za 300 metrů odbočte vlevo, potom odbočte vpravo, Vinohradská")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Za 100 metrů dorazíte do cíle po pravé straně")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Cíl je po pravé straně")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Dorazili jste do cíle")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Na příštím semaforu odbočte vlevo")
        XCTAssertEqual(try say(S.maneuver(.fork, .slightLeft, destinations: "Brno, Jihlava"), .distance, m(500)),
                       "Za 500 metrů na rozcestí jeďte vlevo, směr Brno a Jihlava")
    }

    func test_shortForm_continue_andMiles() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Vinohradská", destinations: "Brno"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Za 300 metrů odbočte vlevo")
        let cs = try S.pack("cs-CZ")
        XCTAssertEqual(cs.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Pokračujte rovně 12 kilometrů")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, SpokenDistance(value: 2, unit: .mile), units: .imperialUK), "Za dvě míle proveďte obrat")
    }
}
