import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// fa-IR (`config/phrases/fa-IR.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackFaIRTests: PhrasePackTestCase {
    override class var packTag: String { "fa-IR" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_keepTheSingularNoun_andSpellHalves() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "پس از 300 متر، به چپ بپیچید")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "پس از 1 کیلومتر، به راست بپیچید")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "پس از 2 کیلومتر، به راست بپیچید")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "پس از یک و نیم کیلومتر، کمی به راست بپیچید")
        let fa = try S.pack("fa-IR")
        XCTAssertEqual(fa.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "12 کیلومتر در همین مسیر ادامه دهید")
        XCTAssertEqual(fa.text(for: CuePhraseRequest(subject: .continueFor(SpokenDistance(value: 0.5, unit: .mile))), units: .imperialUS),
                       "نیم مایل در همین مسیر ادامه دهید")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "اکنون به چپ بپیچید")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "پس از 200 متر، در میدان، از خروجیِ سوم خارج شوید")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, road: "خیابان آزادی", destinations: "کرج", exitNumber: 2, rotaryName: "میدان آزادی"), .action),
                       "اکنون در میدان آزادی، از خروجیِ دوم خارج شوید و وارد خیابان آزادی شوید، به سمت کرج")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "خیابان ولیعصر")),
                       "پس از 300 متر، به چپ بپیچید، سپس به راست بپیچید و وارد خیابان ولیعصر شوید")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "پس از 100 متر، به مقصد در سمت راست می‌رسید")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "مقصد در سمت چپ است")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "به مقصد رسیدید")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "در چراغ راهنمایی بعدی، به چپ بپیچید")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "خیابان ولیعصر", destinations: "تهران"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "پس از 300 متر، به چپ بپیچید")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Valiasr Street"), .distance, m(300)), "پس از 300 متر، به چپ بپیچید")
        let fa = try S.pack("fa-IR")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 35.7, longitude: 51.4))
        XCTAssertEqual(fa.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "دوربین کنترل سرعت، 300 متر جلوتر")
    }
}
