import ALSAOutput
import EventLoopKit
import Foundation
import Synchronization
import XCTest

/// The ALSA configuration every ALSA test in this process shares. alsa-lib reads `ALSA_CONFIG_PATH` once and
/// caches the tree globally, so one file defines every PCM the tests use and the variable is set once,
/// before the first `snd_pcm_open`.
enum ALSATestEnvironment {
    /// The PCM that plays in real time: JACK's dummy driver through `plug` (the jack PCM takes FLOAT only).
    static let pacedDevice = "routecue_paced"

    /// The paced PCM with a file tap in front: `routecue_paced_tap:FILE=/tmp/x.wav` plays in real time and
    /// records every frame written to it in a WAV.
    static func pacedTap(_ path: String) -> String { "routecue_paced_tap:FILE=\(path)" }

    /// Writes the shared config and points `ALSA_CONFIG_PATH` at it (once per process).
    static func prepare() {
        _ = configPath
    }

    private static let configPath: String = {
        let path = NSTemporaryDirectory() + "routecue-alsa-tests-\(getuid()).conf"
        let text = """
            pcm.routecue_jackraw {
                type jack
                playback_ports { 0 system:playback_1 1 system:playback_2 }
            }
            pcm.\(pacedDevice) {
                type plug
                slave.pcm "routecue_jackraw"
            }
            pcm.routecue_paced_tap {
                @args [ FILE ]
                @args.FILE { type string }
                type file
                slave.pcm "\(pacedDevice)"
                file $FILE
                format "wav"
            }

            """
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:\(path)", 1)
        return path
    }()

    /// A file PCM name writing a WAV to `path` (unpaced: it takes audio as fast as it is written).
    static func fileDevice(_ path: String) -> String { "file:FILE=\(path),FORMAT=wav" }
}

/// A private jackd on the dummy driver (48 kHz, 256-frame periods), under its own server name, stopped by PID.
/// It runs under a small `sh` guard that also stops it if this test process dies without a tearDown.
final class JackDummyServer {
    let name: String
    private let process: Process

    /// Starts jackd, or throws `XCTSkip` when it is not installed; waits until the paced PCM opens.
    init() throws {
        let jackd = "/usr/bin/jackd"
        guard FileManager.default.isExecutableFile(atPath: jackd) else {
            throw XCTSkip("jackd is not installed (Debian package jackd2): real-time ALSA tests skipped")
        }
        ALSATestEnvironment.prepare()
        name = "routecue-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        setenv("JACK_DEFAULT_SERVER", name, 1)
        setenv("JACK_NO_START_SERVER", "1", 1)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // sh starts jackd, stops it on SIGTERM, and stops it when the test process is gone (or a zombie).
        let guardScript = """
            \(jackd) -n "$1" -d dummy -r 48000 -p 256 >/dev/null 2>&1 & server=$!
            trap 'kill $server 2>/dev/null; wait $server; exit 0' TERM
            while grep -q '^State:[[:space:]]*[^Z]' /proc/\(getpid())/status 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 0.2; done
            kill $server 2>/dev/null; wait $server
            """
        process.arguments = ["-c", guardScript, "jackd-guard", name]
        // Not the test's own pipes: `swift test` waits for them to close before it reaps a crashed test process.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000) // jackd takes a moment; earlier opens only print connection errors
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? PCMDevice(request: PCMRequest(device: ALSATestEnvironment.pacedDevice))) != nil { return }
            usleep(50_000)
        }
        stop()
        throw XCTSkip("jackd \(name) did not come up within 10 s")
    }

    /// Stops jackd (through its guard, by PID), waits for it, and removes its shared-memory files.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        for file in leftovers where file.contains(name) { unlink("/dev/shm/" + file) }
    }
}

/// A test class that needs a device playing in real time: one private jackd for the whole class (started in
/// `setUp()`, stopped by PID in `tearDown()` even when tests fail); every test skips, saying why, when jackd is
/// missing or does not come up.
class JackTestCase: XCTestCase {
    nonisolated(unsafe) private static var server: JackDummyServer?
    nonisolated(unsafe) private static var serverProblem: Error?

    override class func setUp() {
        super.setUp()
        serverProblem = nil
        do { server = try JackDummyServer() } catch { serverProblem = error }
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        if let problem = Self.serverProblem { throw problem }
    }
}

/// Every event an `AudioPlaybackThread` reported, for a test to wait on.
final class PlaybackEventLog: Sendable {
    private let events = Mutex<[(event: PlaybackEvent, recordedAt: UInt64)]>([])

    /// Records one event with the monotonic time it arrived (called on the audio thread).
    func record(_ event: PlaybackEvent) {
        let now = MonotonicClock.nanoseconds()
        events.withLock { $0.append((event, now)) }
    }

    /// The events so far.
    var all: [PlaybackEvent] { events.withLock { $0.map(\.event) } }

    /// The monotonic time the first event `match` accepts was recorded, waiting up to `timeout` seconds for it:
    /// the audio thread's time, not when a polling test happened to look.
    func recordedAt(within timeout: Double, _ match: (PlaybackEvent) -> Bool) -> UInt64? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        repeat {
            if let found = events.withLock({ $0.first { match($0.event) } }) { return found.recordedAt }
            usleep(500)
        } while MonotonicClock.nanoseconds() < deadline
        return nil
    }

    /// Waits up to `timeout` seconds for `match` to find something in the log.
    func wait<T>(seconds timeout: Double, for match: ([PlaybackEvent]) -> T?) -> T? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < deadline {
            if let found = match(all) { return found }
            usleep(500)
        }
        return match(all)
    }

    /// Waits for `started(id)`; returns its monotonic time.
    func started(_ id: Int, within timeout: Double) -> UInt64? {
        wait(seconds: timeout) { events in
            for case .started(let started, let at) in events where started == id { return at }
            return nil
        }
    }

    /// Waits for `finished(id)`; returns its outcome, played source frames and monotonic time.
    func finished(_ id: Int, within timeout: Double) -> (outcome: PlaybackOutcome, played: Int, at: UInt64)? {
        wait(seconds: timeout) { events in
            for case .finished(let finished, let outcome, let played, let at) in events where finished == id {
                return (outcome, played, at)
            }
            return nil
        }
    }

    /// Waits for `closed(device)`.
    func closed(_ device: String, within timeout: Double) -> Bool {
        wait(seconds: timeout) { events in
            for case .closed(let closed) in events where closed == device { return true }
            return nil
        } ?? false
    }
}

/// Synthetic speech: tone bursts ("words") separated by silence, with a word boundary at each burst start.
enum SyntheticSpeech {
    /// A clip of `seconds` at `rate` (mono unless `channels` is 2): bursts of `burst` s at `frequency` Hz,
    /// `gap` s of silence after each; boundaries at every burst start.
    static func clip(id: Int, seconds: Double, rate: Int = 22050, channels: Int = 1, frequency: Double = 440,
                     burst: Double = 0.2, gap: Double = 0.1, amplitude: Double = 12000) -> PlaybackClip {
        let frames = Int(seconds * Double(rate))
        let burstFrames = Int(burst * Double(rate))
        let stride = burstFrames + Int(gap * Double(rate))
        var samples = [Int16](repeating: 0, count: frames * channels)
        var boundaries: [Int] = []
        for frame in 0..<frames {
            let inWord = frame % stride
            if inWord == 0 { boundaries.append(frame) }
            guard inWord < burstFrames else { continue }
            let value = Int16(amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return PlaybackClip(id: id, samples: samples, channels: channels, sampleRate: rate, boundaries: boundaries)
    }
}
