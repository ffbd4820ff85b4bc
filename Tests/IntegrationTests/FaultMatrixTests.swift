import EventLoopKit
import Foundation
import DriveLab
import Glibc
import RouteCueCore
import TestSupport
import XCTest

/// Faults of the matrix in docs/fault-matrix.md that have no home in a component's own tests, each against the real
/// `routecue run` with its expected outcome written next to it: a "gpsd" sending garbage, a routing engine hanging or
/// answering garbage, a read-only state directory, and SIGHUP, SIGTERM and SIGKILL at random instants. Nothing crashes and every degradation is logged once.
final class FaultMatrixTests: XCTestCase {
    private static let route = "examples/grid-trip.osrm.json"
    private var tmp: URL!
    private var mounted: String?
    private var servers: [ScriptedTCPServer] = []

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        for server in servers { server.stop() }
        if let mounted { TmpfsMount.unmount(mounted) }
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    /// A "gpsd" that greets, sends one fix, then `garbage`, and leaves the line open: the client drops it and
    /// reconnects, again and again.
    private func garbageGPSD(_ garbage: String) throws -> ScriptedTCPServer {
        let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
        let tpv = #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2026-03-29T10:15:02.000Z","lat":51.33801,"lon":12.369995,"speed":2.4,"eph":5}"#
        let server = try ScriptedTCPServer(script: [.line(version), .line(tpv), .line(garbage)])
        servers.append(server)
        return server
    }

    private func configuration(_ json: String) throws -> String {
        let path = tmp.appendingPathComponent("routecue.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Expected: the client drops the connection at each garbage line and reconnects (here every 50–100 ms); the
    /// first round of lines is logged, the repeats only at debug level; guidance goes on; SIGTERM ends it with 0.
    func test_aGPSDSendingGarbage_isLoggedOnce_notOncePerReconnect_andRouteCueGoesOn() throws {
        let gpsd = try garbageGPSD("garbage \u{1}\u{7f} line")
        let config = try configuration(#"{"gps": {"reconnect_min_s": 0.05, "reconnect_max_s": 0.1}}"#)
        let daemon = try DaemonProcess(["--config", config, "--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", "null"])
        defer { daemon.kill() }
        XCTAssertNotNil(daemon.line(containing: "unreadable line from gpsd", within: 10), daemon.stderrText)
        XCTAssertTrue(PollingWait.until(timeout: 10) { gpsd.connectionCount >= 10 }, "the client reconnected: \(gpsd.connectionCount)")
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
        let lines = daemon.stderr.map(\.text)
        XCTAssertEqual(lines.filter { $0.contains("unreadable line from gpsd") }.count, 1, daemon.stderrText)
        XCTAssertEqual(lines.filter { $0.contains("gps: gpsd unreachable") }.count, 1, daemon.stderrText)
        XCTAssertLessThanOrEqual(lines.filter { $0.contains("status: gpsd unreachable") }.count, 1, daemon.stderrText)
        print("fault matrix: gpsd sending garbage, \(gpsd.connectionCount) reconnects, \(lines.count) log lines")
    }

    /// Expected: a routing engine that accepts the connection and never answers fails the tour's request at
    /// `routing.timeout_s` with the reason, logged once however often it is tried again; RouteCue goes on, and SIGTERM
    /// ends it with 0 at once, not held by the request in flight. An engine answering garbage: the same, with the
    /// reason (an unreadable route).
    func test_aRoutingEngineHangingOrAnsweringGarbage_failsTheTourWithTheReason_loggedOnce_andSIGTERMIsNotHeld() throws {
        let hanging = try ScriptedTCPServer(script: [.pause(60)])
        let garbage = try ScriptedTCPServer(script: [.receive, .send(Array("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n{\"routes\": 3}".utf8)), .close])
        servers += [hanging, garbage]
        let gpsd = try garbageGPSD("not gpsd")
        // Two stations near the fix the "gpsd" sends (Leipzig).
        let tour = tmp.appendingPathComponent("tour.json").path
        try #"{"srs": "EPSG:4326", "stations": [{"type": "regular", "name": "Markt", "point": {"x": 12.3747, "y": 51.3403}}, {"type": "regular", "name": "Zoo", "point": {"x": 12.3708, "y": 51.3498}}]}"#
            .write(toFile: tour, atomically: true, encoding: .utf8)
        for (engine, reason, attempts) in [(hanging, "no complete answer within 3 s", 3), (garbage, "gave an unreadable route", 1)] {
            let config = try configuration(#"{"routing": {"engine_url": "http://127.0.0.1:\#(engine.port)", "timeout_s": 3}}"#)
            let daemon = try DaemonProcess(["--config", config, "--route", tour, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", "null"])
            defer { daemon.kill() }
            let failed = daemon.line(containing: reason, within: 15)
            XCTAssertNotNil(failed, "the engine's failure is logged with its reason (\(reason))\n" + daemon.stderrText)
            // A hanging engine is tried again (2 s, then 4 s later); garbage is final.
            XCTAssertTrue(PollingWait.until(timeout: 15) { engine.connectionCount >= attempts }, "attempts: \(engine.connectionCount)\n" + daemon.stderrText)
            let start = MonotonicClock.nanoseconds()
            daemon.send(SIGTERM)
            XCTAssertEqual(daemon.waitForExit(within: 3), 0, daemon.stderrText)
            let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
            XCTAssertLessThan(seconds, 2, "SIGTERM is not held by a request in flight")
            let lines = daemon.stderr.map(\.text).filter { $0.contains(reason) }
            XCTAssertEqual(lines.count, 1, "logged once for \(engine.connectionCount) attempts:\n" + daemon.stderrText)
            print("fault matrix: routing engine \(reason), \(engine.connectionCount) attempts, \(lines.count) log line, SIGTERM exit in \(Int(seconds * 1000)) ms")
        }
    }

    /// Expected: a read-only state directory (a read-only tmpfs) is logged once as the journal not written, guidance
    /// goes on, nothing claims the music is left ducked, and SIGTERM ends it with 0.
    func test_aReadOnlyStateDirectory_isLoggedOnce_andGuidanceGoesOn() throws {
        let state = tmp.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try TmpfsMount.mount(at: state, options: "ro,size=64k,mode=0700")
        mounted = state
        let gpsd = try garbageGPSD("not gpsd")
        let daemon = try DaemonProcess(["--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", "null", "--state-dir", state])
        defer { daemon.kill() }
        XCTAssertNotNil(daemon.line(containing: "journal: not written", within: 10), daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "route loaded from", within: 5), daemon.stderrText)
        usleep(500_000)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
        let lines = daemon.stderr.map(\.text)
        XCTAssertEqual(lines.filter { $0.contains("journal: not written") }.count, 1, daemon.stderrText)
        XCTAssertTrue(lines.contains { $0.contains("Read-only file system") }, "the cause is named\n" + daemon.stderrText)
        XCTAssertFalse(lines.contains { $0.contains("ducking:") }, "no ducking record to remove\n" + daemon.stderrText)
        XCTAssertFalse(lines.contains { $0.contains("journal: not removed") }, daemon.stderrText)
    }

    /// Expected, for SIGHUP, SIGTERM and SIGKILL at seeded random instants from exec on (before, during and after
    /// start-up): SIGHUP reloads and RouteCue goes on; SIGTERM exits 0 within 3 s; after SIGKILL the next start comes
    /// up ready and reads the journal it left (never "not resumed").
    func test_signalsAtRandomInstants_neverCrashRouteCue_andAStartAfterSIGKILLReadsItsJournal() throws {
        let state = tmp.appendingPathComponent("state").path
        let gpsd = try garbageGPSD("not gpsd")
        let config = try configuration(#"{"logging": {"level": "info"}}"#)
        var random = SplitMix64(seed: 29)
        var survived = 0, faults = 0
        for round in 0..<10 {
            let daemon = try DaemonProcess(["--config", config, "--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd.port)",
                                            "--device", "null", "--state-dir", state])
            defer { daemon.kill() }
            usleep(UInt32(Double.random(in: 0.05...1.2, using: &random) * 1e6))
            if Bool.random(using: &random) {
                faults += 1
                daemon.send(SIGHUP)
                usleep(UInt32(Double.random(in: 0...0.3, using: &random) * 1e6))
                XCTAssertTrue(daemon.isRunning, "round \(round): SIGHUP ends nothing\n" + daemon.stderrText)
                if daemon.isRunning { survived += 1 }
            }
            faults += 1
            if round % 2 == 0 {
                daemon.send(SIGTERM)
                let status = daemon.waitForExit(within: 3)
                XCTAssertEqual(status, 0, "round \(round): SIGTERM\n" + daemon.stderrText)
                if status == 0 { survived += 1 }
            } else {
                daemon.send(SIGKILL)
                _ = daemon.waitForExit(within: 3)
                let next = try DaemonProcess(["--config", config, "--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd.port)",
                                              "--device", "null", "--state-dir", state])
                defer { next.kill() }
                let ready = next.line(containing: "ready:", within: 10)
                XCTAssertNotNil(ready, "round \(round): a start after SIGKILL\n" + next.stderrText)
                usleep(300_000)
                XCTAssertFalse(next.stderr.contains { $0.text.contains("journal: not resumed") }, "round \(round)\n" + next.stderrText)
                next.send(SIGTERM)
                XCTAssertEqual(next.waitForExit(within: 3), 0, next.stderrText)
                if ready != nil { survived += 1 }
            }
        }
        print("fault matrix: \(survived) of \(faults) signals at random instants survived")
        XCTAssertEqual(survived, faults)
    }
}
