import RouteCueCore
import TestSupport
import XCTest

/// Damaged recorded-fix files never trap: each read gives fixes and diagnostics, or one clear error.
final class FixDamagedInputTests: XCTestCase {
    /// A small deterministic generator (xorshift), so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    static func damaged(_ bytes: [UInt8], seed: UInt64) -> [UInt8] {
        var g = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        var out = bytes
        switch seed % 4 {
        case 0: out = Array(out.prefix(Int.random(in: 0...out.count, using: &g)))
        case 1:
            for _ in 0..<Int.random(in: 1...50, using: &g) where !out.isEmpty {
                out[Int.random(in: 0..<out.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
            }
        case 2:
            for _ in 0..<Int.random(in: 1...20, using: &g) where !out.isEmpty {
                let at = Int.random(in: 0..<out.count, using: &g)
                out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...40, using: &g)))
            }
        default:
            let digits = Array("0123456789.,-*$".utf8)
            for _ in 0..<Int.random(in: 1...50, using: &g) where !out.isEmpty {
                out[Int.random(in: 0..<out.count, using: &g)] = digits.randomElement(using: &g)!
            }
        }
        return out
    }

    func test_damagedCopiesOfEachFormat_neverTrap() throws {
        try SharedData.require()
        let chk = try SharedData.bytes("gpsd/head-46977faa/nl2008u.log.chk")
        let gpsdJSON = chk.split(separator: UInt8(ascii: "\n")).filter { $0.first == UInt8(ascii: "{") }.joined(separator: [UInt8(ascii: "\n")])
        let sources: [(String, [UInt8])] = [
            ("bt451.log", Array(try SharedData.bytes("gpsd/pretrim-7614ccb1/bt451.log").prefix(20_000))),
            ("gpspipe.json", Array(gpsdJSON)),
            ("garmin_xt_atrk.gpx", try SharedData.bytes("tracks/gpsbabel/garmin_xt_atrk.gpx")),
        ]
        for (name, bytes) in sources {
            var read = 0
            var rejected = 0
            var skipped = 0
            for seed in UInt64(1)...150 {
                do {
                    let result = try FixReader.read(Self.damaged(bytes, seed: seed), name: name)
                    read += 1
                    skipped += result.skippedLines.count
                    // What `routecue fixes inspect` prints of it must not trap either.
                    XCTAssertFalse(FixInspection(result, includeFixes: true).text().isEmpty)
                    for (a, b) in zip(result.fixes, result.fixes.dropFirst()) where b.received <= a.received {
                        XCTFail("\(name) seed \(seed): receive clock not increasing")
                        break
                    }
                } catch {
                    rejected += 1
                    XCTAssertTrue(error.description.hasPrefix(name + ": "), "\(error)")
                }
            }
            print("FixDamagedInput \(name): 150 damaged copies → \(read) read (\(skipped) lines skipped in all), \(rejected) rejected with an error")
        }
    }

    func test_absurdTimes_saturateTheReceiveClockWithoutTrapping() throws {
        let lines = [
            #"{"class":"TPV","mode":2,"time":1e300,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":1e300,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":-1e300,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":0,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":1e19,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":2e19,"lat":1,"lon":1}"#,
            #"{"class":"TPV","mode":2,"time":3e19,"lat":1,"lon":1}"#,
        ]
        let result = try FixReader.read(Array(lines.joined(separator: "\n").utf8), name: "absurd.json")
        XCTAssertEqual(result.fixes.count, 7)
        for (a, b) in zip(result.fixes, result.fixes.dropFirst()) { XCTAssertLessThanOrEqual(a.received, b.received) }
        XCTAssertTrue(FixInspection(result).text().contains("UTC 1e+300 s … 3e+19 s"), "and inspecting them does not trap")
        let gpx = #"<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time><sat>1e300</sat></trkpt></trkseg></trk></gpx>"#
        XCTAssertNil(try FixReader.read(Array(gpx.utf8), name: "sat.gpx").fixes.first?.satellitesUsed)
    }
}
