import RouteCueCore
import TestSupport
import XCTest

final class ConfigurationTests: XCTestCase {
    func test_shippedDefaults_equalBuiltInDefaults() throws {
        let bytes = [UInt8](try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("config/routecue.json")))
        XCTAssertEqual(try RouteCueConfiguration.parse(bytes), RouteCueConfiguration())
        XCTAssertEqual(RouteCueConfiguration().importOptions.maxBytes, 64 * 1024 * 1024)
    }

    func test_maxFileBytes_isRead() throws {
        let c = try RouteCueConfiguration.parse(Array(#"{"import": {"max_file_bytes": 2048}}"#.utf8))
        XCTAssertEqual(c.importOptions.maxBytes, 2048)
    }

    func test_unknownKeysAndBadValues_nameTheKeyPath() {
        func message(_ s: String) -> String {
            do { _ = try RouteCueConfiguration.parse(Array(s.utf8)); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(#"{"imprt": {}}"#), "imprt: unknown key")
        XCTAssertEqual(message(#"{"import": {"max_bytes": 1}}"#), "import.max_bytes: unknown key")
        XCTAssertEqual(message(#"{"import": {"max_file_bytes": "big"}}"#), "import.max_file_bytes: expected a number, found string")
        XCTAssertEqual(message(#"{"import": {"max_file_bytes": 10}}"#), "import.max_file_bytes: must be between 1024 and 4294967296 bytes, not 10")
        XCTAssertEqual(message("[]"), "(root): expected an object, found array")
    }
}

/// The `gps` and `logging` sections, and a reload's view of a bad file: every problem, in document order.
final class ConfigurationSectionTests: XCTestCase {
    private func problems(_ text: String) -> [String] {
        switch RouteCueConfiguration.parseReportingProblems(Array(text.utf8)) {
        case .success: return []
        case .failure(let problems): return problems.problems.map(\.description)
        }
    }

    func test_gpsSection_defaults_andEachKey() throws {
        let defaults = RouteCueConfiguration().gps
        XCTAssertEqual(defaults.endpoint, "localhost:2947")
        XCTAssertEqual(defaults.staleAfterSeconds, 3)
        XCTAssertEqual(defaults.reconnectMinimumSeconds, 0.25)
        XCTAssertEqual(defaults.reconnectMaximumSeconds, 1)
        XCTAssertEqual(defaults.reconnectPolicy, GPSReconnectPolicy(minimumSeconds: 0.25, maximumSeconds: 1, fastSeconds: 10))
        XCTAssertEqual(defaults.cues, GPSCueOptions())
        let c = try RouteCueConfiguration.parse(Array(#"""
            {"gps": {"gpsd": "[::1]:3000", "stale_after_s": 5, "reconnect_min_s": 0.5, "reconnect_max_s": 4,
                     "reconnect_fast_s": 0, "announce_lost": false, "lost_announce_after_s": 20, "announce_regained": false}}
            """#.utf8))
        XCTAssertEqual(c.gps.host, "::1")
        XCTAssertEqual(c.gps.port, 3000)
        XCTAssertEqual(c.gps.endpoint, "[::1]:3000")
        XCTAssertEqual(c.gps.staleAfterSeconds, 5)
        XCTAssertEqual(c.gps.reconnectMinimumSeconds, 0.5)
        XCTAssertEqual(c.gps.reconnectMaximumSeconds, 4)
        XCTAssertEqual(c.gps.reconnectFastSeconds, 0, "0: no fast retries")
        XCTAssertFalse(c.gps.cues.announceLost)
        XCTAssertEqual(c.gps.cues.lostAnnounceSeconds, 20)
        XCTAssertFalse(c.gps.cues.announceRegained)
        XCTAssertEqual(c.timingOptions.gpsCues, c.gps.cues, "the engine gets the cue options")
    }

    func test_gpsEndpoint_isHostColonPort() throws {
        XCTAssertEqual(try GPSSettings.endpoint("gps.local:2947").host, "gps.local")
        XCTAssertEqual(try GPSSettings.endpoint("127.0.0.1:1").port, 1)
        for bad in ["localhost", ":2947", "host:0", "host:65536", "host:x", "::1:2947", "[::1]2947", "a b:1"] {
            XCTAssertThrowsError(try GPSSettings.endpoint(bad), bad)
        }
        XCTAssertEqual(problems(#"{"gps": {"gpsd": "nohost"}}"#),
                       [#"gps.gpsd: "nohost" is not HOST:PORT (a host and a port 1-65535; [::1]:2947 for IPv6)"#])
    }

    func test_loggingLevel_isOneOfFour() throws {
        XCTAssertEqual(RouteCueConfiguration().logging.level, .info)
        XCTAssertEqual(try RouteCueConfiguration.parse(Array(#"{"logging": {"level": "debug"}}"#.utf8)).logging.level, .debug)
        XCTAssertEqual(problems(#"{"logging": {"level": "loud"}}"#),
                       [#"logging.level: unknown log level "loud" (known: error, warning, info, debug)"#])
    }

    func test_everyProblemOfAFile_isReportedInDocumentOrder() {
        let text = #"""
            {"import": {"max_file_bytes": 10, "extra": 1},
             "progress": {"corridor_min_m": -1, "reroute_backoff_s": 30, "reroute_backoff_max_s": 5},
             "timing": {"units": "furlongs", "stages": {"car": {"slowSpeed": {"range": {"m": "far"}}}}},
             "audio": {"volume": 3, "voice": {"pitch": 500}},
             "gps": {"stale_after_s": 0, "reconnect_min_s": 2, "reconnect_max_s": 1},
             "colour": "blue"}
            """#
        XCTAssertEqual(problems(text), [
            "import.max_file_bytes: must be between 1024 and 4294967296 bytes, not 10",
            "import.extra: unknown key",
            "progress.corridor_min_m: must be between 0 and 100000 metres, not -1",
            "progress.reroute_backoff_max_s: must not be less than reroute_backoff_s (5 < 30)",
            #"timing.units: unknown unit system "furlongs" (known: metric, imperial_us, imperial_uk)"#,
            "timing.stages.car.slowSpeed.range.m: expected a number, found string",
            "audio.volume: must be between 0 and 1, not 3",
            "audio.voice.pitch: must be a whole number between 0 and 100, not 500",
            "gps.stale_after_s: must be between 0.5 and 60 seconds, not 0",
            "gps.reconnect_max_s: must not be less than reconnect_min_s (1 < 2)",
            "colour: unknown key",
        ])
        // `parse` throws the first of them, as before.
        XCTAssertThrowsError(try RouteCueConfiguration.parse(Array(text.utf8))) { error in
            XCTAssertEqual("\(error)", "import.max_file_bytes: must be between 1024 and 4294967296 bytes, not 10")
        }
        XCTAssertEqual(problems("{ not json").count, 1, "a syntax error is one problem")
    }
}
