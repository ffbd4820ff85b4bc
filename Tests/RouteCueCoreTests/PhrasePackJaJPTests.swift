import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// ja-JP (`config/phrases/ja-JP.json`): sentences in kana as Japanese car navigation says them, checked by hand —
/// "〜さき、ひだりほうこうです", ordinals with ばんめ, the decimal word てん, kanji names left out.
final class PhrasePackJaJPTests: PhrasePackTestCase {
    override class var packTag: String { "ja-JP" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_sayTheDistanceAndDirection() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300メートルさき、ひだりほうこうです")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "まもなく、ひだりほうこうです")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "1てん5キロさき、ななめみぎほうこうです")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "おもてさんどう", destinations: "しんじゅく, しぶや"), .range, km(2)),
                       "2キロさき、しんじゅく、しぶやほうめん、みぎほうこうです、おもてさんどうに はいります")
    }

    func test_roundaboutThenArrival_readAsJapaneseNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 4), .distance, m(200)),
                       "200メートルさき、かんじょうこうさてんで、よんばんめの でぐちに すすんでください")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right)),
                       "300メートルさき、ひだりほうこうです、その さき、みぎほうこうです")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100メートルさき、みぎがわに もくてきちが あります")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "もくてきちに とうちゃくしました、みぎがわです")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "つぎの しんごうを みぎほうこうです")
    }

    func test_shortForm_continue_andKanjiNamesLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "おもてさんどう"), .distance, m(300), then: S.maneuver(.turn, .right), short: true),
                       "300メートルさき、ひだりほうこうです")
        let ja = try S.pack("ja-JP")
        XCTAssertEqual(ja.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "この さき、12キロ みちなりです")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "表参道", destinations: "新宿, しぶや"), .distance, m(300)),
                       "300メートルさき、しぶやほうめん、ひだりほうこうです")
    }
}
