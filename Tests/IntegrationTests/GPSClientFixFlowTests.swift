import DriveLab
import EventLoopKit
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// gpsd fed a drive: the client goes connecting → waiting for a fix → fix, and every epoch becomes one core `Fix`
/// with the receiver's time, position, speed (knots to m/s), course and gpsd's eph, stamped with increasing
/// instants of the loop.
final class GPSClientFixFlowTests: GPSDTestCase {
    func test_eachEpoch_becomesOneFix_withTheReceiversValues_andIncreasingReceivedInstants() throws {
        let feeder = try feeder()
        let gpsd = try gpsd(reading: feeder)
        let client = try client(port: gpsd.port)
        XCTAssertTrue(client.wait(5) { $0.fixes.count >= 15 }, client.transcript)
        client.stop()

        XCTAssertEqual(Array(client.stateNames.prefix(3)), ["connecting", "waiting-for-fix", "fix"], client.transcript)
        let fixes = client.fixes.map(\.fix)
        assertTimesIncrease(fixes, "one fix per epoch")
        XCTAssertEqual(Set(fixes.compactMap(\.time)).count, fixes.count, "no epoch twice")
        for (earlier, later) in zip(client.fixes, client.fixes.dropFirst()) {
            XCTAssertLessThan(earlier.fix.received, later.fix.received, "received instants increase")
            XCTAssertLessThanOrEqual(later.fix.received.nanoseconds, later.at, "stamped when read, before it is heard")
        }
        // Consecutive epochs: the client missed none once fixes flowed (gpsd itself may swallow the first ones).
        let times = fixes.compactMap(\.time)
        XCTAssertEqual(times.last! - times.first!, Double(times.count - 1), "one fix per 1 Hz epoch, none missed")

        for fix in fixes {
            let time = try XCTUnwrap(fix.time)
            let truth = try XCTUnwrap(Self.truth[time], "fix at \(time) is an epoch of the drive")
            XCTAssertEqual(fix.position!.latitude, truth.position!.latitude, accuracy: 1e-8)
            XCTAssertEqual(fix.position!.longitude, truth.position!.longitude, accuracy: 1e-8)
            XCTAssertEqual(fix.speed!, truth.speed!, accuracy: 0.001, "knots to m/s (gpsd rounds to mm/s)")
            XCTAssertEqual(fix.course!, truth.course!, accuracy: 1e-4)
            XCTAssertEqual(fix.altitudeMSL!, truth.altitudeMSL!, accuracy: 1e-3)
            XCTAssertEqual(fix.mode, .threeD)
            // gpsd 3.22 derives eph from HDOP with its own factor; the drive's HDOP is 0.9 throughout.
            XCTAssertEqual(fix.errors.horizontal!, truth.errors.horizontal!, accuracy: 0.01, "eph")
            XCTAssertEqual(fix.errors.horizontalOrigin, .receiver)
        }
        print("gpsd fix flow: \(fixes.count) fixes, first receiver time \(times.first!), " +
              "\(feeder.epochsSent) epochs sent")
    }
}
