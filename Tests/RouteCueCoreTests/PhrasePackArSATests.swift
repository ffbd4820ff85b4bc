import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// ar-SA (`config/phrases/ar-SA.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackArSATests: PhrasePackTestCase {
    override class var packTag: String { "ar-SA" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_agreeWithTheirNumber() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "بعد 300 متر، انعطف يسارًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(50)), "بعد 50 مترًا، انعطف يسارًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "بعد كيلومتر واحد، انعطف يمينًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "بعد كيلومترين، انعطف يمينًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "بعد 5 كيلومِترات، انعطف يمينًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "بعد كيلومتر وَنِصف، انعطف قليلًا إلى اليمين")
        let ar = try S.pack("ar-SA")
        XCTAssertEqual(ar.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "تابع السير لِمَسافَةِ 12 كيلومترًا")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "الآن، انعطف يسارًا")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "بعد 200 متر، عند الدوار، اُسلُك المخرج الثالث")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "شارع الملك فهد", destinations: "الرياض", exitNumber: 12), .action),
                       "الآن، عند الدوار، اُسلُك المخرج الثاني عشر إلى شارع الملك فهد نحو الرياض")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "شارع العليا")),
                       "بعد 300 متر، انعطف يسارًا، ثم انعطف يمينًا إلى شارع العليا")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "بعد 100 متر، سَتَصِل إلى وِجهَتِك على اليمين")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "وِجهَتُك على اليسار")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "لَقَد وَصَلتَ إلى وِجهَتِك")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "عند الإشارة الضوئية التالية، انعطف يسارًا")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "شارع العليا", destinations: "جدة"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "بعد 300 متر، انعطف يسارًا")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "King Fahd Road"), .distance, m(300)), "بعد 300 متر، انعطف يسارًا")
        let ar = try S.pack("ar-SA")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 24.7, longitude: 46.7))
        XCTAssertEqual(ar.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "كاميرا مراقبة السرعة بعد 300 متر")
    }
}
