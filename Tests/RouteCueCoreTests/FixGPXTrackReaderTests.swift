import RouteCueCore
import TestSupport
import XCTest

final class FixGPXTrackReaderTests: XCTestCase {
    func read(_ xml: String) throws -> FixReadResult {
        try FixReader.read(Array(xml.utf8), name: "track.gpx")
    }

    func test_gpx10Fields_mapOntoTheFix() throws {
        let result = try read("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
          <wpt lat="1" lon="2"><time>2010-02-01T12:00:00Z</time></wpt>
          <trk><trkseg>
            <trkpt lat="51.995454300" lon="4.370550100">
              <ele>19.470</ele><time>2010-02-01T12:31:38.545Z</time><course>338.779999</course>
              <speed>12.050000</speed><fix>3d</fix><sat>7</sat><hdop>3.200000</hdop>
            </trkpt>
            <trkpt lat="51.9956" lon="4.3705"><time>2010-02-01T12:31:39.545Z</time><fix>none</fix><sat>0</sat></trkpt>
            <trkpt lat="51.9957" lon="4.3704"><time>2010-02-01T12:31:40.545Z</time><fix>dgps</fix></trkpt>
          </trkseg></trk>
        </gpx>
        """)
        XCTAssertEqual(result.format, .gpx)
        XCTAssertEqual(result.fixes.count, 3, "the wpt is not a fix")
        let f = result.fixes[0]
        XCTAssertEqual(f.time!, ISO8601.unixSeconds("2010-02-01T12:31:38Z")! + 0.545, accuracy: 1e-6)
        XCTAssertEqual(f.position, Coordinate(latitude: 51.9954543, longitude: 4.3705501))
        XCTAssertEqual(f.altitudeMSL, 19.47)
        XCTAssertEqual(f.speed, 12.05)
        XCTAssertEqual(f.course, 338.779999)
        XCTAssertEqual(f.mode, .threeD)
        XCTAssertEqual(f.status, .gps)
        XCTAssertEqual(f.satellitesUsed, 7)
        XCTAssertEqual(f.errors.horizontal!, 3.2 * 19, accuracy: 1e-9)
        XCTAssertEqual(f.errors.horizontalOrigin, .derivedFromHDOP)
        XCTAssertEqual(result.fixes[1].mode, .noFix, "GPX fix=none: the receiver had no fix")
        XCTAssertNil(result.fixes[1].position)
        XCTAssertEqual(result.fixes[2].status, .dgps)
        XCTAssertEqual(result.fixes[2].mode, .twoD, "no ele")
        XCTAssertEqual(result.fixes.map { $0.received.seconds }, [0, 1, 2])
    }

    func test_gpx11ExtensionSpeedAndCourse_areRead_andBadPointsSkipped() throws {
        let result = try read("""
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
          <trk><trkseg>
            <trkpt lat="48.1" lon="11.5"><time>2024-05-01T10:00:00+02:00</time>
              <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>13.9</gpxtpx:speed><gpxtpx:course>271.5</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
            </trkpt>
            <trkpt lat="north" lon="11.5"><time>2024-05-01T10:00:01+02:00</time></trkpt>
            <trkpt lat="48.1" lon="11.5"><time>not a time</time></trkpt>
            <trkpt lat="48.1" lon="211.5"><time>2024-05-01T10:00:02+02:00</time></trkpt>
          </trkseg>
          <trkseg>
            <trkpt lat="48.2" lon="11.6"><time>2024-05-01T07:59:00Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """)
        XCTAssertEqual(result.fixes.count, 2)
        XCTAssertEqual(result.fixes[0].time, ISO8601.unixSeconds("2024-05-01T08:00:00Z"))
        XCTAssertEqual(result.fixes[0].speed, 13.9)
        XCTAssertEqual(result.fixes[0].course, 271.5)
        XCTAssertEqual(result.fixes[0].status, .unknown, "no fix element")
        XCTAssertEqual(result.skippedLines.map(\.line), [7, 8, 9])
        XCTAssertEqual(result.diagnostics.filter { $0.kind == .timeWentBackwards }.map(\.line), [12])
        XCTAssertGreaterThan(result.fixes[1].received, result.fixes[0].received)
    }

    func test_notATimedTrack_throwsAClearError() {
        let cases: [(String, String)] = [
            ("<gpx><rte><rtept lat=\"1\" lon=\"2\"/></rte></gpx>", "track.gpx: line 1: GPX file has no track points (trk/trkseg/trkpt)"),
            ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>", "track.gpx: line 1: GPX track has no times: not a recorded drive (read it as a route instead)"),
            ("<kml></kml>", "track.gpx: line 1: not GPX: the root element is <kml>"),
        ]
        for (xml, message) in cases {
            XCTAssertThrowsError(try read(xml)) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertThrowsError(try read("<gpx><trk>")) { error in
            XCTAssertTrue("\(error)".hasPrefix("track.gpx: line 1, column"), "\(error)")
            XCTAssertTrue("\(error)".contains("invalid XML"), "\(error)")
        }
        XCTAssertThrowsError(try read("<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx>&x;</gpx>")) { error in
            XCTAssertTrue("\(error)".contains("invalid XML"), "\(error)")
        }
    }

    func test_sbnTrack_noFixPoints_haveNoPosition_theOthersCarryEverything() throws {
        try SharedData.require()
        let file = "tracks/gpsbabel/sbn-v13.gpx"
        let result = try FixReader.read(SharedData.bytes(file), name: file)
        XCTAssertEqual(result.fixes.count, 3453)
        XCTAssertEqual(result.fixes.filter { $0.mode == .noFix && $0.position == nil }.count, 89, "89 points say <fix>none</fix>")
        let fixes = result.fixes.filter { $0.mode != .noFix }
        XCTAssertTrue(fixes.allSatisfy { $0.speed != nil && $0.course != nil && $0.errors.hdop != nil && $0.satellitesUsed != nil })
        XCTAssertEqual(result.fixes.filter { $0.mode == .twoD }.count, 57)
        XCTAssertEqual(result.fixes.filter { $0.mode == .threeD }.count, 3307)
    }
}
