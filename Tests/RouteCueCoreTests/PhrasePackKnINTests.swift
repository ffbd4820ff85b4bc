@testable import RouteCueCore
import TestSupport
import XCTest

/// The Kannada pack (`config/phrases/kn-IN.json`) as a Kannada driver hears it: polite imperatives last, genitive plural before ನಂತರ ("300 ಮೀಟರ್‌ಗಳ ನಂತರ") but 1 ಕಿಲೋಮೀಟರ್, a roundabout called ವೃತ್ತ, spelled ordinals before ನಿರ್ಗಮನ.
final class PhrasePackKnINTests: PhrasePackTestCase {
    override class var packTag: String { "kn-IN" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: 12.97, longitude: 77.59)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "ಎಂಜಿ ರಸ್ತೆ"), .distance, metres(300)),
                       "300 ಮೀಟರ್‌ಗಳ ನಂತರ, ಎಂಜಿ ರಸ್ತೆ ಕಡೆಗೆ ಎಡಕ್ಕೆ ತಿರುಗಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "ಎಂಜಿ ರಸ್ತೆ", destinations: "ಮೈಸೂರು, ತುಮಕೂರು"), .action),
                       "ಈಗ ಮೈಸೂರು ಮತ್ತು ತುಮಕೂರು ದಿಕ್ಕಿನಲ್ಲಿ ಎಂಜಿ ರಸ್ತೆ ಕಡೆಗೆ ಬಲಕ್ಕೆ ತಿರುಗಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "1 ಕಿಲೋಮೀಟರ್ ನಂತರ, ಎಡಕ್ಕೆ ತಿರುಗಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "1.5 ಕಿಲೋಮೀಟರ್‌ಗಳ ನಂತರ, ಸ್ವಲ್ಪ ಎಡಕ್ಕೆ ಹೋಗಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "2 ಕಿಲೋಮೀಟರ್‌ಗಳ ನಂತರ, ಎಡಕ್ಕೆ ತಿರುಗಿ")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.25), units: .imperialUS), "ಕಾಲು ಮೈಲಿ ನಂತರ, ಯು-ಟರ್ನ್ ತೆಗೆದುಕೊಳ್ಳಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "ಮುಂದಿನ ಟ್ರಾಫಿಕ್ ಸಿಗ್ನಲ್‌ನಲ್ಲಿ, ಬಲಕ್ಕೆ ತಿರುಗಿ")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200 ಮೀಟರ್‌ಗಳ ನಂತರ, ವೃತ್ತದಲ್ಲಿ ಮೂರನೇ ನಿರ್ಗಮನ ತೆಗೆದುಕೊಳ್ಳಿ")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, exitNumber: 12, rotaryName: "ಮೈಸೂರು ಬ್ಯಾಂಕ್"), .action),
                       "ಈಗ ಮೈಸೂರು ಬ್ಯಾಂಕ್ ವೃತ್ತದಲ್ಲಿ ಹನ್ನೆರಡನೇ ನಿರ್ಗಮನ ತೆಗೆದುಕೊಳ್ಳಿ")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "ತುಮಕೂರು", exits: "23"), .range, km(2)),
                       "2 ಕಿಲೋಮೀಟರ್‌ಗಳ ನಂತರ, ತುಮಕೂರು ದಿಕ್ಕಿನಲ್ಲಿ ಎಡ ಬದಿಯ ನಿರ್ಗಮನ ಸಂಖ್ಯೆ 23 ತೆಗೆದುಕೊಳ್ಳಿ")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "ಎಂಜಿ ರಸ್ತೆ")),
                       "300 ಮೀಟರ್‌ಗಳ ನಂತರ, ಎಡಕ್ಕೆ ತಿರುಗಿ, ನಂತರ ಎಂಜಿ ರಸ್ತೆ ಕಡೆಗೆ ಬಲಕ್ಕೆ ತಿರುಗಿ")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)), "100 ಮೀಟರ್‌ಗಳ ನಂತರ, ನಿಮ್ಮ ಗಮ್ಯಸ್ಥಾನ ಎಡಭಾಗದಲ್ಲಿ ಬರುತ್ತದೆ")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "ನೀವು ನಿಮ್ಮ ಗಮ್ಯಸ್ಥಾನವನ್ನು ತಲುಪಿದ್ದೀರಿ, ಅದು ಬಲಭಾಗದಲ್ಲಿ ಇದೆ")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "ಎಂಜಿ ರಸ್ತೆ"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "300 ಮೀಟರ್‌ಗಳ ನಂತರ, ಎಡಕ್ಕೆ ತಿರುಗಿ")
        XCTAssertEqual(try say(.continueFor(km(5))), "5 ಕಿಲೋಮೀಟರ್‌ಗಳ ವರೆಗೆ ಇದೇ ರಸ್ತೆಯಲ್ಲಿ ಮುಂದುವರಿಯಿರಿ")
        XCTAssertEqual(try say(.offRoute), "ಮಾರ್ಗವನ್ನು ಮರು ಲೆಕ್ಕಾಚಾರ ಮಾಡಲಾಗುತ್ತಿದೆ")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "500 ಮೀಟರ್‌ಗಳ ದೂರದಲ್ಲಿ ಸ್ಪೀಡ್ ಕ್ಯಾಮೆರಾ ಇದೆ")
    }
}
