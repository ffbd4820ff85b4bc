import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// ru-RU (`config/phrases/ru-RU.json`): sentences as a Russian navigation voice says them, checked by hand —
/// east Slavic plural (1 / 2–4 / 5+ / fractions), feminine "миля", the ordinal for "съезд", Cyrillic only.
final class PhrasePackRuRUTests: PhrasePackTestCase {
    override class var packTag: String { "ru-RU" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithRussianPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Через 300 метров поверните налево")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Сейчас поверните налево")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Через 1 километр поверните направо")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Через 2 километра поверните направо")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "Через 5 километров поверните направо")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Через 1,5 километра поверните плавно налево")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "Через одну милю развернитесь")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(2), units: .imperialUS), "Через две мили развернитесь")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(5), units: .imperialUS), "Через 5 миль развернитесь")
    }

    func test_roundaboutThenArrival_readAsRussianNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Через 200 метров на круговом движении сверните на третий съезд")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "улица Ленина")),
                       "Через 300 метров поверните налево, затем поверните направо, улица Ленина")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Через 100 метров вы прибудете в пункт назначения справа")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Пункт назначения справа")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Вы прибыли в пункт назначения")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "На ближайшем светофоре поверните налево")
    }

    func test_shortForm_continue_andLatinNamesLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "улица Ленина", destinations: "Москва"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Через 300 метров поверните налево")
        let ru = try S.pack("ru-RU")
        XCTAssertEqual(ru.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Продолжайте движение прямо 12 километров")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Main Street", destinations: "Москва, Riga"), .distance, m(300)),
                       "Через 300 метров поверните налево, направление Москва")
    }
}
