import DriveLab
import XCTest

/// The NMEA feeder's clock against a drive's fix time, as `routecue-bench daemon-drive --outage` uses it to kill gpsd
/// where an outage starts and start it again where it ends: exactly the fixes measured inside the outage are lost.
final class FeederScheduleTests: XCTestCase {
    /// A 1 Hz drive of 11 fixes from fix time 100.
    private let drive = FeederSchedule(fixTimes: (0...10).map { 100 + Double($0) })

    func test_firstEpochAtOrAfter_findsTheFixMeasuredThenOrNext() {
        XCTAssertEqual(drive.firstEpoch(atOrAfter: 99), 0)
        XCTAssertEqual(drive.firstEpoch(atOrAfter: 101), 1)
        XCTAssertEqual(drive.firstEpoch(atOrAfter: 101.2), 2)
        XCTAssertEqual(drive.firstEpoch(atOrAfter: 110), 10)
        XCTAssertNil(drive.firstEpoch(atOrAfter: 110.5))
    }

    func test_anOutageBetweenFixes_losesTheFixesInsideIt_fromTheMomentOfTheFirstToTheMomentOfTheNext() {
        // 100.6 ≤ t < 104.6: the fixes at 101, 102, 103 and 104, as simulate's wiring removes them.
        XCTAssertEqual(drive.absence(from: 100.6, to: 104.6), FeederAbsence(epochs: 1..<5, stop: 1, restart: 5))
    }

    func test_anOutageStartingOnAFix_losesIt_andKeepsTheFixAtItsEnd() {
        XCTAssertEqual(drive.absence(from: 102, to: 106), FeederAbsence(epochs: 2..<6, stop: 2, restart: 6))
    }

    func test_theFeedersPace_scalesTheMoments() {
        let fast = FeederSchedule(fixTimes: drive.fixTimes, secondsPerEpoch: 0.5)
        XCTAssertEqual(fast.absence(from: 100.6, to: 104.6), FeederAbsence(epochs: 1..<5, stop: 0.5, restart: 2.5))
    }

    func test_aDriveWithItsOwnGap_countsEpochsNotSeconds() {
        // The feeder sends epochs one a second; fixes 103…139 were never recorded.
        let gappy = FeederSchedule(fixTimes: [100, 101, 102, 140, 141, 142])
        XCTAssertEqual(gappy.absence(from: 101.5, to: 140.5), FeederAbsence(epochs: 2..<4, stop: 2, restart: 4))
    }

    func test_anOutageRunningPastTheLastFix_restartsAfterTheLastEpoch() {
        XCTAssertEqual(drive.absence(from: 108.5, to: 112.5), FeederAbsence(epochs: 9..<11, stop: 9, restart: 11))
    }

    func test_anOutageWithNoFixInside_needsNoAbsence() {
        XCTAssertNil(drive.absence(from: 100.2, to: 100.8))
        XCTAssertNil(drive.absence(from: 111, to: 115))
    }
}
