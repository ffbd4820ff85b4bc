import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// hi-IN (`config/phrases/hi-IN.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackHiINTests: PhrasePackTestCase {
    override class var packTag: String { "hi-IN" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_areInvariant_andHalvesUseDedhAndDhai() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300 मीटर बाद, बाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "1 किलोमीटर बाद, दाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "5 किलोमीटर बाद, दाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "डेढ़ किलोमीटर बाद, थोड़ा दाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2.5)), "ढाई किलोमीटर बाद, बाएँ मुड़ें")
        let hi = try S.pack("hi-IN")
        XCTAssertEqual(hi.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "12 किलोमीटर तक सीधे चलते रहें")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "अब बाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "200 मीटर बाद, गोल चक्कर पर, तीसरा निकास लें")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "जनपथ", destinations: "आगरा", exitNumber: 2), .action),
                       "अब गोल चक्कर पर, दूसरा निकास लें और जनपथ पर जाएँ, आगरा की ओर")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "जनपथ")),
                       "300 मीटर बाद, बाएँ मुड़ें, फिर दाएँ मुड़ें और जनपथ पर जाएँ")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100 मीटर बाद, आपकी मंज़िल दाईं ओर होगी")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "आपकी मंज़िल बाईं ओर है")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "आप अपनी मंज़िल पर पहुँच गए हैं")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "अगली ट्रैफ़िक लाइट पर, बाएँ मुड़ें")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "जनपथ", destinations: "आगरा"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "300 मीटर बाद, बाएँ मुड़ें")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Janpath"), .distance, m(300)), "300 मीटर बाद, बाएँ मुड़ें")
        let hi = try S.pack("hi-IN")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 28.6, longitude: 77.2))
        XCTAssertEqual(hi.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "300 मीटर आगे स्पीड कैमरा है")
    }
}
