import DriveLab
import EventLoopKit
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// gpsd killed (kill -9) in the middle of a drive and started again on the same port: the client says unreachable,
/// reconnects by itself, and fixes resume within 2 s of gpsd being back, none of them repeated.
final class GPSClientGPSDRestartTests: GPSDTestCase {
    func test_gpsdKilledAndStartedAgain_isUnreachableThenFix_andFixesResumeWithin2s_noneRepeated() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder)
        let client = try client(port: gpsd.port)
        XCTAssertTrue(client.wait(5) { $0.fixes.count >= 8 }, client.transcript)

        var resumedAfter: [Double] = []
        // Down for less than the back-off's first rounds, then for long enough that it retries once a second.
        for downTime in [0.3, 1.6] {
            let killed = MonotonicClock.nanoseconds()
            gpsd.kill9()
            XCTAssertTrue(client.wait(1) { $0.firstState(after: killed) { $0.isUnreachable } != nil }, client.transcript)
            usleep(useconds_t(downTime * 1e6))
            XCTAssertTrue(client.state.isUnreachable, client.transcript)

            let restarted = MonotonicClock.nanoseconds()
            try gpsd.restart()
            XCTAssertTrue(client.wait(4) { !$0.fixes(after: restarted).isEmpty }, client.transcript)
            let first = try XCTUnwrap(client.fixes.first { $0.at >= restarted }?.at)
            let after = seconds(from: restarted, to: first)
            resumedAfter.append(after)
            print(String(format: "gpsd restart after %.1f s down: first fix %.2f s after the restart command " +
                         "(%.3f s of it starting gpsd)", downTime, after, gpsd.lastStartSeconds ?? 0))
            XCTAssertLessThanOrEqual(after, 2, "fixes resume within 2 s of gpsd's return\n" + client.transcript)
            XCTAssertTrue(client.wait(2) { $0.fixes(after: restarted).count >= 5 }, client.transcript)
        }

        let names = client.stateNames
        XCTAssertEqual(names.filter { $0 == "unreachable" }.count, 2, client.transcript)
        XCTAssertEqual(names.last, "fix", client.transcript)
        assertTimesIncrease(client.fixes.map(\.fix), "no fix repeated across gpsd's restarts")
        print("gpsd restart: fixes resumed \(resumedAfter.map { String(format: "%.2f", $0) }) s after restart")
    }
}
