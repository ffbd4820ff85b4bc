import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import TestSupport
import XCTest

/// Issue 30: RouteCue in a PipeWire session whose policy knows what navigation is. A real `pipewire` and
/// `wireplumber` of the test's own (`PipeWireSession`: a null sink `car-speakers`, WirePlumber 0.4's role-based policy
/// switched on as AGL does), music from `pw-play --media-role=Music` or a real mpv on `--ao=pipewire`, `routecue run`
/// speaking on the route `{"pcm": "pipewire", "media_role": "Navigation"}`. What the speakers play is recorded from
/// the sink's monitor and read per 100 ms: the music (440 Hz) against RouteCue's output (a 1 kHz tone played with
/// `PlayFile`, so the two can be told apart).
final class PipeWireRolePolicyTests: XCTestCase {
    private var tmp: URL!
    private var bus: DBusDaemonProcess?
    private var session: PipeWireSession?
    private var daemon: DaemonProcess?
    private var client: BusConnection?
    /// `WillPlay ID` and `DidPlay ID OUTCOME REASON`, as the signals came.
    private let played = Collected<String>()

    private static let name: BusName = "org.routecue"
    private static let path: ObjectPath = "/org/routecue/Guidance"
    private static let audio: InterfaceName = "org.routecue.Audio1"

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        try PipeWireSession.require()
        tmp = try CommandRunner.temporaryDirectory()
        bus = try DBusDaemonProcess(.session)
        session = try PipeWireSession(busAddress: bus!.address)
        client = try connectToBus(bus!.address)
        let client = client!, played = played
        let added = Awaited<Bool>()
        try onLoop {
            client.subscribe(MatchRule(sender: Self.name, path: Self.path, interface: Self.audio), added: { added.set($0 == nil) }) { message in
                guard let member = message.member, member == "WillPlay" || member == "DidPlay", let values = try? message.arguments() else { return }
                let id = values.first?.integer ?? -1
                played.append(member == "WillPlay" ? "WillPlay \(id)" : "DidPlay \(id) \(values[1].string ?? "") \(values[2].string ?? "")")
            }
        }
        XCTAssertTrue(try added.wait())
    }

    /// Waits for the `WillPlay` or `DidPlay` of `id` among the signals from the `since`-th on (a daemon started again
    /// numbers its outputs from the same id); its line, or nil.
    @discardableResult
    private func waitFor(_ member: String, of id: Int64, since: Int = 0, within seconds: Double) -> String? {
        var found: String?
        _ = PollingWait.until(timeout: seconds) {
            found = self.played.all.dropFirst(since).first { $0 == "\(member) \(id)" || $0.hasPrefix("\(member) \(id) ") }
            return found != nil
        }
        return found
    }

    override func tearDown() {
        let client = client
        _ = try? onLoop { client?.close() }
        daemon?.kill()
        session?.stop()
        bus?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    // MARK: - Helpers

    /// `routecue run` in the session, speaking on the `default` route as PipeWire's `Navigation` stream.
    private func startDaemon(ducking: String = "{}") throws -> DaemonProcess {
        let config = tmp.appendingPathComponent("routecue.json")
        try #"{"audio": {"routes": {"default": {"pcm": "pipewire", "media_role": "Navigation"}}}, "ducking": \#(ducking)}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--bus", bus!.address, "--session-bus", bus!.address, "--config", config.path,
                                        "--state-dir", tmp.appendingPathComponent("state").path, "--gpsd", "127.0.0.1:9",
                                        "--log-level", "debug"], environment: session!.environment)
        self.daemon = daemon
        XCTAssertTrue(bus!.waitForOwner(of: Self.name.rawValue, within: 10), daemon.stderrText)
        return daemon
    }

    /// Plays `file` through `PlayFile` and returns its id.
    private func playFile(_ file: URL) throws -> Int64 {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        return try XCTUnwrap(try callAndWait(client!, Self.name, Self.path, Self.audio, "PlayFile", [.unixFD(UnixFD(taking: fd))]).get().first?.integer)
    }

    private func tone(_ name: String, seconds: Double, frequency: Double) throws -> URL {
        let url = tmp.appendingPathComponent(name)
        try MPVPlayerProcess.writeTone(to: url, seconds: seconds, frequency: frequency, amplitude: 0.5)
        return url
    }

    /// The amplitude of `frequency` in each 100 ms of the left channel of a recording (a single-bin DFT).
    private static func levels(of file: URL, at frequency: Double) throws -> [Double] {
        let audio = try WAVDecoder.decode(Array(try Data(contentsOf: file)))
        let rate = Double(audio.sampleRate), window = audio.sampleRate / 10
        let left = stride(from: 0, to: audio.samples.count, by: audio.channels).map { Double(audio.samples[$0]) / 32768 }
        return stride(from: 0, to: left.count - window, by: window).map { start in
            var re = 0.0, im = 0.0
            for i in 0..<window {
                let phase = 2 * Double.pi * frequency * Double(i) / rate
                re += left[start + i] * cos(phase)
                im -= left[start + i] * sin(phase)
            }
            return 2 * (re * re + im * im).squareRoot() / Double(window)
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    // MARK: - Tests

    func test_theNavigationStream_lowersTheMusicThroughTheSessionsPolicy_andTheMusicComesBack() throws {
        let session = session!
        let music = try session.start("pw-play", ["--media-role=Music", try tone("music.wav", seconds: 30, frequency: 440).path], name: "music")
        defer { session.stop(music) }
        let recording = tmp.appendingPathComponent("speakers.wav")
        let recorder = try session.recordSpeakers(to: recording)
        let daemon = try startDaemon()
        let endpoint = try XCTUnwrap(try session.nodeID(named: "control.endpoint.multimedia"))
        usleep(1_500_000)
        let before = try session.monitorVolumes(ofNode: endpoint)
        let id = try playFile(try tone("prompt.wav", seconds: 2, frequency: 1000))
        XCTAssertNotNil(waitFor("WillPlay", of: id, within: 5), daemon.stderrText)
        usleep(800_000)
        let during = try session.monitorVolumes(ofNode: endpoint)
        let stream = try XCTUnwrap(try session.nodes().first { $0["node.name"] as? String == "routecue" }, "RouteCue's stream in pw-dump")
        XCTAssertEqual(waitFor("DidPlay", of: id, within: 8)?.hasPrefix("DidPlay \(id) spoken"), true, "\(played.all)\n\(daemon.stderrText)")
        // The PCM stays open for the idle hold (2 s): the policy ducks as long as the Navigation stream exists.
        XCTAssertTrue(PollingWait.until(timeout: 8) { (try? session.monitorVolumes(ofNode: endpoint)) == [1, 1] },
                      "the music comes back once RouteCue's stream closes\n\(daemon.stderrText)\n\(session.log("wireplumber").suffix(2000))")
        usleep(1_000_000)
        session.stop(recorder, interrupt: true)
        let underruns = daemon.stderrText.components(separatedBy: "audio underrun").count - 1
        XCTAssertEqual(before, [1, 1], "the music at its level before")
        XCTAssertEqual(during, [0.2, 0.2], "lowered by the session's policy while RouteCue speaks")
        XCTAssertEqual(stream["media.role"] as? String, "Navigation")
        XCTAssertEqual(stream["application.name"] as? String, "RouteCue")
        XCTAssertEqual(stream["application.id"] as? String, "org.routecue")
        // What the speakers played: the music's 440 Hz before, under and after RouteCue's 1 kHz.
        let music440 = try Self.levels(of: recording, at: 440), prompt1k = try Self.levels(of: recording, at: 1000)
        let speaking = prompt1k.indices.filter { prompt1k[$0] > 0.1 }
        let first = try XCTUnwrap(speaking.first, "RouteCue's tone was heard"), last = speaking.last!
        let levelBefore = Self.median(Array(music440[..<first]).suffix(8))
        let levelDuring = Self.median(speaking.dropFirst(2).dropLast(2).map { music440[$0] })
        let levelAfter = Self.median(Array(music440.suffix(5)))
        print(String(format: "music (440 Hz) amplitude: before %.3f, while RouteCue plays %.3f (%.2f×), at the end %.3f; RouteCue heard %.1f s; %d underruns logged",
                     levelBefore, levelDuring, levelDuring / levelBefore, levelAfter, Double(last - first + 1) / 10, underruns))
        XCTAssertEqual(levelBefore, 0.5, accuracy: 0.05, "full music before")
        XCTAssertEqual(levelDuring / levelBefore, 0.2, accuracy: 0.05, "the music at 0.2 of its level while RouteCue plays")
        XCTAssertEqual(levelAfter, levelBefore, accuracy: 0.05, "and back after")
        XCTAssertTrue(daemon.isRunning)
    }

    /// With the route's media role, the session ducks and RouteCue's MPRIS ducking stands down (`ducking.when_media_role`
    /// `session`, the default): mpv is lowered once, by the policy, its MPRIS volume untouched. With `mpris` RouteCue
    /// lowers it too.
    func test_mpvOnPipeWire_isDuckedOnce_byTheSession_unlessRouteCueIsToldToDuckToo() throws {
        try MPVPlayerProcess.require()
        let session = session!
        for mode in ["session", "mpris"] {
            let mpv = try MPVPlayerProcess(on: bus!, playing: try tone("mpv-\(mode).wav", seconds: 10, frequency: 440), volume: 80,
                                           extraArguments: ["--ao=pipewire"], environment: session.environment)
            defer { mpv.stop() }
            let original = try mpv.mprisVolume()
            let daemon = try startDaemon(ducking: #"{"when_media_role": "\#(mode)"}"#)
            XCTAssertNotNil(daemon.line(containing: "media: following MPRIS players", within: 10), daemon.stderrText)
            usleep(500_000)
            let endpoint = try XCTUnwrap(try session.nodeID(named: "control.endpoint.multimedia"))
            let since = played.count
            let id = try playFile(try tone("prompt.wav", seconds: 1.5, frequency: 1000))
            XCTAssertNotNil(waitFor("WillPlay", of: id, since: since, within: 5), daemon.stderrText)
            usleep(700_000)
            let policyLevel = try session.monitorVolumes(ofNode: endpoint)
            let mprisVolume = try mpv.mprisVolume()
            print("\(mode): the Multimedia endpoint's level \(policyLevel), mpv's MPRIS Volume \(mprisVolume) (was \(original))")
            XCTAssertEqual(policyLevel, [0.2, 0.2], "\(mode): the session's policy lowers mpv's stream")
            if mode == "session" {
                XCTAssertEqual(mprisVolume, original, "session: RouteCue leaves mpv's own volume alone\n\(daemon.stderrText)")
            } else {
                XCTAssertLessThan(mprisVolume, original, "mpris: RouteCue lowers it as well\n\(daemon.stderrText)")
                XCTAssertTrue(PollingWait.until(timeout: 10) { (try? mpv.mprisVolume()) == original }, "and puts it back exactly")
            }
            daemon.send(SIGTERM)
            XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
            self.daemon = nil
        }
    }

    /// A call's Communication stream corks RouteCue's Navigation stream (the policy unlinks it, and pipewire-alsa
    /// takes no more frames): RouteCue's loop never blocks on it, answers the bus at once, ends the output it could
    /// not play, and plays the next one once the call is over.
    func test_aCallCorkingTheStream_neverBlocksRouteCue_andTheNextOutputPlays() throws {
        let session = session!
        let daemon = try startDaemon()
        let id = try playFile(try tone("long.wav", seconds: 8, frequency: 1000))
        XCTAssertNotNil(waitFor("WillPlay", of: id, within: 5), daemon.stderrText)
        usleep(500_000)
        let call = try session.start("pw-play", ["--media-role=Communication", try tone("call.wav", seconds: 4, frequency: 700).path], name: "call")
        defer { session.stop(call) }
        usleep(1_000_000)
        var replies: [Double] = []
        for _ in 0..<10 {
            let sent = MonotonicClock.nanoseconds()
            _ = try propertyAndWait(client!, Self.name, Self.path, Self.audio, "Speaking")
            replies.append(Double(MonotonicClock.nanoseconds() - sent) / 1e6)
            usleep(200_000)
        }
        print("D-Bus Get while RouteCue's stream is corked: max \(String(format: "%.1f", replies.max() ?? .nan)) ms")
        XCTAssertLessThan(replies.max() ?? .infinity, 500, "the loop answers while the stream is corked")
        XCTAssertTrue(PollingWait.until(timeout: 20) { !(call.isRunning) }, "the call ends")
        let ended = waitFor("DidPlay", of: id, within: 20)
        print("the output corked by the call: \(ended ?? "no DidPlay")")
        XCTAssertNotNil(ended, "the corked output ends\n\(daemon.stderrText)")
        let next = try playFile(try tone("after.wav", seconds: 1, frequency: 1000))
        XCTAssertEqual(waitFor("DidPlay", of: next, within: 10)?.hasPrefix("DidPlay \(next) spoken"), true,
                       "the next output plays after the call\n\(played.all)\n\(daemon.stderrText)")
        XCTAssertTrue(daemon.isRunning)
    }
}
