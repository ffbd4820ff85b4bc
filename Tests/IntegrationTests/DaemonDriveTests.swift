import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import ServiceTestSupport
import TestSupport
import XCTest

/// `routecue run` end to end with the real components: a recorded drive fed in real time to a real gpsd by a
/// test-owned NMEA feeder, the daemon guiding along the route, its cue log and its audio (JACK's dummy driver, paced
/// like a sound card, with a WAV tap in front). gpsd killed and restarted, gpsd silent, SIGTERM during a cue.
final class DaemonDriveTests: XCTestCase {
    private var tmp: URL!
    private var jack: JackDummyServer?
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?
    private var daemon: DaemonProcess?

    override func setUpWithError() throws {
        guard GPSDProcess.isInstalled else {
            throw XCTSkip("gpsd is not installed (Debian package gpsd): routecue run's gpsd tests skipped")
        }
        guard FileManager.default.isExecutableFile(atPath: CommandRunner.routecueBinary.path) else {
            XCTFail("\(CommandRunner.routecueBinary.path) is not built: `make test` builds it first")
            return
        }
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        daemon?.kill()
        gpsd?.stop()
        feeder?.stop()
        jack = nil
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
    }

    private static let route = "examples/grid-trip.osrm.json"

    /// The example drive's first `seconds` epochs (1 Hz RMC+GGA).
    private static func drive(seconds: Int) throws -> [String] {
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        return Array(NMEAFeeder.epochs(ofNMEA: text).prefix(seconds))
    }

    /// Starts the feeder with `epochs`, a gpsd reading it, and `routecue run` on the example route speaking into
    /// `device`; `config` is written to a file first. Returns the cue log's path.
    @discardableResult
    private func startDrive(_ epochs: [String], device: String, config: String = #"{"audio": {"device": {"idle_hold_s": 600}}}"#,
                            environment: [String: String] = [:]) throws -> URL {
        let feeder = try NMEAFeeder(epochs: epochs)
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
        let configFile = tmp.appendingPathComponent("routecue.json")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let cues = tmp.appendingPathComponent("cues.jsonl")
        daemon = try DaemonProcess(["--config", configFile.path, "--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd!.port)",
                                    "--device", device, "--cues", cues.path, "--log-level", "debug"],
                                   environment: environment)
        return cues
    }

    private func alsaEnvironment() throws -> [String: String] {
        jack = try JackDummyServer()
        var env: [String: String] = [:]
        for key in ["ALSA_CONFIG_PATH", "JACK_DEFAULT_SERVER", "JACK_NO_START_SERVER"] {
            if let value = ProcessInfo.processInfo.environment[key] { env[key] = value }
        }
        return env
    }

    /// Waits for the first fix, lets the feeder send the whole drive, then stops the daemon with SIGTERM 3 s later:
    /// it must exit 0.
    private func driveToTheEnd(_ daemon: DaemonProcess, fixWithin seconds: Double) throws {
        XCTAssertNotNil(daemon.line(containing: "gps: fix", within: seconds), daemon.stderrText)
        let feeder = try XCTUnwrap(self.feeder)
        while !feeder.isFinished, daemon.isRunning { usleep(100_000) }
        usleep(3_000_000)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
    }

    /// The cue log's entries.
    private func entries(_ url: URL) throws -> [[String: Any]] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The underruns the daemon logged before each cue's first sample (its debug line "playing #N: first sample"),
    /// for `cues` cues; nil when the log does not hold exactly one such line per cue.
    private static func underrunsBeforeEachCue(_ stderr: String, cues: Int) -> [Int]? {
        var counts: [Int] = [], underruns = 0
        for line in stderr.split(separator: "\n") {
            if line.contains("audio underrun") { underruns += 1 }
            if line.contains(": first sample ") { counts.append(underruns) }
        }
        return counts.count == cues ? counts : nil
    }

    private func key(_ entry: [String: Any]) -> String {
        "\(entry["maneuver"] as? Int ?? -1) \(entry["stage"] as? String ?? entry["kind"] as? String ?? "")"
    }

    // MARK: - A drive end to end

    func test_aRecordedDrive_throughGpsd_speaksItsCuesInOrder_whereTheWAVHasThem_asSimulateDoes() throws {
        let env = try alsaEnvironment()
        let epochs = try Self.drive(seconds: 62)
        let wav = tmp.appendingPathComponent("drive.wav")
        let cues = try startDrive(epochs, device: ALSATestEnvironment.pacedTap(wav.path), environment: env)
        let daemon = try XCTUnwrap(self.daemon)
        try driveToTheEnd(daemon, fixWithin: 10)

        let log = try entries(cues)
        let spoken = log.filter { $0["event"] as? String == "spoken" }
        print("routecue run through gpsd: " + spoken.map { "\(key($0)) \"\($0["text"] ?? "")\"" }.joined(separator: ", "))
        XCTAssertGreaterThanOrEqual(spoken.count, 4, daemon.stderrText)
        // In order: each cue's words start after the previous one's ended.
        let starts = spoken.compactMap { $0["m_audio_start"] as? Double }, ends = spoken.compactMap { $0["m_audio_end"] as? Double }
        XCTAssertEqual(starts.count, spoken.count)
        for i in 1..<starts.count { XCTAssertGreaterThanOrEqual(starts[i], ends[i - 1] - 0.001, "cue \(i) starts after cue \(i - 1) ends") }

        // The WAV holds speech where the log says, relative to the first cue (the device opened for it). The WAV holds
        // the frames the daemon wrote: where the device ran dry (an underrun, which a loaded machine causes), time
        // passed that the WAV does not hold, so a cue after one sits earlier in the WAV than the log's clock says,
        // never later. Between two cues with no underrun between them, the WAV and the log agree.
        let audio = try WAVDecoder.decode(Array(try Data(contentsOf: wav)))
        let rate = Double(audio.sampleRate)
        let loud = { (frame: Int) -> Bool in abs(Int(audio.samples[frame * audio.channels])) > 300 }
        guard let firstSound = (0..<audio.frameCount).first(where: loud) else { return XCTFail("the WAV holds no speech") }
        let underruns = Self.underrunsBeforeEachCue(daemon.stderrText, cues: spoken.count)
        var previousOnset = Double(firstSound) / rate, previousShift = 0.0
        for i in 1..<starts.count {
            let expected = Double(firstSound) / rate + (starts[i] - starts[0])
            // Cue i's first word: the first loud frame once cue i - 1 has ended (its length as the log has it).
            let searchFrom = Int((previousOnset + (ends[i - 1] - starts[i - 1]) + 0.15) * rate)
            guard let onsetFrame = (max(0, searchFrom)..<audio.frameCount).first(where: loud) else {
                return XCTFail("cue \(i) \"\(spoken[i]["text"] ?? "")\" is not in the WAV after cue \(i - 1)")
            }
            let onset = Double(onsetFrame) / rate, shift = onset - expected
            XCTAssertLessThanOrEqual(shift, 0.15, "cue \(i) is in the WAV at \(onset) s, not later than the log says (\(expected) s)")
            if let underruns, underruns[i] == underruns[i - 1] {
                XCTAssertEqual(shift, previousShift, accuracy: 0.15,
                               "cue \(i) \"\(spoken[i]["text"] ?? "")\" follows cue \(i - 1) in the WAV as in the log (no underrun between)")
            } else {
                XCTAssertLessThanOrEqual(shift, previousShift + 0.15, "cue \(i): an underrun only takes time out of the WAV")
                print("cue \(i): an underrun since cue \(i - 1); the WAV holds it \(String(format: "%.3f", -shift)) s earlier than the log's clock")
            }
            previousOnset = onset
            previousShift = shift
        }

        // The same excerpt through `routecue simulate` speaks the same maneuvers and stages.
        let nmea = tmp.appendingPathComponent("excerpt.nmea")
        try epochs.joined().write(to: nmea, atomically: true, encoding: .utf8)
        let simulatedLog = tmp.appendingPathComponent("simulated.jsonl")
        let simulated = try CommandRunner.routecue(["simulate", "--route", Self.route, "--fixes", nmea.path, "--cues", simulatedLog.path, "--quiet"])
        XCTAssertEqual(simulated.status, 0, simulated.stderr)
        // Both run past the excerpt's end differently (the daemon was stopped 3 s after it): compare what was
        // triggered while fixes came.
        let lastFixTime = try XCTUnwrap(try entries(simulatedLog).compactMap { $0["t_trigger"] as? Double }.first) + Double(epochs.count) - 4
        func triggeredWhileDriving(_ list: [[String: Any]]) -> [String] {
            list.filter { $0["event"] as? String == "spoken" && ($0["t_trigger"] as? Double ?? .infinity) < lastFixTime }.map(key)
        }
        let fromSimulate = triggeredWhileDriving(try entries(simulatedLog)), fromRun = triggeredWhileDriving(log)
        XCTAssertEqual(fromRun, fromSimulate, "run and simulate speak the same cues")
    }

    /// The drive on a file PCM (no real-time device: a board's image, or the aarch64 build under qemu, whose ALSA
    /// cannot reach the host's JACK): READY=1, the cues spoken into the WAV in order, SIGTERM exits 0.
    func test_aRecordedDrive_throughGpsd_intoAFilePCM_isReady_speaks_andExits0OnSIGTERM() throws {
        let notify = try NotifySocket(path: tmp.appendingPathComponent("notify").path)
        let wav = tmp.appendingPathComponent("file-pcm.wav")
        let cues = try startDrive(try Self.drive(seconds: 40), device: ALSATestEnvironment.fileDevice(wav.path),
                                  environment: ["NOTIFY_SOCKET": notify.path])
        let daemon = try XCTUnwrap(self.daemon)
        XCTAssertNotNil(notify.first("READY=1", within: 20), "READY=1: \(daemon.stderrText)")
        try driveToTheEnd(daemon, fixWithin: 20)
        XCTAssertNotNil(notify.first("STOPPING=1", within: 1))

        let spoken = try entries(cues).filter { $0["event"] as? String == "spoken" }
        print("routecue run into a file PCM: " + spoken.map { "\(key($0)) \"\($0["text"] ?? "")\"" }.joined(separator: ", "))
        XCTAssertEqual(spoken.prefix(3).map(key), ["0 continue", "1 range", "1 distance"], daemon.stderrText)
        let starts = spoken.compactMap { $0["m_audio_start"] as? Double }, ends = spoken.compactMap { $0["m_audio_end"] as? Double }
        XCTAssertEqual(starts.count, spoken.count)
        for i in 1..<starts.count { XCTAssertGreaterThanOrEqual(starts[i], ends[i - 1] - 0.001, "cue \(i) starts after cue \(i - 1) ends") }
        let audio = try WAVDecoder.decode(Array(try Data(contentsOf: wav)))
        let speech = (0..<audio.frameCount).filter { abs(Int(audio.samples[$0 * audio.channels])) > 300 }.count
        XCTAssertGreaterThan(Double(speech) / Double(audio.sampleRate), 1.0, "the WAV holds the cues' speech")
    }

    // MARK: - gpsd going away

    func test_gpsdKilledAndStartedAgain_fixesResumeWithin2s_andNoCueIsRepeated() throws {
        let cues = try startDrive(try Self.drive(seconds: 40), device: "null")
        let daemon = try XCTUnwrap(self.daemon), gpsd = try XCTUnwrap(self.gpsd)
        XCTAssertNotNil(daemon.line(containing: "gps: fix", within: 10), daemon.stderrText)
        usleep(4_000_000)
        gpsd.kill9()
        XCTAssertNotNil(daemon.line(containing: "gps: gpsd unreachable", within: 3), daemon.stderrText)
        usleep(1_500_000)
        let restarted = MonotonicClock.nanoseconds()
        try gpsd.start()
        // The next "gps: fix" after the restart.
        let deadline = MonotonicClock.nanoseconds() + 10_000_000_000
        var back: UInt64?
        while back == nil, MonotonicClock.nanoseconds() < deadline {
            back = daemon.stderr.first { $0.at > restarted && $0.text.contains("gps: fix") }?.at
            usleep(5_000)
        }
        let seconds = try Double(XCTUnwrap(back, daemon.stderrText) - restarted) / 1e9
        print(String(format: "fixes again %.2f s after gpsd was started again", seconds))
        XCTAssertLessThanOrEqual(seconds, 2.0)
        usleep(6_000_000)
        XCTAssertTrue(daemon.isRunning)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0)
        let keys = try entries(cues).filter { $0["event"] as? String == "spoken" }.map(key)
        XCTAssertEqual(keys.count, Set(keys).count, "no cue repeated: \(keys)")
    }

    func test_gpsdSilent_isGPSLostWithinTheStalenessTime_andLostAndRegainedAreEachSpokenOnce() throws {
        let cues = try startDrive(try Self.drive(seconds: 45), device: "null")
        let daemon = try XCTUnwrap(self.daemon), feeder = try XCTUnwrap(self.feeder)
        XCTAssertNotNil(daemon.line(containing: "on the route", within: 10), daemon.stderrText)
        usleep(3_000_000)
        feeder.pause()
        let paused = MonotonicClock.nanoseconds()
        let lost = try XCTUnwrap(daemon.line(containing: "gps: GPS lost (no report from gpsd for 3 s)", within: 6), daemon.stderrText)
        let detection = Double(lost.at - paused) / 1e9
        print(String(format: "gpsd silent: GPS lost %.2f s after the feeder paused (staleness 3 s)", detection))
        XCTAssertLessThanOrEqual(detection, 3.5)
        XCTAssertGreaterThanOrEqual(detection, 2.5)
        XCTAssertNotNil(daemon.line(containing: "\"GPS signal lost\"", within: 12), "spoken 10 s after the last fix: \(daemon.stderrText)")
        feeder.resume()
        XCTAssertNotNil(daemon.line(containing: "\"GPS signal regained\"", within: 8), daemon.stderrText)
        usleep(2_000_000)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0)
        let texts = try entries(cues).filter { $0["event"] as? String == "spoken" }.compactMap { $0["text"] as? String }
        XCTAssertEqual(texts.filter { $0 == "GPS signal lost" }.count, 1, "\(texts)")
        XCTAssertEqual(texts.filter { $0 == "GPS signal regained" }.count, 1, "\(texts)")
    }

    // MARK: - A device that does not open

    func test_anAudioDeviceThatFailsToOpen_cancelsTheCueWithALSAsError_andGuidanceGoesOn() throws {
        let cues = try startDrive(try Self.drive(seconds: 40), device: "routecue_no_such_pcm")
        let daemon = try XCTUnwrap(self.daemon)
        XCTAssertNotNil(daemon.line(containing: "cancelled #2", within: 20), daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "audio device routecue_no_such_pcm", within: 1), daemon.stderrText)
        // Guidance goes on: later cues are tried on the device again, each cancelled with the reason.
        XCTAssertNotNil(daemon.line(containing: "cancelled #4", within: 30), daemon.stderrText)
        XCTAssertTrue(daemon.isRunning)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0)
        let cancelled = try entries(cues).filter { $0["event"] as? String == "cancelled" }
        XCTAssertGreaterThanOrEqual(cancelled.count, 3)
        for entry in cancelled {
            XCTAssertTrue((entry["reason"] as? String ?? "").contains("routecue_no_such_pcm"), "\(entry)")
        }
    }

    // MARK: - Stopping

    func test_SIGTERM_duringACue_endsItAtAWordBoundary_andExits0WithinASecond() throws {
        let env = try alsaEnvironment()
        try startDrive(try Self.drive(seconds: 30), device: ALSATestEnvironment.pacedDevice, environment: env)
        let daemon = try XCTUnwrap(self.daemon)
        // "In 400 meters, turn right onto Lindenallee" (2.8 s) starts about 6 s into the drive.
        let playing = try XCTUnwrap(daemon.line(containing: "playing #2", within: 15), daemon.stderrText)
        while MonotonicClock.nanoseconds() < playing.at + 700_000_000 { usleep(5_000) }
        let sent = MonotonicClock.nanoseconds()
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 3), 0, daemon.stderrText)
        let took = Double(MonotonicClock.nanoseconds() - sent) / 1e9
        print(String(format: "SIGTERM during a cue: exit 0 after %.2f s", took))
        XCTAssertLessThan(took, 1.0)
        XCTAssertTrue(daemon.stderrText.contains("stopped #2 at a word boundary"), daemon.stderrText)
        XCTAssertTrue(daemon.stderrText.contains("interrupted: superseded"), "the cue log notes it: \(daemon.stderrText)")
    }
}
