@testable import RouteCueCore
import TestSupport
import XCTest

/// The `progress`, `timing` and `audio` sections of the configuration file.
final class GuidanceConfigurationTests: XCTestCase {
    private func shippedText() throws -> String {
        try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("config/routecue.json"), encoding: .utf8)
    }

    private func parse(_ text: String) throws -> RouteCueConfiguration {
        try RouteCueConfiguration.parse(Array(text.utf8))
    }

    private func message(_ text: String) -> String {
        do { _ = try parse(text); return "accepted" } catch { return "\(error)" }
    }

    // MARK: the shipped file

    func test_shippedFile_equalsBuiltInDefaults_inEverySection() throws {
        let parsed = try parse(try shippedText())
        let defaults = RouteCueConfiguration()
        XCTAssertEqual(parsed.progressOptions, defaults.progressOptions)
        XCTAssertEqual(parsed.timingOptions, defaults.timingOptions)
        XCTAssertEqual(parsed.audioRoutes, defaults.audioRoutes)
        XCTAssertEqual(parsed, defaults)
        XCTAssertEqual(defaults.audioRoute(.handsFree), AudioRouteTiming(outputLatency: 0.15, preRoll: 0.5))
        XCTAssertEqual(defaults.audioRoute(.speaker), AudioRouteTiming(outputLatency: 0.05, preRoll: 0))
            }

    func test_shippedFile_writesOutEveryKeyAndTheWholeStageTable() throws {
        let root = JSONNode(try JSONParser.parse(Array(try shippedText().utf8)))
        let progress = try root.require("progress").object().keys.filter { $0 != "$comment" }
        XCTAssertEqual(progress, ProgressSection.keys)
        let timing = try root.require("timing").object().keys.filter { $0 != "$comment" }
        XCTAssertEqual(timing, TimingSection.keys)
        let stages = try root.require("timing").require("stages")
        var rows = 0
        for mode in TransportMode.allCases {
            for profile in TimingProfile.allCases {
                let row = try stages.require(mode.rawValue).require(profile.rawValue).object()
                XCTAssertEqual(row.keys, ["range", "reminder", "distance", "action"], "\(mode).\(profile)")
                rows += 1
            }
        }
        XCTAssertEqual(rows, 21)
        let routes = try root.require("audio").require("routes").object().keys
        XCTAssertEqual(Set(routes), Set(RouteCueConfiguration.audioRouteNames))
        for name in routes {
            let keys = try root.require("audio").require("routes").require(name).object().keys.filter { $0 != "$comment" }
            XCTAssertEqual(keys, ["pcm", "output_latency_s", "pre_roll_s", "open_ahead_s", "media_role"], name)
        }
        let audio = try root.require("audio").object().keys.filter { $0 != "$comment" }
        XCTAssertEqual(audio, ["route", "volume", "prompt_style", "spatial", "cache_bytes", "voice", "device", "routes"])
    }

    func test_everyAudioKey_isRead_andBadValuesNameTheirKey() throws {
        let c = try parse(#"""
            {"audio": {"route": "speaker", "volume": 0.5, "cache_bytes": 1000000, "prompt_style": "tone",
             "spatial": {"enabled": true, "slight_deg": 20, "turn_deg": 50, "sharp_deg": 70, "uturn_deg": 90, "sweep_deg": 10},
             "voice": {"words_per_minute": 160, "volume": 120, "pitch": 40, "variant": "f3"},
             "device": {"rate": 44100, "channels": 1, "period_ms": 5, "periods": 3, "idle_hold_s": 0},
             "routes": {"hfp": {"pcm": "bluealsa:DEV=00:11:22:33:44:55,PROFILE=sco", "open_ahead_s": 3},
                        "speaker": {"pcm": "pipewire:NODE=car-speakers", "media_role": "Navigation"}}}}
            """#)
        let a = c.audio
        XCTAssertEqual(a.routes[.speaker]?.mediaRole, "Navigation")
        XCTAssertEqual(a.routes[.speaker]?.device, "pipewire:NODE=car-speakers,ROLE=Navigation", "the role as pipewire-alsa's argument")
        XCTAssertEqual(a.routes[.handsFree]?.device, "bluealsa:DEV=00:11:22:33:44:55,PROFILE=sco", "no role: the PCM as given")
        XCTAssertEqual(a.route, .speaker)
        XCTAssertEqual(a.volume, 0.5)
        XCTAssertEqual(a.cacheBytes, 1_000_000)
        XCTAssertEqual(a.promptStyle, .tone)
        XCTAssertTrue(a.spatialEnabled)
        XCTAssertEqual(a.spatial, SpatialPanning(slightAzimuth: 20, normalAzimuth: 50, sharpAzimuth: 70, uTurnAzimuth: 90, sweepDegrees: 10))
        XCTAssertEqual(a.voice.wordsPerMinute, 160)
        XCTAssertEqual(a.voice.volume, 120)
        XCTAssertEqual(a.voice.pitch, 40)
        XCTAssertEqual(a.voice.variant, "f3")
        XCTAssertEqual(a.device.rate, 44100)
        XCTAssertEqual(a.device.channels, 1)
        XCTAssertEqual(a.device.periodMilliseconds, 5)
        XCTAssertEqual(a.device.periods, 3)
        XCTAssertEqual(a.device.idleHoldSeconds, 0)
        XCTAssertEqual(a.routes[.handsFree]?.pcm, "bluealsa:DEV=00:11:22:33:44:55,PROFILE=sco")
        XCTAssertEqual(a.routes[.handsFree]?.openAheadSeconds, 3)
        XCTAssertEqual(c.audioRoute(.handsFree), RouteCueConfiguration().audioRoute(.handsFree), "timing untouched")
        XCTAssertEqual(a.routes[.default], AudioSettings().routes[.default])
        let bad: [(String, String)] = [
            (#"{"audio": {"route": "a2dp"}}"#, "audio.route"),
            (#"{"audio": {"volume": 2}}"#, "audio.volume"),
            (#"{"audio": {"prompt_style": "loud"}}"#, "audio.prompt_style"),
            (#"{"audio": {"spatial": {"turn_deg": 100}}}"#, "audio.spatial.turn_deg"),
            (#"{"audio": {"voice": {"words_per_minute": 175.5}}}"#, "audio.voice.words_per_minute"),
            (#"{"audio": {"voice": {"variant": "../f3"}}}"#, "audio.voice.variant"),
            (#"{"audio": {"device": {"periods": 1}}}"#, "audio.device.periods"),
            (#"{"audio": {"device": {"rate": 1000}}}"#, "audio.device.rate"),
            (#"{"audio": {"routes": {"speaker": {"pcm": ""}}}}"#, "audio.routes.speaker.pcm"),
            (#"{"audio": {"routes": {"speaker": {"volume": 1}}}}"#, "audio.routes.speaker.volume"),
        ]
        for (text, path) in bad {
            XCTAssertTrue(message(text).contains(path), "\(text): \(message(text))")
        }
    }

    /// The equality check above would notice a drift: changing one value of the file breaks it.
    func test_shippedFile_withOneValueChanged_differsFromDefaults() throws {
        let text = try shippedText()
        let edits = [
            (#""pre_roll_s": 0.5"#, #""pre_roll_s": 0.4"#),
            (#""open_ahead_s": 2"#, #""open_ahead_s": 1"#),
            (#""period_ms": 8"#, #""period_ms": 10"#),
            (#""reminder": {"m": 1300}, "distance": {"m": 650}, "action": {"s": 10.4}"#,
             #""reminder": {"m": 1300}, "distance": {"m": 650}, "action": {"s": 10.5}"#),
            (#""off_route_heading_deg": 45"#, #""off_route_heading_deg": 46"#),
            (#""chain_max_m": 400"#, #""chain_max_m": 401"#),
        ]
        for (old, new) in edits {
            XCTAssertTrue(text.contains(old), old)
            let changed = text.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(try parse(changed), RouteCueConfiguration(), new)
        }
    }

    func test_truckAndBusDefaults_areThirtyPercentEarlierThanCar_andWrittenAsPlainValues() {
        let options = TimingOptions()
        let car = options.timings[.car]!, truck = options.timings[.truck]!
        XCTAssertEqual(truck.regularSpeed.action, .seconds(7.8))
        XCTAssertEqual(truck.fastSpeed.action, .seconds(10.4))
        XCTAssertEqual(truck.slowSpeed.distance, .metres(260))
        XCTAssertEqual(options.timings[.bus], truck)
        XCTAssertEqual(options.timings[.taxi], car)
    }

    // MARK: overrides

    func test_partialStageTable_overridesOnlyWhatItNames() throws {
        let c = try parse(#"""
            {"timing": {"stages": {"$comment": "x", "car": {"fastSpeed": {"$comment": "y", "distance": {"s": 20}, "reminder": null},
                                                   "slowSpeed": {"range": {"m": 800, "$comment": "z"}}}}}}
            """#)
        let defaults = TimingOptions()
        let car = c.timingOptions.timings[.car]!
        XCTAssertEqual(car.fastSpeed.distance, .seconds(20))
        XCTAssertNil(car.fastSpeed.reminder)
        XCTAssertEqual(car.fastSpeed.range, .metres(2000))
        XCTAssertEqual(car.fastSpeed.action, .seconds(8))
        XCTAssertEqual(car.slowSpeed.range, .metres(800))
        XCTAssertEqual(car.slowSpeed.distance, defaults.timings[.car]!.slowSpeed.distance)
        XCTAssertEqual(car.regularSpeed, defaults.timings[.car]!.regularSpeed)
        for mode in TransportMode.allCases where mode != .car {
            XCTAssertEqual(c.timingOptions.timings[mode], defaults.timings[mode], "\(mode)")
        }
        XCTAssertEqual(c.progressOptions, ProgressOptions())
        XCTAssertEqual(c.audioRoutes, RouteCueConfiguration().audioRoutes)
    }

    func test_everyTimingKey_isRead() throws {
        let c = try parse(#"""
            {"timing": {"mode": "bicycle", "units": "imperial_uk", "included_stages": ["distance", "action"],
             "action_lead_s": 1.5, "action_min_m": 20, "slow_below_mps": 4, "fast_from_mps": 8, "chain_s": 10,
             "chain_max_m": 250, "continue_min_m": 3000, "continue_delay_s": 5, "announce_departure": false, "gap_s": 0.5,
             "warning_kinds": ["speed_camera", "toll", "ferry"], "warning_trigger": {"m": 300}, "warning_min_m": 100,
             "natural_guidance": true, "use_source_announcements": true}}
            """#)
        let t = c.timingOptions
        XCTAssertEqual(t.mode, .bicycle)
        XCTAssertEqual(t.units, .imperialUK)
        XCTAssertEqual(t.includedStages, [.distance, .action])
        XCTAssertEqual(t.actionLeadSeconds, 1.5)
        XCTAssertEqual(t.actionMinimumMetres, 20)
        XCTAssertEqual(t.slowBelowSpeed, 4)
        XCTAssertEqual(t.fastFromSpeed, 8)
        XCTAssertEqual(t.chainSeconds, 10)
        XCTAssertEqual(t.chainMaximumMetres, 250)
        XCTAssertEqual(t.continueMinimumMetres, 3000)
        XCTAssertEqual(t.continueDelaySeconds, 5)
        XCTAssertFalse(t.announceDeparture)
        XCTAssertEqual(t.gapSeconds, 0.5)
        XCTAssertEqual(t.warningKinds, ["speed_camera", "toll", "ferry"])
        XCTAssertEqual(t.warningTrigger, .metres(300))
        XCTAssertEqual(t.warningMinimumMetres, 100)
        XCTAssertTrue(t.naturalGuidance)
        XCTAssertTrue(t.useSourceAnnouncements)
        XCTAssertEqual(t.row(.fastSpeed), TimingDefaults.timings(for: .bicycle).fastSpeed)
        XCTAssertEqual(try parse(#"{"timing": {"warning_kinds": []}}"#).timingOptions.warningKinds, [])
    }

    /// Each progress key sets its own field: setting each to 1 (no default is 1; the backoff maximum, which may not
    /// fall below the 10 s first backoff, to 100) gives one different option value per key.
    func test_everyProgressKey_setsItsOwnField() throws {
        var seen: [ProgressOptions] = []
        for key in ProgressSection.keys {
            let value = key == "reroute_backoff_max_s" ? 100 : 1
            let options = try parse(#"{"progress": {"\#(key)": \#(value)}}"#).progressOptions
            XCTAssertNotEqual(options, ProgressOptions(), key)
            XCTAssertFalse(seen.contains(options), "\(key) sets the same field as another key")
            seen.append(options)
        }
        XCTAssertEqual(seen.count, ProgressSection.keys.count)
        XCTAssertEqual(seen.count, 22)
        let c = try parse(#"{"progress": {"corridor_min_m": 40, "off_route_s": 5, "back_on_route_fixes": 4, "via_pass_m": 30}}"#)
        XCTAssertEqual(c.progressOptions.corridorMinimumMetres, 40)
        XCTAssertEqual(c.progressOptions.offRouteSeconds, 5)
        XCTAssertEqual(c.progressOptions.backOnRouteFixes, 4)
        XCTAssertEqual(c.progressOptions.viaPassMetres, 30)
    }

    func test_audioRoute_partialOverride_keepsTheOtherValue() throws {
        let c = try parse(#"{"audio": {"routes": {"hfp": {"pre_roll_s": 1.2}, "speaker": {"output_latency_s": 0.1}}}}"#)
        XCTAssertEqual(c.audioRoute(.handsFree), AudioRouteTiming(outputLatency: 0.15, preRoll: 1.2))
        XCTAssertEqual(c.audioRoute(.speaker), AudioRouteTiming(outputLatency: 0.1, preRoll: 0))
        XCTAssertEqual(c.audioRoute(.default), AudioRouteTiming(outputLatency: 0.05, preRoll: 0))
    }

    // MARK: bad values name their key path

    func test_unknownKeys_atEveryLevel_nameTheKeyPath() {
        XCTAssertEqual(message(#"{"progres": {}}"#), "progres: unknown key")
        XCTAssertEqual(message(#"{"progress": {"corridor_min": 30}}"#), "progress.corridor_min: unknown key")
        XCTAssertEqual(message(#"{"timing": {"action_lead": 1}}"#), "timing.action_lead: unknown key")
        XCTAssertEqual(message(#"{"timing": {"warning_trigger": {"km": 1}}}"#), "timing.warning_trigger.km: unknown key")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"distance": {"km": 1}}}}}}"#),
                       "timing.stages.car.fastSpeed.distance.km: unknown key")
        XCTAssertEqual(message(#"{"audio": {"rout": {}}}"#), "audio.rout: unknown key")
        XCTAssertEqual(message(#"{"audio": {"routes": {"hfp": {"latency_s": 0.1}}}}"#), "audio.routes.hfp.latency_s: unknown key")
    }

    func test_unknownNames_nameTheKeyPath_andTheKnownNames() {
        XCTAssertEqual(message(#"{"timing": {"stages": {"plane": {}}}}"#),
                       "timing.stages.plane: unknown transport mode (known: car, truck, bus, taxi, scooter, bicycle, pedestrian)")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"mediumSpeed": {}}}}}"#),
                       "timing.stages.car.mediumSpeed: unknown timing profile (known: slowSpeed, regularSpeed, fastSpeed)")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"continue": {"s": 3}}}}}}"#),
                       "timing.stages.car.fastSpeed.continue: unknown stage (known: range, reminder, distance, action)")
        XCTAssertEqual(message(#"{"timing": {"mode": "plane"}}"#),
                       #"timing.mode: unknown transport mode "plane" (known: car, truck, bus, taxi, scooter, bicycle, pedestrian)"#)
        XCTAssertEqual(message(#"{"timing": {"units": "furlongs"}}"#),
                       #"timing.units: unknown unit system "furlongs" (known: metric, imperial_us, imperial_uk)"#)
        XCTAssertEqual(message(#"{"timing": {"included_stages": ["range", "sooner"]}}"#),
                       #"timing.included_stages[1]: unknown stage "sooner" (known: range, reminder, distance, action, continue)"#)
        XCTAssertEqual(message(#"{"timing": {"included_stages": ["action", "action"]}}"#),
                       #"timing.included_stages[1]: stage "action" listed twice"#)
        XCTAssertEqual(message(#"{"audio": {"routes": {"a2dp": {}}}}"#),
                       "audio.routes.a2dp: unknown audio route (known: default, speaker, hfp)")
    }

    func test_wrongTypes_nameTheKeyPath() {
        XCTAssertEqual(message(#"{"progress": {"off_route_s": "3"}}"#), "progress.off_route_s: expected a number, found string")
        XCTAssertEqual(message(#"{"progress": {"back_on_route_fixes": 2.5}}"#), "progress.back_on_route_fixes: expected an integer, found 2.5")
        XCTAssertEqual(message(#"{"progress": []}"#), "progress: expected an object, found array")
        XCTAssertEqual(message(#"{"timing": {"announce_departure": "yes"}}"#), "timing.announce_departure: expected a boolean, found string")
        XCTAssertEqual(message(#"{"timing": {"included_stages": "range"}}"#), "timing.included_stages: expected an array, found string")
        XCTAssertEqual(message(#"{"timing": {"warning_kinds": [1]}}"#), "timing.warning_kinds[0]: expected a string, found number")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": 5}}}}"#),
                       "timing.stages.car.fastSpeed: expected an object, found number")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": null}}}"#), "timing.stages.car: expected an object, found null")
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"action": 8}}}}}"#),
                       "timing.stages.car.fastSpeed.action: expected an object, found number")
        XCTAssertEqual(message(#"{"timing": {"warning_trigger": null}}"#),
                       #"timing.warning_trigger: expected a trigger object ({"m": metres} or {"s": seconds}), found null"#)
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"action": {"m": 10, "s": 2}}}}}}"#),
                       #"timing.stages.car.fastSpeed.action: give either "m" or "s", not both"#)
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"action": {}}}}}}"#),
                       #"timing.stages.car.fastSpeed.action: expected "m" (metres) or "s" (seconds)"#)
        XCTAssertEqual(message(#"{"timing": {"$comment": 5}}"#), "timing.$comment: expected a string, found number")
        XCTAssertEqual(message(#"{"audio": {"routes": {"hfp": {"pre_roll_s": null}}}}"#),
                       "audio.routes.hfp.pre_roll_s: expected a number, found null")
    }

    func test_outOfRangeValues_nameTheKeyPath_andTheRange() {
        XCTAssertEqual(message(#"{"timing": {"stages": {"car": {"fastSpeed": {"distance": {"m": -5}}}}}}"#),
                       "timing.stages.car.fastSpeed.distance.m: must be between 0 and 100000 metres, not -5")
        XCTAssertEqual(message(#"{"timing": {"stages": {"truck": {"slowSpeed": {"action": {"s": 601}}}}}}"#),
                       "timing.stages.truck.slowSpeed.action.s: must be between 0 and 600 seconds, not 601")
        XCTAssertEqual(message(#"{"timing": {"stages": {"bus": {"regularSpeed": {"range": {"m": 100001}}}}}}"#),
                       "timing.stages.bus.regularSpeed.range.m: must be between 0 and 100000 metres, not 100001")
        XCTAssertEqual(message(#"{"progress": {"off_route_s": -1}}"#), "progress.off_route_s: must be between 0 and 600 seconds, not -1")
        XCTAssertEqual(message(#"{"progress": {"corridor_min_m": -0.5}}"#),
                       "progress.corridor_min_m: must be between 0 and 100000 metres, not -0.5")
        XCTAssertEqual(message(#"{"progress": {"wrong_way_deg": 200}}"#), "progress.wrong_way_deg: must be between 0 and 180 degrees, not 200")
        XCTAssertEqual(message(#"{"progress": {"back_on_route_corridor_fraction": 0}}"#),
                       "progress.back_on_route_corridor_fraction: must be above 0 and at most 1, not 0")
        XCTAssertEqual(message(#"{"progress": {"outlier_confirm_fixes": 0}}"#), "progress.outlier_confirm_fixes: must be between 1 and 100, not 0")
        XCTAssertEqual(message(#"{"progress": {"standing_mps": -1}}"#), "progress.standing_mps: must be between 0 and 100 m/s, not -1")
        XCTAssertEqual(message(#"{"progress": {"reroute_backoff_s": 90}}"#),
                       "progress.reroute_backoff_max_s: must not be less than reroute_backoff_s (60 < 90)")
        XCTAssertEqual(message(#"{"timing": {"chain_s": -15}}"#), "timing.chain_s: must be between 0 and 600 seconds, not -15")
        XCTAssertEqual(message(#"{"timing": {"warning_trigger": {"s": 700}}}"#),
                       "timing.warning_trigger.s: must be between 0 and 600 seconds, not 700")
        XCTAssertEqual(message(#"{"timing": {"fast_from_mps": 10}}"#),
                       "timing.fast_from_mps: must not be less than slow_below_mps (10 < 14)")
        XCTAssertEqual(message(#"{"timing": {"warning_kinds": [""]}}"#), "timing.warning_kinds[0]: empty warning kind")
        XCTAssertEqual(message(#"{"audio": {"routes": {"hfp": {"pre_roll_s": -0.1}}}}"#),
                       "audio.routes.hfp.pre_roll_s: must be between 0 and 5 seconds, not -0.1")
    }

    func test_aMediaRole_needsPipeWiresPCM_andReadsAsARoleName() {
        XCTAssertEqual(message(#"{"audio": {"routes": {"speaker": {"pcm": "hw:0,0", "media_role": "Navigation"}}}}"#),
                       #"audio.routes.speaker: media_role needs pipewire-alsa's PCM ("pcm": "pipewire"), not "hw:0,0""#)
        XCTAssertEqual(message(#"{"audio": {"routes": {"hfp": {"media_role": "Navigation"}}}}"#),
                       #"audio.routes.hfp: media_role needs pipewire-alsa's PCM ("pcm": "pipewire"), not a PCM found at run time"#)
        XCTAssertEqual(message(#"{"audio": {"routes": {"speaker": {"pcm": "pipewire", "media_role": "Navi,ROLE=x"}}}}"#),
                       #"audio.routes.speaker.media_role: must be a PipeWire media role such as "Navigation" (letters, digits, - and _)"#)
        XCTAssertEqual(message(#"{"ducking": {"when_media_role": "both"}}"#), #"ducking.when_media_role: must be "session" or "mpris""#)
    }
}
