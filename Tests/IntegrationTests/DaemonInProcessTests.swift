import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
@testable import RouteCueService
import ServiceTestSupport
import Speech
import TestSupport
import XCTest

/// `routecue run`'s daemon in the test's process, on a `ManualLoop` with a virtual sink (`DaemonEnvironment`): the
/// start route is loaded, the recorded drive's fixes are handed in at the instants `simulate` delivers them, and the
/// daemon speaks exactly the cues `routecue simulate` speaks for the same drive (one wiring: only the clock and the
/// sink differ), at the instants the simulator hears them with the same speech. Then it stops on virtual time: the cue log is complete and the exit status is `stopped`. SIGHUP reads
/// the configuration off the loop, applies a good file and keeps the running one over a file with problems.
final class DaemonInProcessTests: XCTestCase {
    private var tmp: URL!

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private let route = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")
    private let drive = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea")

    /// The comparable part of a cue log line: what was said or not, of which maneuver and stage.
    private static func summary(_ entry: CueLogEntry) -> String {
        "\(entry.event.rawValue) \(entry.kind.rawValue) \(entry.stage?.rawValue ?? "-") m\(entry.maneuver.map(String.init) ?? "-") \"\(entry.text)\" \(entry.reason ?? "")"
    }

    /// The number `key` holds in a JSON line (nil for null or absent), read with RouteCue's JSON reader.
    private static func number(_ key: String, in line: Substring) throws -> Double? {
        guard let node = try RouteReader.parseJSON(Array(line.utf8))[key], !node.isNull else { return nil }
        return try node.double()
    }

    private static func readCueLog(_ url: URL) throws -> [CueLogEntry] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in try CueLogEntry(jsonLine: String(line)) }
    }

    func test_theExampleDrive_handedToTheDaemonInProcess_speaksWhatSimulateSpeaks_andItStopsOnVirtualTime() throws {
        let config = tmp.appendingPathComponent("routecue.json")
        try "{}".write(to: config, atomically: true, encoding: .utf8)
        let simulated = tmp.appendingPathComponent("simulate.jsonl")
        let run = try CommandRunner.routecue(["simulate", "--route", route.path, "--fixes", drive.path, "--cues", simulated.path,
                                              "--config", config.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)

        var options = try InProcessDaemon.options(config: "{}", in: tmp, bus: nil)
        options.routePath = route.path
        options.cuesPath = tmp.appendingPathComponent("daemon.jsonl").path
        let fixes = try FixReader.read(Array(try Data(contentsOf: drive)), name: drive.lastPathComponent).fixes
        let arrivals = FixDelivery.arrivals(of: fixes, options: SimulationOptions())

        // One speech cache for the daemon and the simulator below: espeak-ng's output for a text varies by a few
        // milliseconds with what the process synthesized before, so the instants are compared on the same samples.
        let speech = InlineSpeech()
        let running = try InProcessDaemon.start(options, speech: speech)
        let outcome = try RouteCueLoop.runAndWait { () -> (loaded: Bool, spokenLines: Int) in
            let (loop, daemon) = (running.loop, running.daemon!)
            let loaded = loop.settle { daemon.guidance != nil }
            for fix in arrivals {
                loop.advance(to: fix.received.nanoseconds)
                daemon.gpsReported(.fix(fix))
            }
            // The tail: what is due after the last fix is said, and heard to its end.
            loop.advance(bySeconds: 30)
            return (loaded, running.log.lines.filter { $0.contains("routecue: spoken #") }.count)
        }
        try running.stop()
        XCTAssertEqual(running.exit, .stopped)
        XCTAssertTrue(outcome.loaded, "the start route is loaded")

        let expected = try Self.readCueLog(simulated).map(Self.summary)
        let heard = try Self.readCueLog(URL(fileURLWithPath: options.cuesPath!)).map(Self.summary)
        XCTAssertGreaterThan(expected.filter { $0.hasPrefix("spoken") }.count, 5, "the example drive speaks its cues")
        XCTAssertEqual(heard, expected, "the daemon speaks what simulate speaks, in the same order")

        // And at the same instants: the daemon's audio start (its loop's clock, written to the millisecond) read as fix
        // time, as the simulator (the same engine settings and wording, the same speech) hears each cue.
        let loaded = try RouteReader.read(Array(try Data(contentsOf: route)), name: route.lastPathComponent)
        let reference = try RouteCueLoop.runAndWait { () -> (AudioOutputService.Settings, GuidanceEngine) in
            let daemon = running.daemon!
            var settings = AudioServiceSettings.make(config: daemon.config, pcm: "simulated", voice: daemon.language?.voice ?? "en-us")
            settings.voice.markup = SpeechMarkup(daemon.wording.markup)
            return (settings, GuidanceEngine(route: loaded, progress: daemon.config.progressOptions, timing: daemon.config.timingOptions,
                                             audio: daemon.config.audioRoute(.default), wording: daemon.wording))
        }
        var engine = reference.1
        let inProcess = try DriveSimulator(settings: reference.0, speech: speech).run(engine: &engine, fixes: fixes, options: SimulationOptions(),
                                                                                    wavPath: nil)
        XCTAssertEqual(inProcess.log.map(Self.summary), expected, "the simulator in this process says what `routecue simulate` says")
        let mapping = FixTimeMapping(fixes: fixes)
        let daemonStarts = try Self.readCueLog(URL(fileURLWithPath: options.cuesPath!)).map { entry in
            entry.audioStart.flatMap { mapping.fixTime(at: $0) }
        }
        let simulateStarts = inProcess.log.map { entry in entry.audioStart.flatMap { inProcess.mapping.fixTime(at: $0) } }
        XCTAssertEqual(daemonStarts.map { $0 == nil }, simulateStarts.map { $0 == nil }, "the same cues have an audio start")
        for (k, (daemon, simulate)) in zip(daemonStarts, simulateStarts).enumerated() {
            guard let daemon, let simulate else { continue }
            XCTAssertEqual(daemon, simulate, accuracy: 0.0011, "cue \(k + 1) heard at the instant simulate hears it")
        }
        print("daemon in-process: \(heard.count) cue log entries, texts and audio starts as simulate's")
        XCTAssertEqual(outcome.spokenLines, expected.filter { $0.hasPrefix("spoken") }.count, "one log line per cue spoken")
    }

    func test_SIGHUP_readsTheConfigurationOffTheLoop_appliesAGoodOne_andKeepsTheRunningOneOverABadOne() throws {
        let options = try InProcessDaemon.options(config: #"{"logging": {"level": "debug"}}"#, in: tmp, bus: nil)
        let path = try XCTUnwrap(options.configPath)
        let running = try InProcessDaemon.start(options)
        defer { try? running.stop() }

        try #"{"logging": {"level": "warning"}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (before, after) = try RouteCueLoop.runAndWait { () -> (LogLevel, LogLevel) in
            let daemon = running.daemon!
            daemon.received(SIGHUP)
            // The file is read and parsed on the daemon's file worker: nothing has changed when the handler returns.
            let before = daemon.config.logging.level
            XCTAssertTrue(running.loop.settle { daemon.config.logging.level != before })
            return (before, daemon.config.logging.level)
        }
        XCTAssertEqual(before, .debug)
        XCTAssertEqual(after, .warning)
        XCTAssertEqual(running.log.level, .warning, "the log follows the reloaded configuration")

        try #"{"logging": {"level": 7}, "no_such_key": true}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let kept = try RouteCueLoop.runAndWait { () -> LogLevel in
            let daemon = running.daemon!
            daemon.received(SIGHUP)
            XCTAssertTrue(running.loop.settle { running.log.lines.contains { $0.contains("keeping the running configuration") } })
            return daemon.config.logging.level
        }
        XCTAssertEqual(kept, .warning, "a file with problems changes nothing")
        let problems = running.log.lines.filter { $0.contains("reload: ") }
        XCTAssertEqual(problems.count, 3, "each problem, then the verdict: \(problems)")
        XCTAssertTrue(problems.last?.contains("has 2 problems") == true, "\(problems)")
    }
}
