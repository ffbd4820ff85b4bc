import DriveLab
import EventLoopKit
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The receiver stops talking but its connection stays up: gpsd then sends nothing at all (no TPV, no DEVICE), so
/// only the client's staleness timer can tell. GPS lost within the staleness time, fix again when it talks again.
final class GPSClientGPSDSilentTests: GPSDTestCase {
    func test_receiverSilent_isLostWithinTheStalenessTime_andFixAgainOnceItTalks() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder)
        let client = try client(port: gpsd.port, staleAfter: 3)
        XCTAssertTrue(client.wait(5) { $0.fixes.count >= 5 }, client.transcript)

        feeder.pause()
        let paused = MonotonicClock.nanoseconds()
        XCTAssertTrue(client.wait(3.5) { $0.firstState(after: paused) { $0.isLost } != nil }, client.transcript)
        let lost = try XCTUnwrap(client.firstState(after: paused) { $0.isLost })
        let lastFix = try XCTUnwrap(client.fixes.last?.at)
        let detection = seconds(from: lastFix, to: lost)
        print(String(format: "gpsd silent: GPS lost %.3f s after the last fix (%.3f s after the pause), staleness 3 s",
                     detection, seconds(from: paused, to: lost)))
        XCTAssertGreaterThanOrEqual(detection, 2.95, "not before the staleness time")
        XCTAssertLessThanOrEqual(detection, 3.25, "within the staleness time and a small margin")
        XCTAssertEqual(client.state.reason, "no report from gpsd for 3 s")

        let resumed = MonotonicClock.nanoseconds()
        feeder.resume()
        XCTAssertTrue(client.wait(2) { $0.fixes(after: resumed).count >= 3 && $0.state == .fix }, client.transcript)
        XCTAssertEqual(client.stateNames.suffix(2), ["lost", "fix"], client.transcript)
        assertTimesIncrease(client.fixes.map(\.fix), "across the silence")
    }
}
