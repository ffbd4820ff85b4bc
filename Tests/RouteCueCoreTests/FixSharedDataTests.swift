import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Every recorded drive in the shared data reads: a sensible number of fixes, in the place SOURCES.md names,
/// at plausible speeds, with a receive clock that never runs backwards.
final class FixSharedDataTests: XCTestCase {
    /// What SOURCES.md says about a file: where it is and how many valid fixes to expect at least.
    struct Expectation {
        var centroid: Coordinate
        /// How far the mean position of the fixes may be from the centroid SOURCES.md gives.
        var radiusMetres: Double
        var minFixes: Int
        /// The highest speed SOURCES.md reports (or a bound for it), m/s.
        var maxSpeed: Double
        /// A bound for the median speed implied by consecutive positions and times (default `maxSpeed`).
        var impliedSpeedBound: Double? = nil
    }

    static let expectations: [String: Expectation] = [
        "gpsd/early-493dd6d0/garmin48.log": .init(centroid: .init(latitude: -45.455, longitude: 167.153), radiusMetres: 3_000, minFixes: 400, maxSpeed: 14 / 3.6 + 1),
        "gpsd/head-46977faa/bt451.log": .init(centroid: .init(latitude: 55.779, longitude: 23.574), radiusMetres: 5_000, minFixes: 13, maxSpeed: 60 / 3.6 + 1),
        "gpsd/head-46977faa/bundg_zeus_9.log": .init(centroid: .init(latitude: 52.849, longitude: 5.311), radiusMetres: 1_000, minFixes: 140, maxSpeed: 15 / 3.6 + 1),
        "gpsd/head-46977faa/nl2008u.log": .init(centroid: .init(latitude: 48.218, longitude: 8.416), radiusMetres: 2_000, minFixes: 9, maxSpeed: 19 / 3.6 + 1),
        // The phone's positions jump tens of metres from second to second (SOURCES.md: "some position jumps").
        "gpsd/head-46977faa/quectel-eg25-g.log": .init(centroid: .init(latitude: 36.764, longitude: 31.411), radiusMetres: 1_000, minFixes: 20, maxSpeed: 12 / 3.6 + 1,
                                                       impliedSpeedBound: 20),
        "gpsd/pretrim-7614ccb1/bt451.log": .init(centroid: .init(latitude: 55.779, longitude: 23.574), radiusMetres: 5_000, minFixes: 100, maxSpeed: 79 / 3.6 + 1),
        "gpsd/pretrim-7614ccb1/bu353s4.log": .init(centroid: .init(latitude: -37.786, longitude: 175.316), radiusMetres: 2_000, minFixes: 700, maxSpeed: 46 / 3.6 + 1),
        "gpsd/pretrim-7614ccb1/humminbird-M37.log": .init(centroid: .init(latitude: 44.436, longitude: -71.670), radiusMetres: 1_000, minFixes: 170, maxSpeed: 12 / 3.6 + 1),
        "gpsd/stable-0896651f/com-1289.log": .init(centroid: .init(latitude: 48.105, longitude: -1.653), radiusMetres: 2_000, minFixes: 550, maxSpeed: 27.5 / 3.6 + 1),
        "nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt": .init(centroid: .init(latitude: 46.8, longitude: 7.6), radiusMetres: 80_000, minFixes: 10_000, maxSpeed: 130 / 3.6 + 2),
        "nmea-extra/genivi-positioning/20100403_Z205_Switzerland_short.txt": .init(centroid: .init(latitude: 46.316, longitude: 6.936), radiusMetres: 1_000, minFixes: 200, maxSpeed: 45 / 3.6 + 1),
        "nmea-extra/genivi-positioning/20100411_Geko_Regensburg.txt": .init(centroid: .init(latitude: 49.027, longitude: 12.065), radiusMetres: 5_000, minFixes: 700, maxSpeed: 104 / 3.6 + 1),
        "tracks/gpsbabel/dg100.gpx": .init(centroid: .init(latitude: 45.1, longitude: -78.9), radiusMetres: 100_000, minFixes: 12_000, maxSpeed: 140 / 3.6),
        "tracks/gpsbabel/garmin_xt_atrk.gpx": .init(centroid: .init(latitude: 51.433, longitude: -0.938), radiusMetres: 1_500, minFixes: 160, maxSpeed: 80 / 3.6 + 1),
        "tracks/gpsbabel/iblue747~csv.gpx": .init(centroid: .init(latitude: 51.08, longitude: 12.44), radiusMetres: 30_000, minFixes: 700, maxSpeed: 140 / 3.6),
        "tracks/gpsbabel/mtk_logger_m241.gpx": .init(centroid: .init(latitude: 41.803, longitude: 12.696), radiusMetres: 2_000, minFixes: 1_150, maxSpeed: 100 / 3.6),
        "tracks/gpsbabel/sbn-v13.gpx": .init(centroid: .init(latitude: 52.025, longitude: 4.347), radiusMetres: 10_000, minFixes: 3_300, maxSpeed: 140 / 3.6),
    ]

    static var allFiles: [String] {
        SharedData.files(under: "gpsd", extensions: [".log"])
            + SharedData.files(under: "nmea-extra", extensions: [".txt"])
            + SharedData.files(under: "tracks/gpsbabel", extensions: [".gpx"])
    }

    func test_swissDrive_runsFromMittellandToValais_withItsReceiverRestartsAndLeadingNUL() throws {
        try SharedData.require()
        let file = "nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt"
        let bytes = try SharedData.bytes(file)
        XCTAssertEqual(bytes.first, 0, "the file starts with a stray NUL")
        // Its first quarter (to a line end) against the whole, in this run: a reader linear in the file takes about 4×.
        let quarter = Array(bytes[..<(bytes[(bytes.count / 4)...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count)])
        var read: FixReadResult?
        let growth = try GrowthRatio.ratio(runs: 2, small: { _ = try FixReader.read(quarter, name: file) },
                                           large: { read = try FixReader.read(bytes, name: file) })
        let result = try XCTUnwrap(read)
        print("FixSharedData Swiss drive: \(bytes.count) bytes read in \(String(format: "%.1f", growth))× the time of its first quarter")
        XCTAssertLessThan(growth, GrowthRatio.limit, "reading 4× the file must take about 4× the time")
        let positioned = result.fixes.filter { $0.position != nil }
        XCTAssertLessThan(GeoMath.distance(positioned.first!.position!, Coordinate(latitude: 47.333, longitude: 7.821)), 3_000)
        XCTAssertLessThan(GeoMath.distance(positioned.last!.position!, Coordinate(latitude: 46.313, longitude: 7.490)), 3_000)
        // The first line (NUL + $PSRFTXT banner) is a sentence, not a skipped line.
        XCTAssertTrue(result.skippedLines.isEmpty, "\(result.skippedLines.prefix(3))")
        // Two restarts mid-file (the banner at line 1 starts the file and is no restart).
        let restarts = result.diagnostics.filter { $0.kind == .receiverRestart }.map(\.line)
        XCTAssertEqual(restarts, [24241, 25086], "the $PSRFTXT,Version lines (SOURCES.md counts the block from the line after)")
        // After each restart the receive clock steps by one nominal epoch (1 s), not by the fix-time gap.
        for line in restarts {
            let epochs = try XCTUnwrap(Self.epochsAround(line: line, in: result, bytes: bytes))
            XCTAssertEqual(epochs.after.received.seconds(since: epochs.before.received), 1.0, accuracy: 1e-6, "restart at line \(line)")
            XCTAssertGreaterThan(epochs.after.time! - epochs.before.time!, 5, "fix time jumps over the restart at line \(line)")
        }
        XCTAssertEqual(result.fixes.filter { $0.time == nil }.count, 0)
        let span = result.fixes.last!.time! - result.fixes.first!.time!
        XCTAssertEqual(span, 2 * 3600 + 57 * 60 + 4, accuracy: 60, "11:22:25–14:19:29Z")
    }

    /// The fixes of the last epoch before `line` and the first one after it, found by the RMC/GGA times
    /// read from the raw lines (test-side, independent of the reader).
    static func epochsAround(line: Int, in result: FixReadResult, bytes: [UInt8]) -> (before: Fix, after: Fix)? {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func timeOfDay(_ raw: ArraySlice<UInt8>) -> Double? {
            let text = String(decoding: raw, as: UTF8.self)
            let f = text.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count > 1, f[0].hasSuffix("RMC") || f[0].hasSuffix("GGA"), f[1].count >= 6,
                  let h = Double(f[1].prefix(2)), let m = Double(f[1].dropFirst(2).prefix(2)), let s = Double(f[1].dropFirst(4)) else { return nil }
            return h * 3600 + m * 60 + s
        }
        guard let before = lines[..<(line - 1)].reversed().lazy.compactMap(timeOfDay).first,
              let after = lines[line...].lazy.compactMap(timeOfDay).first else { return nil }
        func tod(_ f: Fix) -> Double? { f.time.map { $0.truncatingRemainder(dividingBy: 86_400) } }
        guard let i = result.fixes.firstIndex(where: { tod($0).map { abs($0 - before) < 0.0005 } ?? false }),
              i + 1 < result.fixes.count, let t = tod(result.fixes[i + 1]), abs(t - after) < 0.0005 else { return nil }
        return (result.fixes[i], result.fixes[i + 1])
    }

    func test_everyRecordedDrive_readsInItsPlaceAtPlausibleSpeeds() throws {
        try SharedData.require()
        let files = Self.allFiles
        XCTAssertEqual(files.count, Self.expectations.count, "files found: \(files)")
        for file in files {
            guard let expected = Self.expectations[file] else {
                XCTFail("\(file): no expectation from SOURCES.md")
                continue
            }
            let result = try FixReader.read(SharedData.bytes(file), name: file)
            let positioned = result.fixes.filter { $0.position != nil }
            XCTAssertGreaterThanOrEqual(positioned.count, expected.minFixes, file)
            let lat = positioned.map { $0.position!.latitude }.reduce(0, +) / Double(max(positioned.count, 1))
            let lon = positioned.map { $0.position!.longitude }.reduce(0, +) / Double(max(positioned.count, 1))
            let offset = GeoMath.distance(Coordinate(latitude: lat, longitude: lon), expected.centroid)
            XCTAssertLessThan(offset, expected.radiusMetres, "\(file): mean position (\(lat), \(lon))")
            let speeds = result.fixes.compactMap(\.speed).sorted()
            let maxSpeed = speeds.last ?? 0
            let median = speeds.isEmpty ? 0 : speeds[speeds.count / 2]
            XCTAssertLessThanOrEqual(maxSpeed, expected.maxSpeed, "\(file): fastest fix")
            // Speed implied by consecutive positions and times (for files without a speed field too).
            var implied: [Double] = []
            for (a, b) in zip(positioned, positioned.dropFirst()) {
                guard let ta = a.time, let tb = b.time, tb > ta, tb - ta < 60 else { continue }
                implied.append(GeoMath.distance(a.position!, b.position!) / (tb - ta))
            }
            implied.sort()
            let impliedMedian = implied.isEmpty ? 0 : implied[implied.count / 2]
            XCTAssertFalse(implied.isEmpty, "\(file): no consecutive timed fixes")
            XCTAssertLessThanOrEqual(impliedMedian, expected.impliedSpeedBound ?? expected.maxSpeed, "\(file): median speed implied by positions and times")
            XCTAssertTrue(speeds.allSatisfy { $0 >= 0 }, file)
            for (a, b) in zip(result.fixes, result.fixes.dropFirst()) where b.received <= a.received {
                XCTFail("\(file): receive clock does not advance at \(b.received)")
                break
            }
            let timed = result.fixes.filter { $0.time != nil }.count
            let span = (result.fixes.last?.received.seconds ?? 0) - (result.fixes.first?.received.seconds ?? 0)
            let kinds = Dictionary(grouping: result.diagnostics, by: \.kind).mapValues(\.count)
            print("FixSharedData \(file): \(result.format.rawValue), \(result.fixes.count) fixes (\(positioned.count) with position, \(timed) timed), "
                  + "mean position \(offset.rounded()) m from SOURCES.md's centroid, speed median \(median.rounded(toPlaces: 2)) (implied by positions \(impliedMedian.rounded(toPlaces: 2))) max \(maxSpeed.rounded(toPlaces: 2)) m/s, "
                  + "receive clock span \(span.rounded()) s, diagnostics \(kinds)")
        }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var p = 1.0
        for _ in 0..<places { p *= 10 }
        return (self * p).rounded() / p
    }
}
