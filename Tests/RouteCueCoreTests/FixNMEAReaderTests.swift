import RouteCueCore
import XCTest

/// Builds an NMEA sentence with its checksum: `sentence("GPRMC,...")` → `$GPRMC,...*HH`.
func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(sum, radix: 16, uppercase: true)
    return "$" + body + "*" + (hex.count == 1 ? "0" + hex : hex)
}

/// Reads NMEA text through the format-detecting entry point.
func readNMEA(_ lines: [String], separator: String = "\r\n", options: FixReadOptions = FixReadOptions()) throws -> FixReadResult {
    try FixReader.read(Array(lines.joined(separator: separator).utf8), name: "test.nmea", options: options)
}

final class FixNMEAReaderTests: XCTestCase {
    let rmc = sentence("GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W,A")
    let gga = sentence("GPGGA,123519.00,4807.038,N,01131.000,E,2,08,0.9,545.4,M,46.9,M,,")

    func test_rmcAndGGAOfOneEpoch_mergeIntoOneFix() throws {
        let result = try readNMEA([rmc, gga])
        XCTAssertEqual(result.format, .nmea)
        XCTAssertEqual(result.fixes.count, 1)
        let fix = try XCTUnwrap(result.fixes.first)
        XCTAssertEqual(fix.time, CivilDate(year: 1994, month: 3, day: 23)!.unixSeconds + 12 * 3600 + 35 * 60 + 19)
        XCTAssertEqual(fix.position!.latitude, 48 + 7.038 / 60, accuracy: 1e-12)
        XCTAssertEqual(fix.position!.longitude, 11 + 31.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(fix.speed!, 22.4 * 1852 / 3600, accuracy: 1e-9)
        XCTAssertEqual(fix.course, 84.4)
        XCTAssertEqual(fix.altitudeMSL, 545.4)
        XCTAssertEqual(fix.altitudeHAE!, 545.4 + 46.9, accuracy: 1e-9)
        XCTAssertEqual(fix.satellitesUsed, 8)
        XCTAssertEqual(fix.mode, .threeD)
        XCTAssertEqual(fix.status, .dgps, "GGA quality 2")
        XCTAssertEqual(fix.errors.hdop, 0.9)
        XCTAssertEqual(fix.errors.horizontal!, 0.9 * 19, accuracy: 1e-9)
        XCTAssertEqual(fix.errors.horizontalOrigin, .derivedFromHDOP)
        XCTAssertNil(fix.errors.vertical)
        XCTAssertEqual(fix.received, .zero)
    }

    func test_anyTwoLetterTalker_isRead() throws {
        for talker in ["GP", "GN", "GL", "GA", "GB", "IN", "QZ"] {
            let result = try readNMEA([sentence("\(talker)RMC,010203,A,4807.038,N,01131.000,E,1.0,10.0,230394,,")])
            XCTAssertEqual(result.fixes.count, 1, talker)
            XCTAssertEqual(result.fixes.first?.mode, .twoD, talker)
        }
    }

    func test_badChecksumAndTruncatedLines_areSkippedWithTheirLineNumbers() throws {
        let good = sentence("GPRMC,010203,A,4807.038,N,01131.000,E,1.0,10.0,230394,,")
        var corrupt = good
        corrupt.replaceSubrange(corrupt.index(corrupt.startIndex, offsetBy: 20)...corrupt.index(corrupt.startIndex, offsetBy: 20), with: "9")
        let truncated = String(good.prefix(30))
        let result = try readNMEA(["# gpsd log header", good, corrupt, truncated, "garbage here", sentence("GPRMC,010204,A,48xx.038,N,01131.000,E,1.0,10.0,230394,,")])
        XCTAssertEqual(result.fixes.count, 1)
        XCTAssertEqual(result.skippedLines.map(\.line), [3, 4, 5, 6])
        XCTAssertTrue(result.skippedLines[0].reason.contains("checksum mismatch"), result.skippedLines[0].reason)
        XCTAssertTrue(result.skippedLines[1].reason.contains("no checksum"), result.skippedLines[1].reason)
        XCTAssertTrue(result.skippedLines[2].reason.contains("not an NMEA sentence"))
        XCTAssertTrue(result.skippedLines[3].reason.contains("bad latitude"), result.skippedLines[3].reason)
        XCTAssertEqual(result.skippedLines[0].description, "line 3: " + result.skippedLines[0].reason)
    }

    func test_lineEndsAndStrayNULs_doNotChangeTheFixes() throws {
        let lines = [rmc, gga, sentence("GPRMC,123520.00,A,4807.040,N,01131.000,E,022.4,084.4,230394,003.1,W,A")]
        let reference = try readNMEA(lines, separator: "\n")
        XCTAssertEqual(reference.fixes.count, 2)
        for separator in ["\r\n", "\r", "\n\n", "\r\n\0"] {
            let result = try readNMEA(lines, separator: separator)
            XCTAssertEqual(result.fixes, reference.fixes, "separator \(Array(separator.utf8))")
            XCTAssertTrue(result.diagnostics.isEmpty)
        }
        let withNUL = try FixReader.read([0] + Array(lines.joined(separator: "\r\n").utf8), name: "nul.nmea")
        XCTAssertEqual(withNUL.fixes, reference.fixes)
        XCTAssertEqual(try readNMEA(lines, separator: "\n").skippedLines.count, 0)
    }

    func test_southAndWestHemispheres_areNegative_andBadAnglesAndTimesAreSkipped() throws {
        let result = try readNMEA([
            sentence("GPRMC,000001,A,3356.4520,S,15112.3000,W,0.0,0.0,010124,,"),
            sentence("GPRMC,000002,A,0000.0060,S,00000.0060,W,0.0,0.0,010124,,"),
            sentence("GPRMC,000003,A,9000.0000,N,18000.0000,E,0.0,0.0,010124,,"),
            sentence("GPRMC,000004,A,4807.038,E,01131.000,N,0.0,0.0,010124,,"),   // hemispheres swapped
            sentence("GPRMC,000005,A,4860.000,N,01131.000,E,0.0,0.0,010124,,"),   // 60 minutes
            sentence("GPRMC,000006,A,9100.000,N,01131.000,E,0.0,0.0,010124,,"),   // beyond the pole
            sentence("GPRMC,000007,A,4807.038,N,18030.000,W,0.0,0.0,010124,,"),   // beyond 180°
            sentence("GPRMC,000008,A,+807.038,N,01131.000,E,0.0,0.0,010124,,"),   // a sign is no digit
            sentence("GPRMC,1234.5,A,4807.038,N,01131.000,E,0.0,0.0,010124,,"),   // seconds cut short
            sentence("GPRMC,1234+5,A,4807.038,N,01131.000,E,0.0,0.0,010124,,"),
        ])
        XCTAssertEqual(result.fixes.count, 3)
        XCTAssertEqual(result.fixes[0].position!.latitude, -(33 + 56.452 / 60), accuracy: 1e-12)
        XCTAssertEqual(result.fixes[0].position!.longitude, -(151 + 12.3 / 60), accuracy: 1e-12)
        XCTAssertEqual(result.fixes[1].position!.latitude, -0.0001, accuracy: 1e-15, "sign kept below one degree")
        XCTAssertEqual(result.fixes[1].position!.longitude, -0.0001, accuracy: 1e-15)
        XCTAssertEqual(result.fixes[2].position, Coordinate(latitude: 90, longitude: 180))
        XCTAssertEqual(result.skippedLines.map(\.line), [4, 5, 6, 7, 8, 9, 10])
        XCTAssertTrue(result.skippedLines[5].reason.contains("bad UTC time"), result.skippedLines[5].reason)
        XCTAssertTrue(result.skippedLines[0].reason.contains("hemisphere"), result.skippedLines[0].reason)
        XCTAssertTrue(result.skippedLines[1].reason.contains("minutes"), result.skippedLines[1].reason)
        XCTAssertTrue(result.skippedLines[3].reason.contains("out of range"), result.skippedLines[3].reason)
    }

    func test_rmcStatusV_givesANoFixWithoutPosition() throws {
        let result = try readNMEA([sentence("GPRMC,123519,V,4807.038,N,01131.000,E,,,230394,,,N"),
                                   sentence("GPGGA,123519,,,,,0,00,,,M,,M,,")])
        XCTAssertEqual(result.fixes.count, 1)
        let fix = try XCTUnwrap(result.fixes.first)
        XCTAssertEqual(fix.mode, .noFix)
        XCTAssertNil(fix.position)
        XCTAssertNil(fix.speed)
        XCTAssertNotNil(fix.time, "the time of a no-fix epoch is still known")
    }

    func test_emptyFields_areNil() throws {
        let result = try readNMEA([sentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230394,,")])
        let fix = try XCTUnwrap(result.fixes.first)
        XCTAssertNil(fix.speed)
        XCTAssertNil(fix.course)
        XCTAssertNil(fix.altitudeMSL)
        XCTAssertNil(fix.errors.horizontal)
        XCTAssertNil(fix.errors.horizontalOrigin)
        XCTAssertEqual(fix.status, .gps)
        XCTAssertEqual(fix.mode, .twoD)
    }

    func test_timelessEmptySentences_giveOneNoFixPerCycle() throws {
        // Quectel modems print these before the first fix: one cycle = GGA + RMC without any time.
        let cycle = [sentence("GPGGA,,,,,,0,,,,,,,,"), sentence("GPRMC,,V,,,,,,,,,,N")]
        let result = try readNMEA(cycle + cycle + cycle + [rmc])
        XCTAssertEqual(result.fixes.map(\.mode), [.noFix, .noFix, .noFix, .twoD])
        XCTAssertEqual(result.fixes.prefix(3).map(\.time), [nil, nil, nil])
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 2, 3])
    }

    func test_ggaQuality_mapsToStatus() throws {
        let expected: [Int: FixStatus] = [1: .gps, 2: .dgps, 3: .pps, 4: .rtkFixed, 5: .rtkFloat, 6: .deadReckoning, 7: .manual, 8: .simulated]
        for (quality, status) in expected {
            let result = try readNMEA([sentence("GPGGA,123519,4807.038,N,01131.000,E,\(quality),08,0.9,545.4,M,46.9,M,,")],
                                      options: FixReadOptions(date: CivilDate(year: 2024, month: 1, day: 1)))
            XCTAssertEqual(result.fixes.first?.status, status, "quality \(quality)")
        }
        let none = try readNMEA([sentence("GPGGA,123519,4807.038,N,01131.000,E,0,08,0.9,545.4,M,46.9,M,,")])
        XCTAssertEqual(none.fixes.first?.mode, .noFix)
        XCTAssertNil(none.fixes.first?.altitudeMSL)
    }

    func test_ggaOnlyWithoutDate_hasNoUTCTime_unlessADateIsGiven() throws {
        let lines = [sentence("GPGGA,235958,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
                     sentence("GPGGA,235959,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
                     sentence("GPGGA,000000,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")]
        let unknown = try readNMEA(lines)
        XCTAssertEqual(unknown.fixes.count, 3)
        XCTAssertEqual(unknown.fixes.map(\.time), [nil, nil, nil])
        XCTAssertEqual(unknown.diagnostics.map(\.kind), [.timeUnknown])
        XCTAssertEqual(unknown.fixes.map { $0.received.seconds }, [0, 1, 2], "the receive clock still follows the time of day across midnight")

        let date = CivilDate(year: 2010, month: 12, day: 31)!
        let given = try readNMEA(lines, options: FixReadOptions(date: date))
        let start = date.unixSeconds + 86_399 - 1
        XCTAssertEqual(given.fixes.map(\.time), [start, start + 1, start + 2], "midnight rolls over into 2011-01-01")
        XCTAssertTrue(given.diagnostics.isEmpty)

        let header = try readNMEA(["# Date: 2010-12-31"] + lines)
        XCTAssertEqual(header.fixes.map(\.time), given.fixes.map(\.time), "a gpsd log's # Date: header gives the date")
    }

    func test_ggaEpochsBetweenRMCs_takeTheRMCDate_acrossMidnight() throws {
        let result = try readNMEA([
            sentence("GPGGA,235958,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPRMC,235959,A,4807.038,N,01131.000,E,1.0,10.0,311299,,"),
            sentence("GPGGA,000001,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPRMC,000002,A,4807.041,N,01131.000,E,1.0,10.0,010100,,"),
        ])
        let base = CivilDate(year: 2000, month: 1, day: 1)!.unixSeconds
        XCTAssertEqual(result.fixes.map(\.time), [base - 2, base - 1, base + 1, base + 2])
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 3, 4])
    }

    func test_timeGoingBackwards_keepsFileOrder_flagsIt_andTheReceiveClockKeepsGoing() throws {
        let times = ["194121", "194122", "194123", "194111", "194112"]
        let lines = times.map { sentence("INRMC,\($0),A,4426.1161,N,07140.5396,W,5.3,77.6,160906,15.8,W") }
        let result = try readNMEA(lines)
        let tods = result.fixes.map { Int($0.time!.truncatingRemainder(dividingBy: 86_400)) }
        XCTAssertEqual(tods, [70881, 70882, 70883, 70871, 70872], "never reordered")
        let backwards = result.diagnostics.filter { $0.kind == .timeWentBackwards }
        XCTAssertEqual(backwards.map(\.line), [4])
        XCTAssertTrue(backwards[0].reason.contains("19:41:23") && backwards[0].reason.contains("19:41:11"), backwards[0].reason)
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 2, 3, 4], "the jump back advances one nominal epoch")
    }

    func test_receiverRestartBanner_isFlagged_andTheClockStepsOneEpoch() throws {
        let result = try readNMEA([
            sentence("PSRFTXT,Version:08.02 -HBGC3E00-GSW3.2.5"),
            sentence("GPRMC,131020.000,A,4618.9415,N,00656.1365,E,0.00,,030410,,,A"),
            sentence("GPRMC,131021.000,A,4618.9415,N,00656.1365,E,0.00,,030410,,,A"),
            sentence("PSRFTXT,Version:08.02 -HBGC3E00-GSW3.2.5"),
            sentence("PSRFTXT,TOW:  565809"),
            sentence("GPRMC,131032.877,A,4618.9395,N,00656.1347,E,0.00,,030410,,,A"),
            sentence("GPRMC,131033.877,A,4618.9395,N,00656.1347,E,0.00,,030410,,,A"),
        ])
        XCTAssertEqual(result.diagnostics.map(\.kind), [.receiverRestart], "the banner at the start is no restart")
        XCTAssertEqual(result.diagnostics.first?.line, 4)
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 2, 3])
        XCTAssertEqual(result.fixes[2].time! - result.fixes[1].time!, 11.877, accuracy: 1e-6, "fix time keeps the real gap")
    }

    func test_uBloxBanners_inEitherCase_markARestart() throws {
        let fixA = sentence("GPRMC,131020.000,A,4618.9415,N,00656.1365,E,0.00,,030410,,,A")
        let fixB = sentence("GPRMC,131021.000,A,4618.9415,N,00656.1365,E,0.00,,030410,,,A")
        for banner in ["GPTXT,01,01,02,u-blox ag - www.u-blox.com", "GNTXT,01,01,02,u-blox AG - www.u-blox.com"] {
            let result = try readNMEA([fixA, sentence(banner), fixB])
            XCTAssertEqual(result.diagnostics.map(\.kind), [.receiverRestart], banner)
        }
        let other = try readNMEA([fixA, sentence("GPTXT,01,01,02,ANTSTATUS=OK"), fixB])
        XCTAssertEqual(other.diagnostics, [], "other TXT messages are no restart")
    }

    func test_notNMEA_orBinary_orTooLarge_throwsAClearError() throws {
        XCTAssertThrowsError(try FixReader.read(Array("hello world\nthis is text\n".utf8), name: "a.txt")) { error in
            XCTAssertEqual("\(error)", "a.txt: line 1: unknown format: not NMEA 0183, gpsd JSON or GPX (starts with 'hello world')")
        }
        let binary = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        XCTAssertThrowsError(try FixReader.read(binary, name: "b.bin")) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.bin: line 1: binary data"), "\(error)")
        }
        XCTAssertThrowsError(try FixReader.read(Array("$GPRMC,1,2*00\n$GPGGA*99\n".utf8), name: "c.nmea")) { error in
            XCTAssertTrue("\(error)".hasPrefix("c.nmea: line 1: not NMEA 0183: no valid sentence found"), "\(error)")
        }
        XCTAssertThrowsError(try FixReader.read(Array(rmc.utf8), name: "d.nmea", options: FixReadOptions(maxBytes: 10))) { error in
            XCTAssertEqual("\(error)", "d.nmea: file is \(rmc.utf8.count) bytes, over the 10-byte limit")
        }
        XCTAssertThrowsError(try FixReader.read([], name: "e.nmea")) { error in
            XCTAssertEqual("\(error)", "e.nmea: file is empty")
        }
    }
}

final class FixNMEAGarminErrorTests: XCTestCase {
    func test_garminPGRME_givesTheReceiversOwnErrorEstimates_scaledLikeGPSD() throws {
        let result = try readNMEA([
            sentence("GPRMC,165744,A,4901.5940,N,01203.9163,E,0.0,131.9,110410,1.6,E,A"),
            sentence("GPGGA,165744,4901.5940,N,01203.9163,E,1,07,1.0,336.7,M,46.6,M,,"),
            sentence("PGRME,5.5,M,7.0,M,8.9,M"),
            sentence("GPRMC,165746,A,4901.5940,N,01203.9163,E,0.0,131.9,110410,1.6,E,A"),
            sentence("GPGGA,165746,4901.5940,N,01203.9163,E,1,07,1.0,336.9,M,46.6,M,,"),
        ])
        XCTAssertEqual(result.fixes.count, 2)
        let e = result.fixes[0].errors
        XCTAssertEqual(e.horizontal!, 5.5 * 2.45 / 1.18, accuracy: 1e-9)
        XCTAssertEqual(e.longitude!, 5.5 / 2.0.squareRoot() * 2.45 / 1.18, accuracy: 1e-9, "gpsd's epx")
        XCTAssertEqual(e.latitude!, e.longitude!, accuracy: 1e-12)
        XCTAssertEqual(e.vertical!, 7.0 * 2.45 / 1.18, accuracy: 1e-9, "gpsd's epv")
        XCTAssertEqual(e.horizontalOrigin, .receiver)
        XCTAssertEqual(e.hdop, 1.0)
        XCTAssertEqual(result.fixes[1].errors.horizontalOrigin, .derivedFromHDOP, "no PGRME in the second epoch")
    }
}
