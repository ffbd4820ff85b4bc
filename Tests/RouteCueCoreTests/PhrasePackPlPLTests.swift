import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// pl-PL (`config/phrases/pl-PL.json`): sentences as a Polish navigation voice says them, checked by hand —
/// Polish plural (1 / 2–4 / 5+ / fractions), the masculine ordinal for "zjazd", names as appositions.
final class PhrasePackPlPLTests: PhrasePackTestCase {
    override class var packTag: String { "pl-PL" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_countTheDistanceWithPolishPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Za 300 metrów skręć w lewo")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Teraz skręć w lewo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Za jeden kilometr skręć w prawo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Za 2 kilometry skręć w prawo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "Za 5 kilometrów skręć w prawo")
        XCTAssertEqual(try say(S.maneuver(.turn, .sharpLeft), .range, km(1.5)), "Za półtora kilometra skręć ostro w lewo")
    }

    func test_roundaboutThenArrival_readAsPolishNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Za 200 metrów na rondzie wybierz trzeci zjazd")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Marszałkowska")),
                       "Za 300 metrów skręć w lewo, a potem skręć w prawo, Marszałkowska")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Za 100 metrów dojedziesz do celu po prawej stronie")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Cel znajduje się po prawej stronie")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Jesteś u celu")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Na najbliższych światłach skręć w lewo")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "Kraków, Katowice", exits: "23"), .range, km(2)),
                       "Za 2 kilometry zjedź zjazdem 23, kierunek Kraków i Katowice")
        XCTAssertEqual(try say(S.maneuver(.keep, .slightLeft), .distance, m(300)), "Za 300 metrów trzymaj się lewej strony")
    }

    func test_shortForm_continue_andMiles() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Marszałkowska", destinations: "Kraków"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Za 300 metrów skręć w lewo")
        let pl = try S.pack("pl-PL")
        XCTAssertEqual(pl.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Jedź prosto przez 12 kilometrów")
        XCTAssertEqual(pl.text(for: CuePhraseRequest(subject: .continueFor(SpokenDistance(value: 2, unit: .mile))), units: .imperialUK),
                       "Jedź prosto przez dwie mile")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, SpokenDistance(value: 0.5, unit: .mile), units: .imperialUK), "Za pół mili zawróć")
    }
}
