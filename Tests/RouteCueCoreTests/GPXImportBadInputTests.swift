import RouteCueCore
import TestSupport
import XCTest

/// Bad GPX input: each gets a clear `InputError` with the file, a position and what is wrong.
final class GPXImportBadInputTests: XCTestCase {
    /// Reads `text` and returns the error it must raise.
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            let route = try RouteReader.read(Array(text.utf8), name: "bad.gpx")
            XCTFail("accepted: \(route.maneuvers.count) maneuvers", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.file, "bad.gpx", file: file, line: line)
            XCTAssertNotNil(error.location, "\(error)", file: file, line: line)
            print("GPX bad input -> \(error)")
            return error
        }
    }

    private func assertError(_ text: String, location: String, message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = error(text, file: file, line: line) else { return }
        XCTAssertEqual(e.location, location, "\(e)", file: file, line: line)
        XCTAssertTrue(e.message.contains(message), "'\(e.message)' lacks '\(message)'", file: file, line: line)
    }

    private let track = "<trk><trkseg><trkpt lat=\"50\" lon=\"8\"/><trkpt lat=\"50\" lon=\"8.001\"/></trkseg></trk>"

    func test_absurdOsmAndTurnAngle_isRejected() {
        let text = "<gpx><rte><rtept lat=\"50\" lon=\"8\"/><rtept lat=\"50\" lon=\"8.0005\"><extensions><turn-angle>1e308</turn-angle></extensions></rtept>"
            + "<rtept lat=\"50\" lon=\"8.001\"/></rte>\(track)</gpx>"
        assertError(text, location: "line 1, rte[0].rtept[1].extensions.turn-angle", message: "outside -360…360")
    }

    func test_doctype_isRejected() {
        assertError("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx>\n<gpx>\(track)</gpx>", location: "line 2, column 1", message: "DTDs are not accepted")
    }

    func test_externalEntity_isRejectedBeforeAnythingIsRead() {
        let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <gpx><rte><rtept lat="50" lon="8"><desc>&x;</desc></rtept><rtept lat="50" lon="8.1"/></rte></gpx>
        """
        assertError(xxe, location: "line 2, column 1", message: "invalid XML: DTDs are not accepted")
    }

    func test_undefinedEntity_isRejected() {
        assertError("<gpx><rte><rtept lat=\"50\" lon=\"8\"><desc>&x;</desc></rtept></rte></gpx>", location: "line 1, column 41",
                    message: "undefined entity &x;")
    }

    func test_truncatedXML_isRejected() {
        assertError("<gpx>\n<trk><trkseg><trkpt lat=\"50\" lon=\"8\"/>\n<trkpt lat=\"50\" lo", location: "line 3, column 19",
                    message: "unexpected end of input")
        assertError("<gpx>\n\(track)", location: "line 2, column \(track.count + 1)", message: "<gpx> opened at line 1 is not closed")
    }

    func test_mismatchedTags_areRejected() {
        assertError("<gpx>\n<trk><trkseg>\n</trk></trkseg></gpx>", location: "line 3, column 1",
                    message: "end tag </trk> does not match <trkseg> opened at line 2")
    }

    func test_badLatitudeOrLongitude_namesTheElementAndItsLine() {
        assertError("<gpx>\n<rte>\n<rtept lat=\"50\" lon=\"8\"/>\n<rtept lat=\"NaN\" lon=\"8\"/></rte></gpx>",
                    location: "line 4, rte[0].rtept[1]", message: "<rtept>: lat \"NaN\" is not a number")
        assertError("<gpx>\n<rte><rtept lat=\"91\" lon=\"8\"/><rtept lat=\"50\" lon=\"8\"/></rte></gpx>",
                    location: "line 2, rte[0].rtept[0]", message: "lat 91 is outside -90…90")
        assertError("<gpx>\n<trk><trkseg><trkpt lat=\"50\" lon=\"8\"/><trkpt lat=\"50\" lon=\"-180.5\"/></trkseg></trk></gpx>",
                    location: "line 2, trk[0].trkseg[0].trkpt[1]", message: "lon -180.5 is outside -180…180")
        assertError("<gpx><wpt lat=\"50\" lon=\"east\"><sym>Left</sym></wpt>\(track)</gpx>",
                    location: "line 1, wpt[0]", message: "lon \"east\" is not a number")
        assertError("<gpx><trk><trkseg><trkpt lat=\"inf\" lon=\"8\"/></trkseg></trk></gpx>",
                    location: "line 1, trk[0].trkseg[0].trkpt[0]", message: "is not a number")
    }

    func test_missingLatitude_namesTheElementAndItsLine() {
        assertError("<gpx>\n\n<rte><rtept lon=\"8\"/><rtept lat=\"50\" lon=\"8\"/></rte></gpx>",
                    location: "line 3, rte[0].rtept[0]", message: "<rtept>: missing lat attribute")
        assertError("<gpx><trk><trkseg><trkpt lat=\"50\"/></trkseg></trk></gpx>",
                    location: "line 1, trk[0].trkseg[0].trkpt[0]", message: "missing lon attribute")
    }

    func test_nonNumericValues_nameTheElement() {
        assertError("<gpx xmlns:gh=\"x\"><rte><rtept lat=\"50\" lon=\"8\">\n<extensions><gh:distance>far</gh:distance></extensions></rtept>"
                    + "<rtept lat=\"50\" lon=\"8.1\"/></rte></gpx>",
                    location: "line 2, rte[0].rtept[0].extensions.gh:distance", message: "<gh:distance>: \"far\" is not a number")
        assertError("<gpx><rte><rtept lat=\"50\" lon=\"8\"><extensions><offset>1.5</offset></extensions></rtept>"
                    + "<rtept lat=\"50\" lon=\"8.1\"/></rte></gpx>",
                    location: "line 1, rte[0].rtept[0].extensions.offset", message: "is not a whole number")
        assertError("<gpx><trk><trkseg><trkpt lat=\"50\" lon=\"8\"><ele>high</ele></trkpt></trkseg></trk></gpx>",
                    location: "line 1, trk[0].trkseg[0].trkpt[0].ele", message: "\"high\" is not a number")
    }

    func test_noRouteInTheFile_isRejected() {
        assertError("<gpx version=\"1.1\">\n<wpt lat=\"50\" lon=\"8\"><name>Home</name></wpt></gpx>",
                    location: "line 1, gpx", message: "no route in this GPX file: it has no rte and no trk")
        assertError("<gpx><trk><trkseg><trkpt lat=\"50\" lon=\"8\"/></trkseg></trk></gpx>",
                    location: "line 1, gpx", message: "its trk has a single point")
        assertError("<gpx><rte><rtept lat=\"50\" lon=\"8\"/></rte></gpx>",
                    location: "line 1, rte[0]", message: "a route needs at least two points")
    }

    func test_otherXML_isNotGPX() {
        assertError("<?xml version=\"1.0\"?>\n<kml><Document/></kml>", location: "line 2", message: "not a GPX document: the root element is <kml>")
    }

    func test_invalidUTF8_isRejected() {
        var bytes = Array("<gpx><rte><rtept lat=\"50\" lon=\"8\"><desc>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</desc></rtept></rte></gpx>".utf8)
        XCTAssertThrowsError(try RouteReader.read(bytes, name: "bad.gpx")) { error in
            XCTAssertEqual("\(error)", "bad.gpx: line 1, column 41: invalid XML: invalid UTF-8 sequence")
        }
    }

    func test_hostileNesting_isRejected() {
        let deep = "<gpx>" + String(repeating: "<extensions>", count: 10_000)
        assertError(deep, location: "line 1, column \(5 + 12 * ImportLimits.defaultMaxDepth + 1)", message: "nested deeper than")
    }
}
