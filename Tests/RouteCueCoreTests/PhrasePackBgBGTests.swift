import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// bg-BG (`config/phrases/bg-BG.json`): sentences as a Bulgarian navigation voice says them, checked by hand —
/// the counting form of masculine units ("1 километър", "2 километра"), the definite ordinal for "изход", Cyrillic only.
final class PhrasePackBgBGTests: PhrasePackTestCase {
    override class var packTag: String { "bg-BG" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }

    func test_turns_countTheDistanceWithTheCountingForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "След 300 метра завийте наляво")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Сега завийте наляво")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "След 1 километър завийте надясно")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "След 2 километра завийте надясно")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "След километър и половина завийте леко наляво")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, mi(1), units: .imperialUS), "След една миля обърнете се")
    }

    func test_roundaboutThenArrival_readAsBulgarianNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "След 200 метра на кръговото кръстовище вземете третия изход")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "булевард Витоша")),
                       "След 300 метра завийте наляво, след това завийте надясно, булевард Витоша")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "След 100 метра ще пристигнете на местоназначението отдясно")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Местоназначението е отдясно")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "На следващия светофар завийте наляво")
    }

    func test_shortForm_continue_warning_andLatinNamesLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "булевард Витоша", destinations: "София"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "След 300 метра завийте наляво")
        let bg = try S.pack("bg-BG")
        XCTAssertEqual(bg.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Продължете направо 12 километра")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 42.7, longitude: 23.3))
        XCTAssertEqual(bg.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(500))), units: .metric), "След 500 метра камера за скорост")
        XCTAssertEqual(bg.text(for: CuePhraseRequest(subject: .warning(camera, distance: nil)), units: .metric), "Внимание, камера за скорост")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Main Street", destinations: "София, Varna"), .distance, m(300)),
                       "След 300 метра завийте наляво, посока София")
    }
}
