@testable import RouteCueCore
import TestSupport
import XCTest

/// The Malayalam pack (`config/phrases/ml-IN.json`) as a Malayalam driver hears it: formal imperatives last, the unit unchanged after any number ("ഒരു കിലോമീറ്റർ", "5 കിലോമീറ്റർ"), a road named as the way to go ("എംജി റോഡ് വഴി പോകാൻ"), spelled ordinals before എക്സിറ്റ്.
final class PhrasePackMlINTests: PhrasePackTestCase {
    override class var packTag: String { "ml-IN" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: 9.97, longitude: 76.28)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "എംജി റോഡ്"), .distance, metres(300)),
                       "300 മീറ്റർ കഴിഞ്ഞ്, എംജി റോഡ് വഴി പോകാൻ ഇടത്തേക്ക് തിരിയുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, destinations: "കൊച്ചി"), .action),
                       "ഇപ്പോൾ കൊച്ചി ഭാഗത്തേക്ക് വലത്തേക്ക് തിരിയുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "ഒരു കിലോമീറ്റർ കഴിഞ്ഞ്, ഇടത്തേക്ക് തിരിയുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "1.5 കിലോമീറ്റർ കഴിഞ്ഞ്, അല്പം വലത്തേക്ക് നീങ്ങുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "5 കിലോമീറ്റർ കഴിഞ്ഞ്, ഇടത്തേക്ക് തിരിയുക")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.75), units: .imperialUS), "മുക്കാൽ മൈൽ കഴിഞ്ഞ്, യു-ടേൺ എടുക്കുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "അടുത്ത ട്രാഫിക് സിഗ്നലിൽ, വലത്തേക്ക് തിരിയുക")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200 മീറ്റർ കഴിഞ്ഞ്, റൗണ്ട് എബൗട്ടിൽ മൂന്നാമത്തെ എക്സിറ്റ് എടുക്കുക")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, exitNumber: 12, rotaryName: "വൈറ്റില"), .action),
                       "ഇപ്പോൾ വൈറ്റില റൗണ്ട് എബൗട്ടിൽ പന്ത്രണ്ടാമത്തെ എക്സിറ്റ് എടുക്കുക")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "തൃശ്ശൂർ", exits: "23"), .range, km(2)),
                       "2 കിലോമീറ്റർ കഴിഞ്ഞ്, തൃശ്ശൂർ ഭാഗത്തേക്ക് ഇടത് വശത്തുള്ള എക്സിറ്റ് 23 എടുക്കുക")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "എംജി റോഡ്")),
                       "300 മീറ്റർ കഴിഞ്ഞ്, ഇടത്തേക്ക് തിരിയുക, തുടർന്ന് എംജി റോഡ് വഴി പോകാൻ വലത്തേക്ക് തിരിയുക")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)),
                       "100 മീറ്റർ കഴിഞ്ഞ്, നിങ്ങൾ ലക്ഷ്യസ്ഥാനത്ത് എത്തും, അത് ഇടതുവശത്താണ്")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "നിങ്ങൾ ലക്ഷ്യസ്ഥാനത്ത് എത്തിയിരിക്കുന്നു, അത് വലതുവശത്താണ്")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "എംജി റോഡ്"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "300 മീറ്റർ കഴിഞ്ഞ്, ഇടത്തേക്ക് തിരിയുക")
        XCTAssertEqual(try say(.offRoute), "റൂട്ട് വീണ്ടും കണക്കാക്കുന്നു")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "500 മീറ്റർ അകലെ സ്പീഡ് ക്യാമറ ഉണ്ട്")
    }
}
