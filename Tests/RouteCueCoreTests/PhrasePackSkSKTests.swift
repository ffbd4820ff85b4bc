import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// sk-SK (`config/phrases/sk-SK.json`): sentences as a Slovak navigation voice says them, checked by hand —
/// the accusative after "o" (1 / 2–4 / 5+ / fractions spelled), feminine "míľa", the ordinal for "výjazd".
final class PhrasePackSkSKTests: PhrasePackTestCase {
    override class var packTag: String { "sk-SK" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithSlovakPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "O 300 metrov odbočte doľava")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Teraz odbočte doľava")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "O jeden kilometer odbočte doprava")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "O 2 kilometre odbočte doprava")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "O 5 kilometrov odbočte doprava")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "O jeden a pol kilometra odbočte mierne doľava")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "O jednu míľu urobte otočku")
    }

    func test_roundaboutThenArrival_readAsSlovakNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "O 200 metrov na kruhovom objazde použite tretí výjazd")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Obchodná ulica")),
                       "O 300 metrov odbočte doľava, potom odbočte doprava, Obchodná ulica")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "O 100 metrov prídete do cieľa po pravej strane")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Cieľ je po pravej strane")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Na najbližšom semafore odbočte doľava")
    }

    func test_shortForm_continue_andWarning() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Obchodná ulica", destinations: "Bratislava"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "O 300 metrov odbočte doľava")
        let sk = try S.pack("sk-SK")
        XCTAssertEqual(sk.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Pokračujte rovno 12 kilometrov")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 48.1, longitude: 17.1))
        XCTAssertEqual(sk.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(500))), units: .metric), "O 500 metrov rýchlostný radar")
    }
}
