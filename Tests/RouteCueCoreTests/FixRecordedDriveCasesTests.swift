import RouteCueCore
import TestSupport
import XCTest

/// The particular robustness cases the shared recorded drives hold.
final class FixRecordedDriveCasesTests: XCTestCase {
    func test_humminbird_timeGoingBackwards_isKeptInFileOrderAndFlagged() throws {
        try SharedData.require()
        let file = "gpsd/pretrim-7614ccb1/humminbird-M37.log"
        let result = try FixReader.read(SharedData.bytes(file), name: file)
        let backwards = result.diagnostics.filter { $0.kind == .timeWentBackwards }
        XCTAssertEqual(backwards.map(\.line), [83], "RMC 194111 after GGA 194124")
        let tods = result.fixes.compactMap { $0.time.map { Int($0.truncatingRemainder(dividingBy: 86_400)) } }
        XCTAssertEqual(tods.count, result.fixes.count)
        let jump = try XCTUnwrap(tods.indices.dropLast().first { tods[$0 + 1] < tods[$0] })
        XCTAssertEqual(tods[jump], 19 * 3600 + 41 * 60 + 24)
        XCTAssertEqual(tods[jump + 1], 19 * 3600 + 41 * 60 + 11)
        XCTAssertEqual(result.fixes[jump + 1].received.seconds(since: result.fixes[jump].received), 1, accuracy: 1e-9,
                       "one nominal epoch (the log's steps are 1 s)")
        for (a, b) in zip(result.fixes, result.fixes.dropFirst()) { XCTAssertLessThan(a.received, b.received) }
        XCTAssertEqual(result.fixes.filter { $0.status == .dgps }.count, result.fixes.filter { $0.altitudeMSL != nil }.count,
                       "GGA quality 2 → DGPS on every GGA epoch")
    }

    func test_nl2008u_gnTalker_givesNineFixesOn2015_10_10() throws {
        try SharedData.require()
        let file = "gpsd/head-46977faa/nl2008u.log"
        let result = try FixReader.read(SharedData.bytes(file), name: file)
        XCTAssertEqual(result.fixes.count, 9)
        let day = CivilDate(year: 2015, month: 10, day: 10)!.unixSeconds
        XCTAssertEqual(result.fixes.first?.time, day + 9 * 3600 + 12 * 60 + 32)
        XCTAssertTrue(result.fixes.allSatisfy { $0.mode == .threeD && $0.satellitesUsed != nil && $0.errors.hdop != nil })
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func test_quectel_multiGNSS_noFixCyclesThenGPSFixes() throws {
        try SharedData.require()
        let file = "gpsd/head-46977faa/quectel-eg25-g.log"
        let result = try FixReader.read(SharedData.bytes(file), name: file)
        // 60 cycles: 28 empty GPGGA/GPRMC (no time at all), 15 fixes, 8 empty, 1 fix, 1 empty, 7 fixes.
        let pattern = result.fixes.map { $0.mode == .noFix ? "-" : "F" }.joined()
        XCTAssertEqual(pattern, String(repeating: "-", count: 28) + String(repeating: "F", count: 15)
                       + String(repeating: "-", count: 8) + "F-" + String(repeating: "F", count: 7))
        XCTAssertTrue(result.fixes.allSatisfy { ($0.mode == .noFix) == ($0.time == nil) && ($0.mode == .noFix) == ($0.position == nil) })
        let fixes = result.fixes.filter { $0.mode != .noFix }
        XCTAssertEqual(fixes.count, 23)
        XCTAssertTrue(fixes.allSatisfy { $0.mode == .threeD && $0.speed != nil && $0.course != nil })
        XCTAssertEqual(fixes.first?.satellitesUsed, 3)
        XCTAssertEqual(fixes.first?.altitudeMSL, -6.7)
        XCTAssertEqual(fixes.first!.time!, 1_662_923_703.01, accuracy: 1e-6, "2022-09-11T19:15:03.01Z")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func test_regensburg_gpsLossInTheMiddle_givesTimelessNoFixEpochs() throws {
        try SharedData.require()
        let file = "nmea-extra/genivi-positioning/20100411_Geko_Regensburg.txt"
        let result = try FixReader.read(SharedData.bytes(file), name: file)
        let lost = result.fixes.enumerated().filter { $0.element.mode == .noFix }.map(\.offset)
        XCTAssertFalse(lost.isEmpty)
        XCTAssertGreaterThan(lost.first!, 100, "lost mid-drive, not at the start")
        XCTAssertLessThan(lost.last!, result.fixes.count - 1, "and found again")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // The Geko sends PGRME: its own error estimates, not the HDOP model.
        XCTAssertTrue(result.fixes.filter { $0.position != nil }.allSatisfy { $0.errors.horizontalOrigin == .receiver && $0.errors.vertical != nil })
        // Garmin's 0.5 Hz: the receive clock steps 2 s.
        XCTAssertEqual(result.fixes[1].received.seconds(since: result.fixes[0].received), 2, accuracy: 1e-9)
    }
}
