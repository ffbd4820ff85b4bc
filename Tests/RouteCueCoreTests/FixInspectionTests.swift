@testable import RouteCueCore
import FoundationEssentials
import XCTest

/// What `routecue fixes inspect` reports, and that no recorded value makes it trap.
final class FixInspectionTests: XCTestCase {
    private func fix(lat: Double, lon: Double, time: Double? = nil, speed: Double? = nil) -> Fix {
        Fix(time: time, received: .zero, position: Coordinate(latitude: lat, longitude: lon), speed: speed, mode: .twoD, status: .gps)
    }

    func test_summary_countsDistanceSpeedsAndCentre() {
        let fixes = [fix(lat: 0, lon: 10, time: 100, speed: 10), fix(lat: 0.001, lon: 10, time: 101, speed: 30),
                     Fix(time: 102, received: .zero, mode: .noFix, status: .unknown), fix(lat: 0.002, lon: 10, time: 103, speed: 20)]
        let inspection = FixInspection(FixReadResult(format: .gpx, fixes: fixes, diagnostics: [
            FixDiagnostic(line: 7, kind: .skippedLine, reason: "bad"), FixDiagnostic(line: 9, kind: .skippedLine, reason: "worse"),
        ]), diagnosticLimit: 1)
        XCTAssertEqual(inspection.fixCount, 4)
        XCTAssertEqual(inspection.positionCount, 3)
        XCTAssertEqual(inspection.firstTime, 100)
        XCTAssertEqual(inspection.lastTime, 103)
        XCTAssertEqual(inspection.distanceM, 222.4, accuracy: 0.1, "0.002° of latitude")
        XCTAssertEqual(inspection.maxSpeedMps, 30)
        XCTAssertEqual(inspection.medianSpeedMps, 20)
        XCTAssertEqual(inspection.centroid![0], 10, accuracy: 1e-9)
        XCTAssertEqual(inspection.centroid![1], 0.001, accuracy: 1e-9)
        XCTAssertEqual(inspection.diagnosticCounts, ["skippedLine": 2])
        XCTAssertEqual(inspection.diagnostics, ["line 7: bad"])
        XCTAssertTrue(inspection.text().contains("UTC 1970-01-01T00:01:40.000Z … 1970-01-01T00:01:43.000Z"), inspection.text())
    }

    func test_centroid_ofADriveAcrossTheAntimeridian_liesOnIt() {
        let inspection = FixInspection(FixReadResult(format: .nmea, fixes: [fix(lat: -17, lon: 179.9), fix(lat: -17, lon: -179.9)],
                                                     diagnostics: []))
        XCTAssertEqual(abs(inspection.centroid![0]), 180, accuracy: 1e-9, "not longitude 0, half the world away")
        XCTAssertEqual(inspection.centroid![1], -17, accuracy: 1e-9)
    }

    func test_absurdFixTimes_andANegativeLimit_doNotTrap() throws {
        // gpsd JSON allows a numeric time; any finite number passes the reader.
        let log = #"{"class":"TPV","mode":2,"time":1e300,"lat":1,"lon":2}"# + "\n" + #"{"class":"TPV","mode":2,"time":-1e300,"lat":1,"lon":2}"#
        let result = try FixReader.read(Array(log.utf8), name: "absurd.json")
        XCTAssertEqual(result.fixes.count, 2)
        let inspection = FixInspection(result, includeFixes: true, diagnosticLimit: -1)
        XCTAssertEqual(inspection.diagnostics, [])
        XCTAssertTrue(inspection.text().contains("UTC 1e+300 s … -1e+300 s"), inspection.text())
    }

    func test_iso8601Format_writesFourDigitYearsAndNothingElse() {
        XCTAssertEqual(ISO8601.format(0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601.format(-0.5), "1969-12-31T23:59:59.500Z", "before 1970: the day before, not a negative clock")
        XCTAssertEqual(ISO8601.format(951_782_400 + 86_399.25), "2000-02-29T23:59:59.250Z", "leap day of a 400-year leap year")
        XCTAssertEqual(ISO8601.format(ISO8601.unixSeconds("0000-01-01T00:00:00Z")!), "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601.format(ISO8601.unixSeconds("9999-12-31T23:59:59.999Z")!), "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(ISO8601.format(253_402_300_800), "253402300800.0 s", "year 10000 has no four-digit form")
        XCTAssertEqual(ISO8601.format(.nan), "nan s")
        XCTAssertEqual(ISO8601.format(-.infinity), "-inf s")
    }

    func test_civilDate_rejectsYearsThatWouldOverflow_andImpossibleDecodedDates() throws {
        // `routecue fixes inspect --date 9223372036854775807-01-01` reached daysSinceEpoch with this year.
        XCTAssertNil(CivilDate(year: Int.max, month: 1, day: 1))
        XCTAssertNil(CivilDate(year: -1, month: 1, day: 1))
        XCTAssertNil(CivilDate(year: 10_000, month: 1, day: 1))
        XCTAssertEqual(CivilDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch, 2_932_896)
        let decoder = JSONDecoder()
        XCTAssertEqual(try decoder.decode(CivilDate.self, from: Data(#"{"year":2024,"month":2,"day":29}"#.utf8)),
                       CivilDate(year: 2024, month: 2, day: 29))
        for bad in [#"{"year":2023,"month":2,"day":29}"#, #"{"year":9223372036854775807,"month":1,"day":1}"#] {
            XCTAssertThrowsError(try decoder.decode(CivilDate.self, from: Data(bad.utf8)), bad)
        }
    }

    func test_routeInspection_formatsMetres_withoutTrapping() {
        XCTAssertEqual(RouteInspection.formatMetres(812.4), "812 m")
        XCTAssertEqual(RouteInspection.formatMetres(13_445_200), "13445.2 km")
        XCTAssertEqual(RouteInspection.formatMetres(-1e300), "-1e+297 km")
        XCTAssertEqual(RouteInspection.formatMetres(-.infinity), "-inf km")
    }
}
