import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import Synchronization
import TestSupport
import XCTest

/// `routecue run` ducking real music: mpv with mpv-mpris on a private session bus, the daemon's control interface on
/// the same bus, a volume trace read from outside RouteCue every 20 ms. The music is down before the first voice
/// sample of a planned cue and comes back to the very same `Double`; two players, the user turning one mid-duck,
/// one killed mid-duck, RouteCue killed with SIGKILL mid-duck and started again, SIGTERM mid-duck.
final class DaemonDuckingTests: XCTestCase {
    private var tmp: URL!
    private var bus: DBusDaemonProcess?
    private var players: [MPVPlayerProcess] = []
    private var daemons: [DaemonProcess] = []
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?
    private var client: BusConnection?

    private static let name: BusName = "org.routecue"
    private static let path: ObjectPath = "/org/routecue/Guidance"
    private static let audio: InterfaceName = "org.routecue.Audio1"
    private static let guidance: InterfaceName = "org.routecue.Guidance1"
    private static let player: InterfaceName = "org.mpris.MediaPlayer2.Player"

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        try MPVPlayerProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
        bus = try DBusDaemonProcess(.session)
        client = try connectToBus(bus!.address)
    }

    override func tearDown() {
        let client = client
        _ = try? onLoop { client?.close() }
        for daemon in daemons { daemon.kill() }
        for player in players { player.stop() }
        gpsd?.stop()
        feeder?.stop()
        bus?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    // MARK: - Helpers

    private func music(volume: Double) throws -> MPVPlayerProcess {
        let tone = tmp.appendingPathComponent("tone.wav")
        if !FileManager.default.fileExists(atPath: tone.path) { try MPVPlayerProcess.writeTone(to: tone, seconds: 5) }
        let player = try MPVPlayerProcess(on: bus!, playing: tone, volume: volume * 100)
        players.append(player)
        return player
    }

    /// `routecue run` on the bus (control and media), with `ducking` settings, a state directory and a file PCM.
    private func startDaemon(ducking: String = "{}", extra: [String] = []) throws -> DaemonProcess {
        let config = tmp.appendingPathComponent("routecue.json")
        try #"{"ducking": \#(ducking)}"#.write(to: config, atomically: true, encoding: .utf8)
        let state = tmp.appendingPathComponent("state")
        let wav = tmp.appendingPathComponent("spoken-\(daemons.count).wav")
        let daemon = try DaemonProcess(["--bus", bus!.address, "--session-bus", bus!.address, "--config", config.path,
                                        "--state-dir", state.path, "--device", ALSATestEnvironment.fileDevice(wav.path),
                                        "--gpsd", "127.0.0.1:9", "--log-level", "debug"] + extra)
        daemons.append(daemon)
        XCTAssertTrue(bus!.waitForOwner(of: Self.name.rawValue, within: 10), daemon.stderrText)
        return daemon
    }

    /// The MPRIS Volume of `player` as the bus answers it (the exact `Double`).
    private func volume(of player: MPVPlayerProcess) throws -> Double? {
        try Self.volume(of: player.busName, through: client!)
    }

    /// mpv's MPRIS Volume read from outside RouteCue on a thread of its own, each reading stamped with CLOCK_MONOTONIC
    /// seconds, until `stop()`.
    private final class VolumeTrace: Sendable {
        private let samples = Collected<(at: Double, volume: Double)>()
        private let sampling = Atomic<Bool>(true)

        init(of busName: String, through client: BusConnection, everyMicroseconds interval: UInt32) {
            Thread { [self] in
                while sampling.load(ordering: .relaxed) {
                    if let v = (try? DaemonDuckingTests.volume(of: busName, through: client)) ?? nil {
                        samples.append((Double(MonotonicClock.nanoseconds()) / 1e9, v))
                    }
                    usleep(interval)
                }
            }.start()
        }

        /// The readings so far.
        var all: [(at: Double, volume: Double)] { samples.all }

        /// Ends the readings.
        func stop() { sampling.store(false, ordering: .relaxed) }
    }

    fileprivate static func volume(of busName: String, through client: BusConnection) throws -> Double? {
        guard case .double(let v)? = try propertyAndWait(client, try BusName(busName), "/org/mpris/MediaPlayer2", player, "Volume") else { return nil }
        return v
    }

    private func speak(_ text: String) throws {
        _ = try callAndWait(client!, Self.name, Self.path, Self.audio, "Speak", [.string(text), .string("guidance")]).get()
    }

    private func waitForVolume(_ player: MPVPlayerProcess, within seconds: Double, _ condition: @escaping (Double) -> Bool) -> Bool {
        PollingWait.until(timeout: seconds) { (try? self.volume(of: player)).flatMap { $0 }.map(condition) ?? false }
    }

    private static func ducked(_ volume: Double, law: DuckingSettings.VolumeLaw = .cubic) -> Double {
        DuckingSettings().duckedVolume(volume, law: law)
    }

    // MARK: - Tests

    func test_aPlannedCueOverMusic_theRampEndsBeforeItsFirstVoiceSample_andTheVolumeComesBackExactly() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd): skipped") }
        let mpv = try music(volume: 0.57)
        let original = try XCTUnwrap(try volume(of: mpv))
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        let feeder = try NMEAFeeder(epochs: Array(NMEAFeeder.epochs(ofNMEA: text).prefix(40)))
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
        let cues = tmp.appendingPathComponent("cues.jsonl")
        // A trace of mpv's volume, read from outside RouteCue.
        let client = client!
        let trace = VolumeTrace(of: mpv.busName, through: client, everyMicroseconds: 20_000)
        defer { trace.stop() }
        let daemon = try startDaemon(extra: ["--gpsd", "127.0.0.1:\(gpsd!.port)", "--cues", cues.path])
        // The route comes once the player is known, as on a head unit (music plays before a destination is set): the
        // departure cue, due the moment the route is acquired, waits for the ramp as a planned cue does.
        XCTAssertNotNil(daemon.line(containing: "media: following MPRIS players", within: 10), daemon.stderrText)
        usleep(300_000)
        let document = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json"), encoding: .utf8)
        _ = try callAndWait(client, Self.name, Self.path, Self.guidance, "LoadRoute", [.string("auto"), .string(document)]).get()
        _ = try callAndWait(client, Self.name, Self.path, Self.guidance, "Start", []).get()
        // The departure cue, then the first planned one ("In 400 meters …" at about 0:15 of the drive).
        XCTAssertTrue(PollingWait.until(timeout: 40) { (try? String(contentsOf: cues, encoding: .utf8))?.split(separator: "\n").filter { $0.contains("\"spoken\"") }.count ?? 0 >= 2 },
                      daemon.stderrText)
        XCTAssertTrue(waitForVolume(mpv, within: 10) { $0 == original }, "restored\n\(daemon.stderrText)")
        usleep(300_000)
        trace.stop()
        let spoken = try String(contentsOf: cues, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "spoken" }
        let samples = trace.all
        XCTAssertGreaterThan(samples.count, 50)
        let target = Self.ducked(original)
        print("volume trace: " + samples.filter { $0.volume != original }.prefix(40).map { String(format: "%.3f %.4f", $0.at, $0.volume) }.joined(separator: ", "))
        XCTAssertTrue(spoken.prefix(2).contains { ($0["text"] as? String)?.hasPrefix("Head north") == true }, "the departure cue is among the two checked: \(spoken.prefix(2))")
        for cue in spoken.prefix(2) {
            let text = cue["text"] as? String ?? ""
            guard let trigger = cue["m_trigger"] as? Double, let heard = cue["m_audio_start"] as? Double else { continue }
            // The ramp of this cue: the first sample below the original after the last one at it before the word.
            let lastUp = samples.last { $0.at <= heard && $0.volume == original }?.at ?? 0
            let firstChange = samples.first { $0.at > lastUp && $0.volume < original }?.at
            let atFirstWord = samples.last { $0.at <= heard }?.volume
            let lead = firstChange.map { heard - $0 }
            print("cue \"\(text)\": triggered \(String(format: "%.3f", trigger)), first word \(String(format: "%.3f", heard)); ramp seen \(lead.map { String(format: "%.0f ms", $0 * 1000) } ?? "never") before the first word; volume at it \(atFirstWord.map { "\($0)" } ?? "?")")
            // The departure ("Head north on Ringstraße") as much as a planned cue: the ramp started ahead of it and
            // was down by its first word.
            XCTAssertNotNil(lead, "the music was ducked for \"\(text)\"")
            if let lead { XCTAssertGreaterThan(lead, 0, "the ramp starts before the first voice sample of \"\(text)\"") }
            XCTAssertEqual(atFirstWord ?? 1, target, accuracy: 1e-3, "fully down when \"\(text)\" is heard\n\(daemon.stderrText)")
        }
        XCTAssertEqual(samples.map(\.volume).min() ?? 0, target, accuracy: 1e-6, "ducked by 14 dB of mpv's cubic gain (mpv keeps its volume as a float)")
        XCTAssertEqual(try volume(of: mpv), original, "restored to the very Double it had")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("state/ducking.json").path), "nothing left to restore")
    }

    /// Issue 30: an output nobody planned (a UI's Speak, a file, a chime in place of speech) asks for the music to be
    /// lowered and waits for it: when its `WillPlay` comes (its first sample follows at once on a file PCM), mpv has
    /// been at the ducked volume for `lead_s` (the player's own output latency), and the wait is bounded by
    /// `ramp_down_s + lead_s`. Each kind starts over full music (the one before has been put back).
    func test_everyOutputNobodyPlanned_startsOverMusicAlreadyDown_Speak_PlayFile_andAChime() throws {
        let mpv = try music(volume: 0.8)
        let original = try XCTUnwrap(try volume(of: mpv))
        let target = Self.ducked(original)
        let settings = DuckingSettings()
        let client = client!
        let trace = VolumeTrace(of: mpv.busName, through: client, everyMicroseconds: 10_000)
        defer { trace.stop() }
        let daemon = try startDaemon()
        XCTAssertNotNil(daemon.line(containing: "media: following MPRIS players", within: 10), daemon.stderrText)
        let willPlay = Collected<(id: Int64, kind: String, at: Double)>()
        let added = Awaited<Bool>()
        try onLoop {
            client.subscribe(MatchRule(sender: Self.name, path: Self.path, interface: Self.audio, member: "WillPlay"),
                             added: { added.set($0 == nil) }) { message in
                let at = Double(MonotonicClock.nanoseconds()) / 1e9
                guard let values = try? message.arguments(), values.count == 3 else { return }
                willPlay.append((values[0].integer ?? -1, values[2].string ?? "", at))
            }
        }
        XCTAssertTrue(try added.wait())
        usleep(300_000)
        let wav = tmp.appendingPathComponent("prompt.wav")
        let said = try CommandRunner.routecue(["say", "Your coffee is ready", "--wav", wav.path])
        XCTAssertEqual(said.status, 0, said.stderr)
        func setPromptStyle(_ style: String) throws {
            let outcome = Awaited<Result<Void, BusError>>()
            try onLoop { client.setProperty(destination: Self.name, path: Self.path, interface: Self.audio, name: "PromptStyle", value: .string(style)) { outcome.set($0) } }
            XCTAssertNoThrow(try outcome.wait().get())
        }
        let kinds: [(String, () throws -> Int64?)] = [
            ("Speak", { try callAndWait(client, Self.name, Self.path, Self.audio, "Speak", [.string("Fuel station ahead"), .string("application")]).get().first?.integer }),
            ("PlayFile", {
                let fd = open(wav.path, O_RDONLY | O_CLOEXEC)
                return try callAndWait(client, Self.name, Self.path, Self.audio, "PlayFile", [.unixFD(UnixFD(taking: fd))]).get().first?.integer
            }),
            ("chime", {
                try setPromptStyle("tone")
                defer { try? setPromptStyle("normal") }
                return try callAndWait(client, Self.name, Self.path, Self.audio, "Speak", [.string("Traffic ahead"), .string("guidance")]).get().first?.integer
            }),
        ]
        for (kind, play) in kinds {
            XCTAssertTrue(waitForVolume(mpv, within: 10) { $0 == original }, "\(kind): full music first\n\(daemon.stderrText)")
            usleep(200_000)
            let asked = Double(MonotonicClock.nanoseconds()) / 1e9
            let id = try XCTUnwrap(try play(), kind)
            XCTAssertTrue(PollingWait.until(timeout: 10) { willPlay.all.contains { $0.id == id } }, "\(kind): WillPlay\n\(daemon.stderrText)")
            let started = try XCTUnwrap(willPlay.all.first { $0.id == id }).at
            usleep(150_000)
            let samples = trace.all
            let atStart = samples.last { $0.at <= started }?.volume
            let down = samples.first { $0.at > asked && abs($0.volume - target) <= 1e-6 }?.at
            let downFor = down.map { started - $0 }
            print(String(format: "%@: WillPlay %.0f ms after the call; mpv's volume then %.6f (target %.6f), at the target for %.0f ms",
                         kind, (started - asked) * 1000, atStart ?? .nan, target, (downFor ?? .nan) * 1000))
            XCTAssertEqual(atStart ?? 1, target, accuracy: 1e-6, "\(kind): the music was down before the first sample\n\(daemon.stderrText)")
            // The last step went out lead_s before the first sample is heard, which is the route's latency (about 45 ms
            // on a file PCM) after WillPlay; the trace (every 10 ms) and the replies' delivery blur it by tens of ms.
            XCTAssertGreaterThanOrEqual(downFor ?? 0, settings.leadSeconds - 0.15, "\(kind): down lead_s before the first sample")
            XCTAssertLessThanOrEqual(started - asked, settings.rampDownSeconds + settings.leadSeconds + 0.4, "\(kind): the wait is the ramp and the lead")
            XCTAssertEqual(willPlay.all.first { $0.id == id }?.kind, kind == "PlayFile" ? "file" : "app", kind)
        }
        XCTAssertTrue(waitForVolume(mpv, within: 10) { $0 == original }, "restored exactly\n\(daemon.stderrText)")
        XCTAssertTrue(daemon.isRunning)
    }

    func test_twoPlayers_theUserTurningOneMidDuck_keepsTheirVolume_andOneKilledMidDuckIsForgotten() throws {
        let first = try music(volume: 0.8)
        let second = try music(volume: 0.6)
        let daemon = try startDaemon(ducking: #"{"hold_s": 3}"#)
        XCTAssertTrue(daemon.line(containing: "media: following MPRIS players", within: 10) != nil, daemon.stderrText)
        usleep(300_000)
        try speak("Ducking test")
        XCTAssertTrue(waitForVolume(first, within: 5) { abs($0 - Self.ducked(0.8)) < 1e-6 }, daemon.stderrText)
        XCTAssertTrue(waitForVolume(second, within: 5) { abs($0 - Self.ducked(0.6)) < 1e-6 }, daemon.stderrText)
        // The user turns the first one to 0.5; the second one is killed.
        try first.setMPRISVolumeAsUser(0.5)
        second.kill()
        XCTAssertNotNil(daemon.line(containing: "while ducked; keeping it", within: 3), daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "quit while ducked", within: 3), daemon.stderrText)
        // Past the hold and the ramp back: nothing forced the old volume back over the user's.
        usleep(4_500_000)
        XCTAssertEqual(try volume(of: first), 0.5, "the user's volume stays\n\(daemon.stderrText)")
        XCTAssertTrue(daemon.isRunning)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("state/ducking.json").path), "nothing left to restore")
    }

    /// mpv at `volume` ducked by a `Speak` of a daemon that holds the duck for 30 s.
    private func duckedMusic(volume: Double, extra: [String] = []) throws -> (MPVPlayerProcess, original: Double, DaemonProcess) {
        let mpv = try music(volume: volume)
        let original = try XCTUnwrap(try self.volume(of: mpv))
        let daemon = try startDaemon(ducking: #"{"hold_s": 30}"#, extra: extra)
        XCTAssertNotNil(daemon.line(containing: "media: following MPRIS players", within: 10), daemon.stderrText)
        usleep(300_000)
        try speak("Held down")
        XCTAssertTrue(waitForVolume(mpv, within: 5) { abs($0 - Self.ducked(original)) < 1e-6 }, daemon.stderrText)
        return (mpv, original, daemon)
    }

    func test_routeCueKilledMidDuck_restoresTheMusicAtItsNextStart() throws {
        // Guiding a route: its journal shares the state directory with the ducking record.
        let route = ["--route", "examples/grid-trip.osrm.json"]
        let (mpv, original, daemon) = try duckedMusic(volume: 0.7, extra: route)
        XCTAssertTrue(PollingWait.until(timeout: 5) {
            FileManager.default.fileExists(atPath: self.tmp.appendingPathComponent("state/journal.json").path)
        }, daemon.stderrText)
        let record = tmp.appendingPathComponent("state/ducking.json")
        let saved = try DuckingRecord.parse(Array(try Data(contentsOf: record)))
        XCTAssertEqual(saved.players.first?.volume, original, "on disk before the first change")
        daemon.kill()
        _ = daemon.waitForExit(within: 5)
        XCTAssertTrue(PollingWait.until(timeout: 5) { !self.bus!.waitForOwner(of: Self.name.rawValue, within: 0.05) }, "RouteCue is gone")
        XCTAssertEqual(try volume(of: mpv)!, Self.ducked(original), accuracy: 1e-6, "still ducked: RouteCue died")
        let again = try startDaemon(extra: route)
        XCTAssertTrue(waitForVolume(mpv, within: 5) { $0 == original }, again.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: record.path), again.stderrText)
        XCTAssertNotNil(again.line(containing: "journal: resuming the route", within: 5), "and the route is resumed: \(again.stderrText)")
    }

    func test_SIGTERMmidDuck_restoresBeforeExit() throws {
        let (mpv, original, daemon) = try duckedMusic(volume: 0.9)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
        XCTAssertEqual(try volume(of: mpv), original, "put back before exit\n\(daemon.stderrText)")
    }

    func test_theSessionBusGoingMidDuck_neverStopsRouteCue_andItsPlayersAreFollowedOnceItIsBack() throws {
        // Guidance's own bus is separate here: only the media bus goes away.
        let control = try DBusDaemonProcess(.session)
        defer { control.stop() }
        let mpv = try music(volume: 0.8)
        let config = tmp.appendingPathComponent("routecue.json")
        try #"{"ducking": {"hold_s": 30}}"#.write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--bus", control.address, "--session-bus", bus!.listenAddress, "--config", config.path,
                                        "--state-dir", tmp.appendingPathComponent("state").path, "--device", "null",
                                        "--gpsd", "127.0.0.1:9", "--log-level", "debug"])
        daemons.append(daemon)
        XCTAssertTrue(control.waitForOwner(of: Self.name.rawValue, within: 10), daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "media: following MPRIS players", within: 10), daemon.stderrText)
        usleep(300_000)
        let controlClient = try connectToBus(control.address)
        defer { _ = try? onLoop { controlClient.close() } }
        _ = try callAndWait(controlClient, Self.name, Self.path, Self.audio, "Speak", [.string("Bus going"), .string("guidance")]).get()
        XCTAssertTrue(waitForVolume(mpv, within: 5) { $0 < 0.8 }, daemon.stderrText)
        // The session bus dies with the music ducked (its players lose it too).
        mpv.stop()
        bus!.kill()
        XCTAssertNotNil(daemon.line(containing: "media: the \(bus!.listenAddress) went away", within: 5), daemon.stderrText)
        XCTAssertTrue(daemon.isRunning, daemon.stderrText)
        // It comes back with a new player: followed again, and ducked for the next cue.
        try bus!.restart()
        let again = try music(volume: 0.6)
        client = try connectToBus(bus!.address)
        XCTAssertTrue(PollingWait.until(timeout: 10) { daemon.stderrText.components(separatedBy: "media: following MPRIS players").count > 2 },
                      "connected again\n\(daemon.stderrText)")
        usleep(300_000)
        _ = try callAndWait(controlClient, Self.name, Self.path, Self.audio, "Speak", [.string("Bus back"), .string("guidance")]).get()
        XCTAssertTrue(waitForVolume(again, within: 5) { $0 < 0.6 }, "the new player is ducked\n\(daemon.stderrText)")
        XCTAssertTrue(daemon.isRunning)
    }
}
