import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// uk-UA (`config/phrases/uk-UA.json`): sentences as a Ukrainian navigation voice says them, checked by hand —
/// east Slavic plural (1 / 2–4 / 5+ / fractions), feminine "миля", the ordinal for "з'їзд", Cyrillic only.
final class PhrasePackUkUATests: PhrasePackTestCase {
    override class var packTag: String { "uk-UA" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithUkrainianPlurals() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Через 300 метрів поверніть ліворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Зараз поверніть ліворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Через 1 кілометр поверніть праворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Через 2 кілометри поверніть праворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "Через 5 кілометрів поверніть праворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Через півтора кілометра поверніть плавно ліворуч")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "Через одну милю розверніться")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(5), units: .imperialUS), "Через 5 миль розверніться")
    }

    func test_roundaboutThenArrival_readAsUkrainianNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "Через 200 метрів на круговому русі зверніть на третій з'їзд")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "вулиця Хрещатик")),
                       "Через 300 метрів поверніть ліворуч, потім поверніть праворуч, вулиця Хрещатик")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Через 100 метрів ви прибудете до пункту призначення праворуч")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Пункт призначення праворуч")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "На найближчому світлофорі поверніть ліворуч")
    }

    func test_shortForm_continue_andLatinNamesLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "вулиця Хрещатик", destinations: "Київ"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Через 300 метрів поверніть ліворуч")
        let uk = try S.pack("uk-UA")
        XCTAssertEqual(uk.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Рухайтеся прямо 12 кілометрів")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Main Street", destinations: "Київ, Lviv"), .distance, m(300)),
                       "Через 300 метрів поверніть ліворуч, напрямок Київ")
    }
}
