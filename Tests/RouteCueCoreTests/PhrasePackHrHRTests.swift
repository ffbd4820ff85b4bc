import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// hr-HR (`config/phrases/hr-HR.json`): sentences as a Croatian navigation voice says them, checked by hand —
/// the plural after "za" (1 / 2–4 / 5+), feminine "milja", the locative ordinal for "izlaz", Latin script.
final class PhrasePackHrHRTests: PhrasePackTestCase {
    override class var packTag: String { "hr-HR" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithCroatianPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Za 300 metara skrenite lijevo")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Sada skrenite lijevo")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Za 1 kilometar skrenite desno")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Za 2 kilometra skrenite desno")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "Za 5 kilometara skrenite desno")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Za kilometar i pol skrenite blago lijevo")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "Za jednu milju napravite polukružno okretanje")
    }

    func test_roundaboutThenArrival_readAsCroatianNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Za 200 metara na kružnom toku izađite na trećem izlazu")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Ilica")),
                       "Za 300 metara skrenite lijevo, zatim skrenite desno, Ilica")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Za 100 metara dolazite na odredište s desne strane")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Odredište je s desne strane")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Na sljedećem semaforu skrenite lijevo")
    }

    func test_shortForm_andContinue() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Ilica", destinations: "Zagreb"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Za 300 metara skrenite lijevo")
        let hr = try S.pack("hr-HR")
        XCTAssertEqual(hr.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Nastavite ravno 12 kilometara")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 45.8, longitude: 16.0))
        XCTAssertEqual(hr.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(500))), units: .metric), "Za 500 metara kamera za nadzor brzine")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Ilica", destinations: "Карлово, Zagreb"), .distance, m(300)),
                       "Za 300 metara skrenite lijevo, Ilica, smjer Zagreb")
    }
}
