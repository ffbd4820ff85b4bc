import RouteCueCore
import XCTest

/// The `ducking`, `calls` and `bluetooth` sections: every key is read, and a bad value names its key path.
final class CarAudioConfigurationTests: XCTestCase {
    private func parse(_ text: String) throws -> RouteCueConfiguration {
        try RouteCueConfiguration.parse(Array(text.utf8))
    }

    private func problems(_ text: String) -> [String] {
        switch RouteCueConfiguration.parseReportingProblems(Array(text.utf8)) {
        case .success: return []
        case .failure(let problems): return problems.problems.map(\.description)
        }
    }

    func test_everyKey_isRead() throws {
        let c = try parse(#"""
            {"ducking": {"enabled": false, "level_db": -20, "ramp_down_s": 0.2, "ramp_up_s": 1, "lead_s": 0.3, "hold_s": 2,
                         "without_volume": "pause", "volume_law": {"vlc": "cubic"}, "ignore": ["kodi"], "session_bus": "unix:path=/run/x",
                         "when_media_role": "mpris"},
             "calls": {"enabled": false, "prompt_style": "none"},
             "bluetooth": {"address": "aa:bb:cc:dd:ee:ff", "pcm_template": "bluealsa:DEV={address},PROFILE=sco,SRV=org.bluealsa"}}
            """#)
        let d = c.ducking
        XCTAssertFalse(d.enabled)
        XCTAssertEqual(d.levelDecibels, -20)
        XCTAssertEqual(d.rampDownSeconds, 0.2)
        XCTAssertEqual(d.rampUpSeconds, 1)
        XCTAssertEqual(d.leadSeconds, 0.3)
        XCTAssertEqual(d.holdSeconds, 2)
        XCTAssertEqual(d.withoutVolume, .pause)
        XCTAssertEqual(d.volumeLaws, ["vlc": .cubic], "the table replaces the default")
        XCTAssertEqual(d.volumeLaw(ofBusName: "org.mpris.MediaPlayer2.mpv"), .linear)
        XCTAssertEqual(d.ignoredPlayers, ["kodi"])
        XCTAssertEqual(d.sessionBus, "unix:path=/run/x")
        XCTAssertEqual(d.whenMediaRole, .mpris)
        XCTAssertFalse(d.ducksOverMPRIS(routeMediaRole: "Navigation"), "disabled: never")
        var ducking = DuckingSettings()
        XCTAssertTrue(ducking.ducksOverMPRIS(routeMediaRole: nil), "no role: RouteCue ducks")
        XCTAssertFalse(ducking.ducksOverMPRIS(routeMediaRole: "Navigation"), "a role: the session ducks, RouteCue stands down")
        ducking.whenMediaRole = .mpris
        XCTAssertTrue(ducking.ducksOverMPRIS(routeMediaRole: "Navigation"), "mpris: RouteCue ducks as well")
        XCTAssertFalse(c.calls.enabled)
        XCTAssertEqual(c.calls.promptStyle, PromptStyle.none)
        XCTAssertEqual(c.bluetooth.preferredAddress, "AA:BB:CC:DD:EE:FF")
        XCTAssertEqual(c.bluetooth.pcmTemplate, "bluealsa:DEV={address},PROFILE=sco,SRV=org.bluealsa")
    }

    func test_badValues_nameTheirKeyPath() {
        let cases: [(String, String)] = [
            (#"{"ducking": {"level_db": 3}}"#, "ducking.level_db"),
            (#"{"ducking": {"without_volume": "mute"}}"#, "ducking.without_volume"),
            (#"{"ducking": {"volume_law": {"mpv": "square"}}}"#, "ducking.volume_law.mpv"),
            (#"{"ducking": {"loudness": 1}}"#, "ducking.loudness"),
            (#"{"calls": {"prompt_style": "whisper"}}"#, "calls.prompt_style"),
            (#"{"bluetooth": {"address": "not an address"}}"#, "bluetooth.address"),
            (#"{"bluetooth": {"pcm_template": "bluealsa:DEV=00:11:22:33:44:55"}}"#, "bluetooth.pcm_template"),
        ]
        for (text, path) in cases {
            let found = problems(text)
            XCTAssertEqual(found.count, 1, "\(text): \(found)")
            XCTAssertTrue(found.first?.contains(path) == true, "\(text) names \(path): \(found)")
        }
    }
}
