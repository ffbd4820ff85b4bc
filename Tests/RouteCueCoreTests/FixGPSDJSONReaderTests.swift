import RouteCueCore
import TestSupport
import XCTest

final class FixGPSDJSONReaderTests: XCTestCase {
    func test_tpvLinesFromACheckFile_readAsGPSDJSON_andAgreeWithTheNMEAReader() throws {
        try SharedData.require()
        for log in ["gpsd/head-46977faa/nl2008u.log", "gpsd/pretrim-7614ccb1/bu353s4.log", "gpsd/head-46977faa/quectel-eg25-g.log"] {
            let chk = String(decoding: try SharedData.bytes(log + ".chk"), as: UTF8.self)
            // What gpspipe -w prints: JSON lines only (TPV, SKY, …).
            let jsonLines = chk.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{") }
            let tpvCount = jsonLines.filter { $0.contains("\"class\":\"TPV\"") }.count
            let result = try FixReader.read(Array(jsonLines.joined(separator: "\n").utf8), name: log + ".json")
            XCTAssertEqual(result.format, .gpsdJSON)
            XCTAssertEqual(result.fixes.count, tpvCount, "one fix per TPV; SKY ignored")
            XCTAssertTrue(result.skippedLines.isEmpty, "\(result.skippedLines.prefix(3))")
            let nmea = try FixReader.read(SharedData.bytes(log), name: log).fixes
            // A receiver may repeat a time (bu353s4 reports 03:08:39 twice): any of our fixes of that time.
            var byTime: [Double: [Coordinate]] = [:]
            for fix in nmea { if let t = fix.time, let p = fix.position { byTime[t, default: []].append(p) } }
            var compared = 0
            for fix in result.fixes {
                guard let t = fix.time, let p = fix.position, let ours = byTime[t] else { continue }
                XCTAssertTrue(ours.contains { abs($0.latitude - p.latitude) <= 1e-6 && abs($0.longitude - p.longitude) <= 1e-6 },
                              "\(log) at \(t): gpsd \(p), ours \(ours)")
                compared += 1
            }
            for (a, b) in zip(result.fixes, result.fixes.dropFirst()) { XCTAssertLessThan(a.received, b.received) }
            print("FixGPSDJSON \(log).chk: \(tpvCount) TPV lines → \(result.fixes.count) fixes, \(compared) compared with the NMEA reader's fixes")
            XCTAssertGreaterThan(compared, 5, log)
        }
    }

    func test_tpvFields_mapOntoTheFix() throws {
        let lines = [
            #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0"}]}"#,
            #"{"class":"WATCH","enable":true,"json":true}"#,
            #"{"class":"TPV","device":"/dev/ttyUSB0","status":2,"mode":3,"time":"2022-09-11T19:15:03.010Z","ept":0.005,"lat":36.7646054,"lon":31.411171333,"altHAE":25.3,"altMSL":-6.7,"alt":-6.7,"epx":3.1,"epy":4.2,"epv":59.8,"track":300.5,"speed":0.669,"climb":-0.2,"eps":1.5,"epd":12.25,"eph":24.7}"#,
            #"{"class":"SKY","hdop":1.3,"uSat":3}"#,
            #"{"class":"TPV","mode":1,"time":"2022-09-11T19:15:04.010Z"}"#,
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:05.010Z","lat":36.7646,"lon":31.4111,"alt":12.0}"#,
        ]
        let result = try FixReader.read(Array(lines.joined(separator: "\n").utf8), name: "gpspipe.json")
        XCTAssertEqual(result.fixes.count, 3)
        let f = result.fixes[0]
        XCTAssertEqual(f.time!, 1_662_923_703.01, accuracy: 1e-6)
        XCTAssertEqual(f.position, Coordinate(latitude: 36.7646054, longitude: 31.411171333))
        XCTAssertEqual(f.altitudeMSL, -6.7)
        XCTAssertEqual(f.altitudeHAE, 25.3)
        XCTAssertEqual(f.speed, 0.669)
        XCTAssertEqual(f.course, 300.5)
        XCTAssertEqual(f.climb, -0.2)
        XCTAssertEqual(f.mode, .threeD)
        XCTAssertEqual(f.status, .dgps)
        XCTAssertEqual(f.errors, FixErrorEstimates(horizontal: 24.7, longitude: 3.1, latitude: 4.2, vertical: 59.8, speed: 1.5,
                                                   course: 12.25, time: 0.005, horizontalOrigin: .receiver))
        XCTAssertEqual(result.fixes[1].mode, .noFix)
        XCTAssertNil(result.fixes[1].position)
        XCTAssertEqual(result.fixes[1].status, .unknown)
        XCTAssertEqual(result.fixes[2].mode, .twoD)
        XCTAssertEqual(result.fixes[2].status, .gps, "no status field with a fix means plain GPS")
        XCTAssertEqual(result.fixes[2].altitudeMSL, 12.0, "old gpsd's alt is MSL")
        XCTAssertNil(result.fixes[2].errors.horizontal)
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 2])
    }

    func test_badLines_areSkippedWithDiagnostics_andTimeGoingBackIsFlagged() throws {
        let lines = [
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:05Z","lat":36.7,"lon":31.4}"#,
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:06Z","lat":36.7,"lon":31.4"#,
            #"{"class":"TPV","mode":2,"time":"yesterday","lat":36.7,"lon":31.4}"#,
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:07Z","lat":"north","lon":31.4}"#,
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:08Z","lat":136.7,"lon":31.4}"#,
            #"{"nothing":1}"#,
            #"$GPRMC,not json"#,
            #"{"class":"TPV","mode":2,"time":"2022-09-11T19:15:01Z","lat":36.7,"lon":31.4}"#,
        ]
        let result = try FixReader.read(Array(lines.joined(separator: "\n").utf8), name: "bad.json")
        XCTAssertEqual(result.fixes.count, 2)
        XCTAssertEqual(result.skippedLines.map(\.line), [2, 3, 4, 5, 6, 7])
        XCTAssertTrue(result.skippedLines[0].reason.contains("invalid JSON"), result.skippedLines[0].reason)
        XCTAssertTrue(result.skippedLines[1].reason.contains("bad ISO 8601 time"), result.skippedLines[1].reason)
        XCTAssertTrue(result.skippedLines[2].reason.contains("lat"), result.skippedLines[2].reason)
        XCTAssertTrue(result.skippedLines[3].reason.contains("out of range"), result.skippedLines[3].reason)
        XCTAssertEqual(result.diagnostics.filter { $0.kind == .timeWentBackwards }.map(\.line), [8])
        XCTAssertLessThan(result.fixes[0].received, result.fixes[1].received)
    }

    func test_jsonWithoutAnyGPSDReport_throws() {
        XCTAssertThrowsError(try FixReader.read(Array(#"{"a":1}"#.utf8), name: "x.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.json: line 1: not gpsd JSON"), "\(error)")
        }
    }
}
