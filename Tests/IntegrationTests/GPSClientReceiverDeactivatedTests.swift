import DriveLab
import EventLoopKit
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The receiver's connection ends (a USB receiver unplugged; here the feeder hangs up). A connection reset (what a
/// read error looks like to gpsd) makes gpsd report the device deactivated at once: the client, still connected to
/// gpsd, says GPS lost with the receiver's path. An orderly close is different in gpsd 3.22: it reads end of file,
/// stops reading the source and says nothing at all, so the client's staleness timer is what tells.
final class GPSClientReceiverDeactivatedTests: GPSDTestCase {
    func test_receiverConnectionReset_isLostAtOnce_withTheReceiversReason() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder)
        let client = try client(port: gpsd.port)
        XCTAssertTrue(client.wait(5) { $0.fixes.count >= 5 }, client.transcript)

        let gone = MonotonicClock.nanoseconds()
        feeder.disconnectClient(reset: true)
        XCTAssertTrue(client.wait(1) { $0.firstState(after: gone) { $0.isLost } != nil }, client.transcript)
        let lost = try XCTUnwrap(client.firstState(after: gone) { $0.isLost })
        print(String(format: "receiver reset: GPS lost %.3f s after the feeder reset the connection",
                     seconds(from: gone, to: lost)))
        XCTAssertEqual(client.state.reason, "receiver tcp://127.0.0.1:\(feeder.port) deactivated", client.transcript)
        XCTAssertTrue(client.fixes(after: lost).isEmpty)
        XCTAssertFalse(client.stateNames.contains("unreachable"), "gpsd itself is still there\n" + client.transcript)
    }

    func test_receiverConnectionClosedInOrder_gpsdSaysNothing_andTheStalenessTimerTells() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder)
        let client = try client(port: gpsd.port, staleAfter: 1.5)
        XCTAssertTrue(client.wait(5) { $0.fixes.count >= 5 }, client.transcript)

        feeder.disconnectClient(reset: false)
        let lastFix = try XCTUnwrap(client.fixes.last?.at)
        XCTAssertTrue(client.wait(2.5) { $0.state.isLost }, client.transcript)
        let lost = try XCTUnwrap(client.firstState(after: lastFix) { $0.isLost })
        print(String(format: "receiver closed in order: gpsd silent, GPS lost %.3f s after the last fix (staleness 1.5 s), " +
                     "feeder connections %d", seconds(from: lastFix, to: lost), feeder.connectionCount))
        XCTAssertEqual(client.state.reason, "no report from gpsd for 1.5 s", client.transcript)
        XCTAssertEqual(seconds(from: lastFix, to: lost), 1.5, accuracy: 0.2)
    }
}
