import DriveLab
import EventLoopKit
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The client starts before gpsd (the head unit boots the guidance before gpsd is up): it says gpsd is unreachable,
/// with the reason, keeps retrying, and the fixes flow once gpsd starts.
final class GPSClientGPSDAbsentAtStartTests: GPSDTestCase {
    func test_gpsdAbsent_isUnreachableWithAReason_andFixesFlowOnceItStarts() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder, start: false)
        let client = try client(port: gpsd.port)

        XCTAssertTrue(client.wait(2) { $0.state.isUnreachable }, client.transcript)
        let reason = try XCTUnwrap(client.state.reason)
        XCTAssertTrue(reason.contains("127.0.0.1:\(gpsd.port)"), reason)
        // Several back-off rounds (0.25 s, 0.5 s, then 1 s) with nothing there: still unreachable, nothing else.
        usleep(1_500_000)
        XCTAssertTrue(client.state.isUnreachable, client.transcript)
        XCTAssertTrue(client.fixes.isEmpty)

        let started = MonotonicClock.nanoseconds()
        try gpsd.start()
        XCTAssertTrue(client.wait(4) { $0.fixes.count >= 5 }, client.transcript)
        let first = try XCTUnwrap(client.fixes.first?.at)
        print("gpsd absent at start: first fix \(String(format: "%.2f", seconds(from: started, to: first))) s " +
              "after gpsd was started (reason while absent: \(reason))")
        XCTAssertEqual(client.stateNames.suffix(2), ["waiting-for-fix", "fix"], client.transcript)
        assertTimesIncrease(client.fixes.map(\.fix), "after gpsd started")
    }
}
