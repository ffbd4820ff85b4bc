import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// ta-IN (`config/phrases/ta-IN.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackTaINTests: PhrasePackTestCase {
    override class var packTag: String { "ta-IN" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_areLocative_andHalvesInWords() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300 மீட்டரில், இடதுபுறம் திரும்பவும்")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "1 கிலோமீட்டரில், வலதுபுறம் திரும்பவும்")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "5 கிலோமீட்டரில், வலதுபுறம் திரும்பவும்")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "ஒன்றரை கிலோமீட்டரில், சற்று வலதுபுறம் திரும்பவும்")
        let ta = try S.pack("ta-IN")
        XCTAssertEqual(ta.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "12 கிலோமீட்டர் நேராகச் செல்லவும்")
        XCTAssertEqual(ta.text(for: CuePhraseRequest(subject: .continueFor(km(2.5))), units: .metric), "இரண்டரை கிலோமீட்டர் நேராகச் செல்லவும்")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "இப்போது இடதுபுறம் திரும்பவும்")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "200 மீட்டரில், ரவுண்டானாவில், மூன்றாவது வெளியேறும் வழியில் செல்லவும்")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "அண்ணா சாலை", destinations: "மதுரை", exitNumber: 2), .action),
                       "இப்போது ரவுண்டானாவில், இரண்டாவது வெளியேறும் வழியில் செல்லவும், அண்ணா சாலை வழியாக, மதுரை நோக்கி")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.keep, .right)),
                       "300 மீட்டரில், இடதுபுறம் திரும்பவும், பிறகு வலதுபுறமாகச் செல்லவும்")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100 மீட்டரில், உங்கள் சேருமிடம் வலதுபுறம் இருக்கும்")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "உங்கள் சேருமிடம் இடதுபுறம் உள்ளது")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "நீங்கள் சேருமிடத்தை அடைந்துவிட்டீர்கள்")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "அடுத்த போக்குவரத்து சிக்னலில், இடதுபுறம் திரும்பவும்")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "அண்ணா சாலை", destinations: "மதுரை"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "300 மீட்டரில், இடதுபுறம் திரும்பவும்")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Anna Salai"), .distance, m(300)), "300 மீட்டரில், இடதுபுறம் திரும்பவும்")
        let ta = try S.pack("ta-IN")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 13.0, longitude: 80.2))
        XCTAssertEqual(ta.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "300 மீட்டரில் வேகக் கேமரா உள்ளது")
    }
}
