import EventLoopKit
import Foundation
import TestSupport
import XCTest

/// `routecue run` as systemd sees it, without a gpsd: READY once configuration, audio and the gpsd client are set up,
/// STATUS, the watchdog at half of WATCHDOG_USEC stopping when the loop is blocked, STOPPING and exit 0 on SIGTERM,
/// SIGHUP with a broken file keeping the running configuration, journal priorities, and the exit statuses.
final class RunCommandTests: CommandTestCase {
    /// gpsd's address in these tests: nothing listens on port 1, so the client stays unreachable and retries.
    private let noGPSD = ["--gpsd", "127.0.0.1:1"]

    private func notifySocket(_ name: String = "notify") throws -> NotifySocket {
        try NotifySocket(path: tmp.appendingPathComponent(name).path)
    }

    private func start(_ arguments: [String], environment: [String: String] = [:], journal: Bool = false) throws -> DaemonProcess {
        try DaemonProcess(noGPSD + ["--device", "null"] + arguments, environment: environment, journal: journal)
    }

    func test_ready_isSentWithoutGpsdOrRoute_andSIGTERM_stopsWithStoppingAndExit0() throws {
        let notify = try notifySocket()
        let started = MonotonicClock.nanoseconds()
        let daemon = try start([], environment: ["NOTIFY_SOCKET": notify.path])
        defer { daemon.kill() }
        let ready = try XCTUnwrap(notify.first("READY=1", within: 10), "READY=1: \(daemon.stderrText)")
        print(String(format: "exec to READY=1: %.0f ms (debug build)", Double(ready.at - started) / 1e6))
        let status = try XCTUnwrap(ready.fields.first { $0.hasPrefix("STATUS=") })
        XCTAssertTrue(["STATUS=connecting to gpsd", "STATUS=gpsd unreachable"].contains(status), status)
        XCTAssertNotNil(notify.first("STATUS=gpsd unreachable", within: 5), "the status follows the gps state")
        XCTAssertNotNil(daemon.line(containing: "gps: gpsd unreachable", within: 5), daemon.stderrText)
        XCTAssertTrue(daemon.isRunning, "RouteCue keeps running without gpsd")

        let sent = MonotonicClock.nanoseconds()
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
        // (A sanitized build's exit takes longer: the bound is scaled there.)
        XCTAssertLessThan(Double(MonotonicClock.nanoseconds() - sent) / 1e9, 1.0 * SanitizerRun.slowdown, "exit within 1 s of SIGTERM")
        XCTAssertNotNil(notify.first("STOPPING=1", within: 1))
        XCTAssertNotNil(daemon.line(containing: "stopping (SIGTERM)", within: 1))
    }

    func test_notifySocket_inTheAbstractNamespace_works() throws {
        // systemd names an abstract socket with a leading "@"; a test binds it through the path form of NotifySocket
        // only, so bind the abstract one here directly.
        let name = "@routecue-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() where index > 0 { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        let daemon = try start([], environment: ["NOTIFY_SOCKET": name])
        defer { daemon.kill() }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&poller, 1, 10_000), 1, "a datagram arrives: \(daemon.stderrText)")
        let n = recv(fd, &buffer, buffer.count, 0)
        XCTAssertTrue(String(decoding: buffer[0..<max(0, n)], as: UTF8.self).hasPrefix("READY=1"),
                      "the first datagram is READY=1 (no status goes out before it)")
    }

    func test_watchdog_pingsAtHalfItsInterval_andStopsWhileTheLoopIsBlocked() throws {
        let notify = try notifySocket()
        // WATCHDOG_USEC 0.4 s: a ping every 0.2 s; the loop is blocked from 2 s after start for 1.5 s.
        let daemon = try start(["--debug-block-loop", "2:1.5"], environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"])
        defer { daemon.kill() }
        XCTAssertNotNil(notify.first("READY=1", within: 10), daemon.stderrText)
        usleep(5_000_000)
        let pings = notify.messages.filter { $0.fields.contains("WATCHDOG=1") }.map(\.at)
        let gaps = zip(pings, pings.dropFirst()).map { Double($1 - $0) / 1e9 }
        print("watchdog gaps: " + gaps.map { String(format: "%.2f", $0) }.joined(separator: " "))
        XCTAssertGreaterThanOrEqual(pings.count, 12, "\(pings.count) pings in about 5 s")
        let blocked = gaps.filter { $0 > 1.0 }
        XCTAssertEqual(blocked.count, 1, "one long gap, while the loop was blocked")
        XCTAssertGreaterThanOrEqual(blocked.first ?? 0, 1.4)
        let normal = gaps.filter { $0 <= 1.0 }.sorted()
        XCTAssertEqual(normal[normal.count / 2], 0.2, accuracy: 0.05, "median gap is half of WATCHDOG_USEC")
    }

    func test_watchdog_forAnotherPID_isNotPinged() throws {
        let notify = try notifySocket()
        let daemon = try start([], environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"])
        defer { daemon.kill() }
        XCTAssertNotNil(notify.first("READY=1", within: 10))
        usleep(800_000)
        XCTAssertFalse(notify.messages.contains { $0.fields.contains("WATCHDOG=1") })
    }

    func test_SIGHUP_withABrokenFile_keepsTheRunningConfiguration_andNamesEveryProblem() throws {
        let config = tmp.appendingPathComponent("routecue.json")
        try #"{"logging": {"level": "info"}}"#.write(to: config, atomically: true, encoding: .utf8)
        let notify = try notifySocket()
        let daemon = try start(["--config", config.path], environment: ["NOTIFY_SOCKET": notify.path])
        defer { daemon.kill() }
        XCTAssertNotNil(notify.first("READY=1", within: 10), daemon.stderrText)

        try #"{"logging": {"level": "loud"}, "timing": {"units": "furlongs"}, "gps": {"stale": 1}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        XCTAssertNotNil(daemon.line(containing: "has 3 problems; keeping the running configuration", within: 5), daemon.stderrText)
        let text = daemon.stderrText
        XCTAssertTrue(text.contains("logging.level: unknown log level \"loud\""), text)
        XCTAssertTrue(text.contains("timing.units: unknown unit system \"furlongs\""), text)
        XCTAssertTrue(text.contains("gps.stale: unknown key"), text)
        XCTAssertTrue(daemon.isRunning)
        XCTAssertTrue(notify.messages.contains { $0.fields.contains("RELOADING=1") })

        // A good file is applied: debug lines appear from then on.
        try #"{"logging": {"level": "debug"}}"#.write(to: config, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        XCTAssertNotNil(daemon.line(containing: "\(config.path) applied", within: 5), daemon.stderrText)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0)
    }

    func test_aRouteThatDoesNotImport_isAnErrorLine_andRouteCueKeepsRunning() throws {
        let route = tmp.appendingPathComponent("broken.json")
        try #"{"routes": [{"legs": "#.write(to: route, atomically: true, encoding: .utf8)
        let notify = try notifySocket()
        let daemon = try start(["--route", route.path], environment: ["NOTIFY_SOCKET": notify.path])
        defer { daemon.kill() }
        XCTAssertNotNil(daemon.line(containing: "route not loaded: \(route.path)", within: 10), daemon.stderrText)
        XCTAssertNotNil(notify.first("READY=1", within: 10))
        XCTAssertTrue(daemon.isRunning)
        daemon.send(SIGINT)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0)
    }

    func test_underSystemd_everyLineCarriesItsPriority() throws {
        let daemon = try start([], journal: true)
        defer { daemon.kill() }
        XCTAssertNotNil(daemon.line(containing: "gps: gpsd unreachable", within: 10))
        daemon.send(SIGTERM)
        _ = daemon.waitForExit(within: 5)
        let lines = daemon.stderr.map(\.text)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("<") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("<6>routecue: routecue starting") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("<4>routecue: gps: gpsd unreachable") }, "\(lines)")
        // Without JOURNAL_STREAM (a terminal), no prefixes.
        let plain = try start([])
        defer { plain.kill() }
        XCTAssertNotNil(plain.line(containing: "routecue starting", within: 10))
        XCTAssertTrue(plain.stderr.allSatisfy { $0.text.hasPrefix("routecue: ") })
    }

    func test_exitStatuses_configurationErrorIsNotARuntimeFailure() throws {
        let config = tmp.appendingPathComponent("bad.json")
        try #"{"audio": {"volume": 7}}"#.write(to: config, atomically: true, encoding: .utf8)
        let bad = try start(["--config", config.path])
        defer { bad.kill() }
        XCTAssertEqual(bad.waitForExit(within: 10), 78, bad.stderrText)
        XCTAssertTrue(bad.stderrText.contains("audio.volume: must be between 0 and 1, not 7"), bad.stderrText)

        let cues = try start(["--cues", "/nonexistent-dir/cues.jsonl"])
        defer { cues.kill() }
        XCTAssertEqual(cues.waitForExit(within: 10), 78, cues.stderrText)

        let usage = try CommandRunner.routecue(["run", "--gpsd", "nohost"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--gpsd: \"nohost\" is not HOST:PORT"), usage.stderr)
        XCTAssertEqual(try CommandRunner.routecue(["run", "--frobnicate"]).status, 2)
        let help = try CommandRunner.routecue(["run", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--config", "--route", "--gpsd", "--device", "--cues", "--state-dir", "--lang", "--log-level", "Exit status"] {
            XCTAssertTrue(help.stdout.contains(option), "--help documents \(option)")
        }
    }
}
