import ALSAOutput
import Foundation
import ServiceTestSupport
import TestSupport
import XCTest

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
        // libjack's client thread always ends with ThreadSanitizer's ignores still on, and TSan then aborts the
        // process ("thread finished with ignores enabled", not a race report; in any JACK client, this process or a
        // routecue it starts). The ALSA playback thread these tests drive is covered under TSan on the file and null
        // PCMs (EdgeTests), and these tests run under AddressSanitizer.
        if SanitizerRun.isThreadSanitizer {
            throw XCTSkip("ThreadSanitizer aborts every JACK client when its thread ends: paced-device tests skipped under TSan")
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
