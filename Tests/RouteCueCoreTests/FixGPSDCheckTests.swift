import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Compares what `NMEAReader` makes of gpsd's regression logs with the reports gpsd itself produced for them
/// (the `.log.chk` files: JSON TPV in the HEAD and 2015 formats, `GPSD,O=` in the 2007 one).
final class FixGPSDCheckTests: XCTestCase {
    /// One gpsd position report taken from a `.chk` file.
    struct Report {
        /// UTC Unix seconds.
        var time: Double
        var lat: Double
        var lon: Double
        var speed: Double?
        var track: Double?
        /// True when a VTG after the RMC, in the same epoch, gave gpsd a different speed or track.
        var motionFromLaterVTG = false
    }

    /// A report's key: the RMC's time of day (ms) and which occurrence of that time of day it is (a log whose
    /// time jumps back has the same time twice).
    struct Key: Hashable {
        var timeOfDayMs: Int
        var occurrence: Int
    }

    /// What a `.chk` file says about the epochs that have a valid RMC.
    struct CheckedReports {
        /// gpsd's report for each valid RMC whose position it still carries.
        var afterRMC: [Key: Report] = [:]
        /// Reports for a valid RMC that gpsd gave after a later sentence of the same epoch (GGA, GLL…) moved the
        /// position away from the RMC's (some chart plotters send RMC and GGA of one second with different
        /// positions; gpsd reports the last one).
        var superseded: [Key: Report] = [:]
        /// Corrupt RMC sentences (bad or missing checksum, cut-short fields) that the 2007 gpsd still decoded,
        /// by key: the sentence text.
        var corruptRMC: [Key: String] = [:]
    }

    /// The first position report after each valid RMC sentence in a `.chk` file, keyed by that RMC.
    static func reportsAfterRMC(in chk: String) throws -> CheckedReports {
        var out = CheckedReports()
        var occurrences: [Int: Int] = [:]
        // gpsd reports an epoch after its RMC, or (HEAD) when the cycle ends, maybe after the next RMC:
        // each valid RMC waits for the first report with its time of day.
        var pending: [Int: (key: Key, lat: Double, lon: Double)] = [:]
        var lastPosition: (lat: Double, lon: Double)?
        var lastMotion: (speed: Substring, track: Substring)?
        var rmcMotion: [Int: (speed: Substring, track: Substring)] = [:]
        for line in chk.split(whereSeparator: { $0.isNewline }) {
            if line.hasPrefix("$") || line.hasPrefix("!") {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                let type = fields[0].suffix(3)
                let first = ["RMC": 3, "GGA": 2, "GNS": 2, "GLL": 1][String(type)]
                if let first, fields.count > first + 3, let lat = nmeaAngle(fields[first], fields[first + 1]),
                   let lon = nmeaAngle(fields[first + 2], fields[first + 3]) {
                    lastPosition = (lat, lon)
                }
                if type == "VTG", fields.count > 5 { lastMotion = (fields[5], fields[1]) }
                guard type == "RMC", fields.count > 8, fields[2] == "A", let tod = timeOfDayMs(fields[1]),
                      let p = lastPosition else { continue }
                occurrences[tod, default: 0] += 1
                let key = Key(timeOfDayMs: tod, occurrence: occurrences[tod]!)
                lastMotion = (fields[7], fields[8])
                rmcMotion[tod] = lastMotion
                if !checksumIsValid(line) || fields[3].split(separator: ".")[0].count != 4
                    || fields[5].split(separator: ".")[0].count != 5 {
                    out.corruptRMC[key] = String(line)
                }
                pending[tod] = (key, p.lat, p.lon)
            } else if case (let time, var report)? = try parseReport(line), let rmc = pending[time] {
                if let m = lastMotion, let r = rmcMotion[time], Double(m.speed) != Double(r.speed) || Double(m.track) != Double(r.track) {
                    report.motionFromLaterVTG = true
                }
                if out.corruptRMC[rmc.key] != nil {
                    // reported, but not compared: see corruptRMC
                } else if let p = lastPosition, abs(p.lat - rmc.lat) < 1e-9, abs(p.lon - rmc.lon) < 1e-9 {
                    out.afterRMC[rmc.key] = report
                } else {
                    out.superseded[rmc.key] = report
                }
                pending[time] = nil
            }
        }
        return out
    }

    /// True when the sentence ends in `*HH` and HH is the XOR of the bytes between `$` and `*`.
    static func checksumIsValid(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8)
        guard bytes.count > 4, bytes[bytes.count - 3] == UInt8(ascii: "*"),
              let stated = UInt8(String(decoding: bytes.suffix(2), as: UTF8.self), radix: 16) else { return false }
        return bytes[1..<(bytes.count - 3)].reduce(0, ^) == stated
    }

    /// `ddmm.mmmm` + hemisphere as degrees (test-side decoding, independent of the reader).
    static func nmeaAngle(_ value: Substring, _ hemisphere: Substring) -> Double? {
        guard let raw = Double(value) else { return nil }
        let degrees = (raw / 100).rounded(.down)
        let v = degrees + (raw - degrees * 100) / 60
        return hemisphere == "S" || hemisphere == "W" ? -v : v
    }

    /// `hhmmss.ss` as milliseconds since midnight.
    static func timeOfDayMs(_ field: Substring) -> Int? {
        guard field.count >= 6, let h = Int(field.prefix(2)), let m = Int(field.dropFirst(2).prefix(2)),
              let s = Double(field.dropFirst(4)) else { return nil }
        return Int(((Double(h * 3600 + m * 60) + s) * 1000).rounded())
    }

    /// A TPV (JSON) or `GPSD,O=` report with a position: its time of day in ms, and the values compared.
    static func parseReport(_ line: Substring) throws -> (Int, Report)? {
        if line.hasPrefix("{") {
            let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let json, json["class"] as? String == "TPV", let lat = json["lat"] as? Double, let lon = json["lon"] as? Double,
                  let timeText = json["time"] as? String, let time = iso8601(timeText) else { return nil }
            return (timeOfDay(time), Report(time: time, lat: lat, lon: lon, speed: json["speed"] as? Double, track: json["track"] as? Double))
        }
        if line.hasPrefix("GPSD,O=") {
            // tag time ept lat lon alt eph epv track speed climb epd eps epc mode ('?' = unknown)
            let f = line.dropFirst(7).split(separator: " ")
            guard f.count >= 10, let time = Double(f[1]), let lat = Double(f[3]), let lon = Double(f[4]) else { return nil }
            return (timeOfDay(time), Report(time: time, lat: lat, lon: lon, speed: Double(f[9]), track: Double(f[8])))
        }
        return nil
    }

    static func timeOfDay(_ unix: Double) -> Int {
        Int((unix * 1000).rounded()) % 86_400_000
    }

    /// gpsd's own ISO 8601 times, read with Foundation (independent of the reader under test).
    static func iso8601(_ text: String) -> Double? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d.timeIntervalSince1970 }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)?.timeIntervalSince1970
    }

    /// Our fixes that carry RMC data (speed or course), keyed like the reports.
    static func keyedRMCFixes(_ fixes: [Fix]) -> [Key: Fix] {
        var out: [Key: Fix] = [:]
        var occurrences: [Int: Int] = [:]
        for fix in fixes where fix.position != nil && (fix.speed != nil || fix.course != nil) {
            guard let time = fix.time else { continue }
            let tod = timeOfDay(time)
            occurrences[tod, default: 0] += 1
            out[Key(timeOfDayMs: tod, occurrence: occurrences[tod]!)] = fix
        }
        return out
    }

    func test_everyGPSDLogWithCheckFile_matchesGPSDsOwnReports() throws {
        try SharedData.require()
        let logs = SharedData.files(under: "gpsd", extensions: [".log"]).filter {
            FileManager.default.fileExists(atPath: SharedData.url($0 + ".chk").path)
        }
        XCTAssertEqual(logs.count, 8, "gpsd logs with a .chk file")
        var totalMatched = 0
        for log in logs {
            let result = try FixReader.read(SharedData.bytes(log), name: log)
            let chk = String(decoding: try SharedData.bytes(log + ".chk"), as: UTF8.self)
            let reports = try Self.reportsAfterRMC(in: chk)
            let ours = Self.keyedRMCFixes(result.fixes)
            var matched = 0
            var speedCompared = 0
            var trackCompared = 0
            var motionFromVTG = 0
            for (key, report) in reports.afterRMC.sorted(by: { ($0.key.timeOfDayMs, $0.key.occurrence) < ($1.key.timeOfDayMs, $1.key.occurrence) }) {
                guard let fix = ours[key], let p = fix.position else {
                    XCTFail("\(log): gpsd reports a position at \(key) after a valid RMC, we have no such fix")
                    continue
                }
                XCTAssertEqual(fix.time ?? .nan, report.time, accuracy: 0.0005, "\(log) \(key) UTC time (date included)")
                XCTAssertEqual(p.latitude, report.lat, accuracy: 1e-6, "\(log) \(key) latitude")
                XCTAssertEqual(p.longitude, report.lon, accuracy: 1e-6, "\(log) \(key) longitude")
                if report.motionFromLaterVTG {
                    motionFromVTG += 1
                } else if let s = report.speed {
                    XCTAssertEqual(fix.speed ?? .nan, s, accuracy: 0.01, "\(log) \(key) speed")
                    speedCompared += 1
                }
                if !report.motionFromLaterVTG, let t = report.track, let c = fix.course {
                    XCTAssertLessThanOrEqual(abs(GeoMath.normalizedBearing(c - t + 180) - 180), 0.1, "\(log) \(key) track \(c) vs \(t)")
                    trackCompared += 1
                }
                matched += 1
            }
            // Superseded reports: same epoch, position from a later sentence; ours (the RMC's) must be close.
            var supersededNear = 0
            for (key, report) in reports.superseded {
                guard let p = ours[key]?.position else {
                    XCTFail("\(log): no fix of ours for the RMC at \(key)")
                    continue
                }
                let d = GeoMath.distance(p, Coordinate(latitude: report.lat, longitude: report.lon))
                XCTAssertLessThan(d, 15, "\(log) \(key): RMC position vs gpsd's later one")
                if d < 15 { supersededNear += 1 }
            }
            // Corrupt RMC: gpsd 2007 reported them (one 120 km off); we skip the line with a diagnostic.
            let logLines = String(decoding: try SharedData.bytes(log), as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            for (key, sentence) in reports.corruptRMC {
                XCTAssertNil(ours[key], "\(log): the corrupt RMC \(sentence) must not give a fix with RMC data")
                guard let index = logLines.firstIndex(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == sentence }) else {
                    XCTFail("\(log): \(sentence) not found in the log")
                    continue
                }
                XCTAssertTrue(result.skippedLines.contains { $0.line == index + 1 }, "\(log): no diagnostic for line \(index + 1): \(sentence)")
            }
            totalMatched += matched
            print("FixGPSDCheck \(log): \(result.fixes.count) fixes, \(reports.afterRMC.count) gpsd reports of a valid RMC, "
                  + "\(matched) matched (speed compared \(speedCompared), track \(trackCompared), "
                  + "\(motionFromVTG) with speed/track from a later disagreeing VTG not compared); "
                  + "\(reports.corruptRMC.count) corrupt RMC (gpsd decoded them) skipped; "
                  + "\(reports.superseded.count) reports carry a later sentence's position (\(supersededNear) within 15 m of ours)")
            XCTAssertEqual(matched, reports.afterRMC.count, log)
        }
        print("FixGPSDCheck total matched: \(totalMatched)")
        XCTAssertGreaterThan(totalMatched, 1500)
    }
}
