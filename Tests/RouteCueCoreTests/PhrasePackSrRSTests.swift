import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// sr-RS (`config/phrases/sr-RS.json`): sentences as a Serbian navigation voice says them, checked by hand —
/// the plural after "за" (1 / 2–4 / 5+), feminine "миља", the locative ordinal for "излаз", Cyrillic wording.
final class PhrasePackSrRSTests: PhrasePackTestCase {
    override class var packTag: String { "sr-RS" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithSerbianPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "За 300 метара скрените лево")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Сада скрените лево")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "За 1 километар скрените десно")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "За 2 километра скрените десно")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "За 5 километара скрените десно")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "За километар и по скрените благо лево")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "За једну миљу направите полукружни окрет")
    }

    func test_roundaboutThenArrival_readAsSerbianNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "За 200 метара на кружном току изађите на трећем излазу")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Кнеза Михаила")),
                       "За 300 метара скрените лево, затим скрените десно, Кнеза Михаила")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "За 100 метара долазите на одредиште са десне стране")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Одредиште је са десне стране")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "На следећем семафору скрените лево")
    }

    func test_shortForm_andContinue() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Кнеза Михаила", destinations: "Београд"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "За 300 метара скрените лево")
        let sr = try S.pack("sr-RS")
        XCTAssertEqual(sr.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Наставите право 12 километара")
    }
}
