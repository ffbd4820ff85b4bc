import DriveLab
import EventLoopKit
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// A test class that drives `GPSClient` against a real gpsd (3.22) fed by a test-owned `NMEAFeeder` with
/// `examples/grid-trip-drive.nmea` (1 Hz RMC+GGA). Skips with a visible message when gpsd is not installed; what a
/// test made with `feeder()`, `gpsd()` and `client()` is stopped in `tearDown`, client first, then gpsd (by PID),
/// then the feeder, also when the test failed.
class GPSDTestCase: XCTestCase {
    /// The drive every test feeds.
    static let drive = "examples/grid-trip-drive.nmea"
    /// Seconds per epoch as fed: ten epochs a second keeps the tests short.
    static let pace = 0.1

    private var cleanups: [() -> Void] = []

    override func setUpWithError() throws {
        guard GPSDProcess.isInstalled else {
            throw XCTSkip("gpsd is not installed (Debian package gpsd): the gpsd client's tests skipped")
        }
    }

    override func tearDown() {
        for cleanup in cleanups.reversed() { cleanup() }
        cleanups = []
        super.tearDown()
    }

    /// A feeder serving the drive, at `secondsPerEpoch`.
    func feeder(secondsPerEpoch: Double = pace) throws -> NMEAFeeder {
        let feeder = try NMEAFeeder(file: SharedData.repositoryRoot.appendingPathComponent(Self.drive).path,
                                    secondsPerEpoch: secondsPerEpoch)
        cleanups.append { feeder.stop() }
        return feeder
    }

    /// A gpsd reading `feeder` on a port of its own, started unless told otherwise.
    func gpsd(reading feeder: NMEAFeeder, start: Bool = true) throws -> GPSDProcess {
        let gpsd = try GPSDProcess(feedPort: feeder.port, start: false)
        cleanups.append { gpsd.stop() }
        if start { try gpsd.start() }
        return gpsd
    }

    /// A started client of gpsd on 127.0.0.1:`port`.
    func client(port: Int, staleAfter: Double = 3) throws -> GPSClientRecorder {
        let client = try GPSClientRecorder(port: UInt16(port), staleAfter: staleAfter)
        cleanups.append { client.stop() }
        return client
    }

    /// The drive's fixes as the core's NMEA reader reads the file (the ground truth), by receiver time.
    static let truth: [Double: Fix] = {
        let bytes = Array((try? String(contentsOf: SharedData.repositoryRoot.appendingPathComponent(drive),
                                       encoding: .utf8))?.utf8 ?? "".utf8)
        let fixes = (try? FixReader.read(bytes, name: drive).fixes) ?? []
        return Dictionary(fixes.compactMap { fix in fix.time.map { ($0, fix) } }, uniquingKeysWith: { first, _ in first })
    }()

    /// Fails unless the receiver times of `fixes` strictly increase.
    func assertTimesIncrease(_ fixes: [Fix], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let times = fixes.compactMap(\.time)
        XCTAssertEqual(times.count, fixes.count, "every fix has a receiver time", file: file, line: line)
        for (earlier, later) in zip(times, times.dropFirst()) where later <= earlier {
            XCTFail("\(message): receiver time \(later) follows \(earlier)", file: file, line: line)
        }
    }
}
