import Foundation
import TestSupport
import XCTest

/// The `routecue` executable as a user meets it: help, version, inspect, convert, and one-line errors.
final class CLITests: CommandTestCase {
    private func write(_ name: String, _ text: String) throws -> String {
        let url = tmp.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func test_help_listsTheRouteCommands() throws {
        let r = try CommandRunner.routecue(["--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("route inspect FILE"))
        XCTAssertTrue(r.stdout.contains("route convert FILE --to routecue"))
        let sub = try CommandRunner.routecue(["route", "--help"])
        XCTAssertEqual(sub.status, 0)
        XCTAssertTrue(sub.stdout.contains("--alternative N"))
    }

    func test_version_namesTheCLibraries() throws {
        let r = try CommandRunner.routecue(["--version"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("routecue "))
        for name in ["libgps API 11", "alsa-lib", "espeak-ng", "libdbus"] {
            XCTAssertTrue(r.stdout.contains(name), "missing \(name) in \(r.stdout)")
        }
    }

    func test_inspectJson_followsTheContract() throws {
        let r = try CommandRunner.routecue(["route", "inspect", "examples/grid-trip.osrm.json", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let maneuvers = json["maneuvers"] as! [[String: Any]]
        XCTAssertEqual(maneuvers.count, 7)
        for key in ["index", "type", "location", "distance_along_m", "announced", "leg", "source_step"] {
            XCTAssertNotNil(maneuvers[1][key], "maneuver lacks \(key)")
        }
        XCTAssertEqual(maneuvers[1]["type"] as? String, "turn")
        XCTAssertEqual(maneuvers[1]["modifier"] as? String, "right")
        XCTAssertEqual(maneuvers[1]["road_name"] as? String, "Lindenallee")
        XCTAssertEqual(maneuvers[1]["source_step"] as? String, "routes[0].legs[0].steps[1]")
        XCTAssertEqual(maneuvers[1]["distance_along_m"] as! Double, 420, accuracy: 1)
        XCTAssertEqual((maneuvers[1]["location"] as! [Double]).count, 2)
        XCTAssertEqual((json["legs"] as! [Any]).count, 1)
    }

    func test_convert_thenInspect_givesTheSameManeuvers() throws {
        let out = tmp.appendingPathComponent("route.json").path
        let c = try CommandRunner.routecue(["route", "convert", "examples/grid-trip.osrm.json", "--to", "routecue", "--output", out])
        XCTAssertEqual(c.status, 0, c.stderr)
        let original = try CommandRunner.routecue(["route", "inspect", "examples/grid-trip.osrm.json", "--json"])
        let converted = try CommandRunner.routecue(["route", "inspect", out, "--json"])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let a = try JSONSerialization.jsonObject(with: Data(original.stdout.utf8)) as! [String: Any]
        let b = try JSONSerialization.jsonObject(with: Data(converted.stdout.utf8)) as! [String: Any]
        // Lossless: a converted route keeps the format it was first read from (its provenance paths are that format's).
        XCTAssertEqual(b["format"] as? String, a["format"] as? String)
        XCTAssertEqual(b["format"] as? String, "osrm")
        XCTAssertEqual(NSArray(array: a["maneuvers"] as! [Any]), NSArray(array: b["maneuvers"] as! [Any]))
    }

    func test_truncatedJson_isOneLineNamingFileAndPosition() throws {
        let path = try write("cut.json", "{\"code\": \"Ok\",\n \"routes\": [{\"geometry\": \"abc")
        let r = try CommandRunner.routecue(["route", "inspect", path])
        XCTAssertEqual(r.status, 1)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(path) && r.stderr.contains("line 2, column"), r.stderr)
    }

    func test_wrongType_namesTheKeyPath() throws {
        let path = try write("bad.json", #"{"code": "Ok", "routes": [{"legs": "none", "distance": 1}]}"#)
        let r = try CommandRunner.routecue(["route", "inspect", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("routes[0].legs"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
    }

    func test_missingFile_unknownFormat_andSizeLimit_areClearErrors() throws {
        let missing = try CommandRunner.routecue(["route", "inspect", tmp.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nope.json: cannot open"), missing.stderr)

        let csv = try write("route.csv", "lat,lon\n1,2\n")
        let unknown = try CommandRunner.routecue(["route", "inspect", csv])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown format"), unknown.stderr)

        let big = try CommandRunner.routecue(["route", "inspect", "examples/grid-trip.osrm.json", "--max-size", "1024"])
        XCTAssertEqual(big.status, 1)
        XCTAssertTrue(big.stderr.contains("over the 1024-byte limit"), big.stderr)
    }

    func test_hostileDocuments_areOneLineNamingTheLimit_notACrash() throws {
        let deepJSON = try write("deep.json", String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000))
        let json = try CommandRunner.routecue(["route", "inspect", deepJSON])
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertEqual(json.stderr, "routecue: \(deepJSON): line 1, column 129: nesting deeper than the limit of 128 levels (import.max_depth)\n")

        let deepGPX = try write("deep.gpx", "<gpx>" + String(repeating: "<a>", count: 200_000) + String(repeating: "</a>", count: 200_000) + "</gpx>")
        let gpx = try CommandRunner.routecue(["route", "inspect", deepGPX])
        XCTAssertEqual(gpx.status, 1, gpx.stderr)
        XCTAssertTrue(gpx.stderr.hasSuffix("elements nested deeper than the limit of 128 levels (import.max_depth)\n"), gpx.stderr)

        // The configuration's limits apply to route inspect and simulate alike.
        let config = try write("limits.json", #"{"import": {"max_points": 1000}}"#)
        var track = "<gpx><trk><trkseg>"
        for i in 0..<1001 { track += "<trkpt lat=\"\(50 + Double(i) * 0.0002)\" lon=\"8\"/>" }
        let long = try write("long.gpx", track + "</trkseg></trk></gpx>")
        let inspect = try CommandRunner.routecue(["route", "inspect", long, "--config", config])
        XCTAssertEqual(inspect.status, 1, inspect.stderr)
        XCTAssertEqual(inspect.stderr, "routecue: \(long): the route has 1001 points, over the limit of 1000 (import.max_points)\n")
        let simulate = try CommandRunner.routecue(["simulate", "--route", long, "--fixes", "examples/grid-trip-drive.nmea",
                                                   "--cues", tmp.appendingPathComponent("cues.jsonl").path, "--config", config])
        XCTAssertEqual(simulate.status, 1, simulate.stderr)
        XCTAssertTrue(simulate.stderr.contains("over the limit of 1000 (import.max_points)"), simulate.stderr)
    }

    func test_usageErrors_exitWith2() throws {
        XCTAssertEqual(try CommandRunner.routecue(["route", "inspect"]).status, 2)
        XCTAssertEqual(try CommandRunner.routecue(["route", "inspect", "x.json", "--format", "kml"]).status, 2)
        XCTAssertEqual(try CommandRunner.routecue(["route", "convert", "x.json", "--to", "gpx"]).status, 2)
        XCTAssertEqual(try CommandRunner.routecue(["fly"]).status, 2)
    }

    func test_formatChoices_ignoreCase_andAWrongOneListsTheChoices() throws {
        let route = try CommandRunner.routecue(["route", "inspect", "examples/grid-trip.osrm.json", "--format", "OSRM"])
        XCTAssertEqual(route.status, 0, route.stderr)
        let fixes = try CommandRunner.routecue(["fixes", "inspect", "examples/grid-trip-drive.nmea", "--format", "NMEA"])
        XCTAssertEqual(fixes.status, 0, fixes.stderr)
        let wrong = try CommandRunner.routecue(["fixes", "inspect", "examples/grid-trip-drive.nmea", "--format", "kml"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("unknown --format 'kml'; one of: nmea, gpsd-json, gpx"), wrong.stderr)
    }

    func test_configCheck_acceptsShippedDefaults_andRejectsUnknownKeys() throws {
        let shipped = try CommandRunner.routecue(["config", "check", "config/routecue.json"])
        XCTAssertEqual(shipped.status, 0)
        XCTAssertTrue(shipped.stdout.contains("audio: route default, volume 1, prompt style normal, spatial off, 48000 Hz × 2, period 8 ms"), shipped.stdout)
        XCTAssertTrue(shipped.stdout.contains("hfp (PCM found at run time) 0.15 s latency + 0.5 s pre-roll"), shipped.stdout)
        XCTAssertTrue(shipped.stdout.contains(#"gps: gpsd localhost:2947, lost after 3 s without a report, reconnect 0.25-1 s (0.25 s within 10 s of a fix), "GPS signal lost" after 10 s, "regained" on"#), shipped.stdout)
        XCTAssertTrue(shipped.stdout.contains("logging: level info"), shipped.stdout)
        let bad = try write("bad-config.json", #"{"import": {"max_file_bytez": 5}, "logging": {"level": "loud"}}"#)
        let r = try CommandRunner.routecue(["config", "check", bad])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("import.max_file_bytez: unknown key"), r.stderr)
        XCTAssertTrue(r.stderr.contains("logging.level: unknown log level"), "every problem is listed: \(r.stderr)")
        // --config FILE as routecue run and simulate take it: the same check.
        let named = try CommandRunner.routecue(["config", "check", "--config", bad])
        XCTAssertEqual(named.status, 1)
        XCTAssertEqual(named.stderr, r.stderr)
        let unknown = try CommandRunner.routecue(["config", "check", "--conf", "config/routecue.json"])
        XCTAssertEqual(unknown.status, 2, "an unknown option is a usage error, not a file name")
        XCTAssertTrue(unknown.stderr.contains("usage: routecue config check [FILE | --config FILE]"), unknown.stderr)
    }

    func test_fixesInspect_summarizesTheExampleDrive() throws {
        let r = try CommandRunner.routecue(["fixes", "inspect", "examples/grid-trip-drive.nmea", "--json", "--fixes"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["format"] as? String, "nmea")
        XCTAssertEqual(json["fix_count"] as? Int, (json["fixes"] as! [Any]).count)
        XCTAssertGreaterThan(json["fix_count"] as! Int, 100)
        // The example route is 6990 m long; the noisy drive along it (1.5 m of noise per axis at each fix, a 20 s
        // stop at a light) a little longer.
        XCTAssertEqual(json["distance_m"] as! Double, 7050, accuracy: 100)
        let text = try CommandRunner.routecue(["fixes", "inspect", "examples/grid-trip-drive.nmea"])
        XCTAssertTrue(text.stdout.contains("UTC 2026-03-29T10:15:00.000Z"), text.stdout)
    }

    func test_fixesInspect_badLinesAreListed_garbageIsAnError() throws {
        let path = try write("drive.nmea", """
            $GPRMC,101500.00,A,5120.2798,N,01222.2007,E,24.3,0.0,290326,,,A*66
            $GPRMC,101501.00,A,5120.2866,N,01222.1996,E,24.3,0.0,290326,,,A*00
            """)
        let r = try CommandRunner.routecue(["fixes", "inspect", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("line 2"), r.stdout)
        let garbage = try write("drive.bin", String(repeating: "\u{7}\u{1}binary", count: 50))
        let g = try CommandRunner.routecue(["fixes", "inspect", garbage])
        XCTAssertEqual(g.status, 1)
        XCTAssertTrue(g.stderr.hasPrefix("routecue: \(garbage)"), g.stderr)
        XCTAssertEqual(g.stderr.split(separator: "\n").count, 1, g.stderr)
    }
}
