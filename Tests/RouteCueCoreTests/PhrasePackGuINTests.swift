import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// gu-IN (`config/phrases/gu-IN.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackGuINTests: PhrasePackTestCase {
    override class var packTag: String { "gu-IN" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_areInvariant_andHalvesUseDodhAndAdhi() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300 મીટર પછી, ડાબે વળો")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "1 કિલોમીટર પછી, જમણે વળો")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "5 કિલોમીટર પછી, જમણે વળો")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "દોઢ કિલોમીટર પછી, થોડા જમણે વળો")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2.5)), "અઢી કિલોમીટર પછી, ડાબે વળો")
        let gu = try S.pack("gu-IN")
        XCTAssertEqual(gu.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "12 કિલોમીટર સુધી સીધા ચાલુ રાખો")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "હવે ડાબે વળો")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "200 મીટર પછી, ગોળ ચક્કર પર, ત્રીજો એક્ઝિટ લો")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "આશ્રમ રોડ", destinations: "વડોદરા", exitNumber: 2), .action),
                       "હવે ગોળ ચક્કર પર, બીજો એક્ઝિટ લો અને આશ્રમ રોડ પર જાઓ, વડોદરા તરફ")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "આશ્રમ રોડ")),
                       "300 મીટર પછી, ડાબે વળો, ત્યારબાદ જમણે વળો અને આશ્રમ રોડ પર જાઓ")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100 મીટર પછી, તમારું ગંતવ્ય જમણી બાજુ હશે")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "તમારું ગંતવ્ય ડાબી બાજુ છે")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "તમે તમારા ગંતવ્ય સ્થાન પર પહોંચી ગયા છો")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "આગલા ટ્રાફિક સિગ્નલ પર, ડાબે વળો")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "આશ્રમ રોડ", destinations: "વડોદરા"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "300 મીટર પછી, ડાબે વળો")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Ashram Road"), .distance, m(300)), "300 મીટર પછી, ડાબે વળો")
        let gu = try S.pack("gu-IN")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 23.0, longitude: 72.6))
        XCTAssertEqual(gu.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "300 મીટર આગળ સ્પીડ કેમેરા છે")
    }
}
