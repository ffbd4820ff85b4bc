import RouteCueCore
import XCTest

/// Every kind of broken route input gets a clear error naming the file and the position or key path; none traps.
final class BadInputTests: XCTestCase {
    private struct Case {
        var name: String
        var text: String
        /// A fragment the message or location must contain.
        var expect: String
        var needsLocation = true
    }

    private static let goodPolyline5 = Polyline.encode([Coordinate(latitude: 52.5, longitude: 13.4),
                                                        Coordinate(latitude: 52.501, longitude: 13.401)], precision: 5)
    /// Latitude 95° at precision 6, which is 950° read at precision 5: out of range either way.
    private static let latitude95 = Polyline.encode([Coordinate(latitude: 52.5, longitude: 13.4),
                                                     Coordinate(latitude: 95, longitude: 13.4)], precision: 6)

    private static let cases: [Case] = [
        // JSON syntax
        Case(name: "truncated.json", text: #"{"code":"Ok","routes":[{"geometry":"_p~iF"#, expect: "line 1, column"),
        Case(name: "invalid.json", text: "{\"code\": \"Ok\",\n \"routes\": [,]}", expect: "line 2, column"),
        Case(name: "nan.json", text: #"{"code":"Ok","routes":[{"distance": NaN}]}"#, expect: "invalid JSON"),
        // OSRM
        Case(name: "osrm-wrong-type.json", text: #"{"code":"Ok","routes":"none"}"#, expect: "routes"),
        Case(name: "osrm-no-routes.json", text: #"{"code":"Ok","routes":[]}"#, expect: "routes"),
        Case(name: "osrm-no-geometry.json", text: #"{"code":"Ok","routes":[{"distance":10,"duration":1,"legs":[{"steps":[],"distance":10}]}]}"#, expect: "geometry"),
        Case(name: "osrm-broken-polyline.json", text: #"{"code":"Ok","routes":[{"geometry":"_p~iF~ps|U_","distance":10,"legs":[{"steps":[],"distance":10}]}]}"#, expect: "routes[0]"),
        Case(name: "osrm-latitude-95.json", text: #"{"code":"Ok","routes":[{"geometry":"\#(latitude95)","distance":10,"legs":[{"steps":[],"distance":10}]}]}"#, expect: "range"),
        Case(name: "osrm-geojson-out-of-range.json", text: #"{"code":"Ok","routes":[{"geometry":{"type":"LineString","coordinates":[[13.4,52.5],[200,52.5]]},"distance":10,"legs":[{"steps":[],"distance":10}]}]}"#, expect: "range"),
        Case(name: "osrm-error-code.json", text: #"{"code":"NoRoute","message":"Impossible route between points"}"#, expect: "NoRoute"),
        // Valhalla
        Case(name: "valhalla-no-legs.json", text: #"{"trip":{"units":"kilometers"}}"#, expect: "trip"),
        Case(name: "valhalla-broken-shape.json", text: #"{"trip":{"units":"kilometers","legs":[{"shape":"_p~iF~ps|U_","maneuvers":[]}]}}"#, expect: "trip.legs[0]"),
        Case(name: "valhalla-index.json", text: #"{"trip":{"units":"kilometers","legs":[{"shape":"\#(goodPolyline5)","maneuvers":[{"type":1,"begin_shape_index":99,"end_shape_index":100}]}]}}"#, expect: "trip.legs[0]"),
        // GraphHopper
        Case(name: "gh-wrong-type.json", text: #"{"paths":[{"points":42,"instructions":[]}]}"#, expect: "paths[0]"),
        Case(name: "gh-broken-points.json", text: #"{"paths":[{"points_encoded":true,"points":"_p~iF~ps|U_","instructions":[],"distance":1}]}"#, expect: "paths[0]"),
        Case(name: "gh-interval.json", text: #"{"paths":[{"points_encoded":true,"points":"\#(goodPolyline5)","distance":150,"instructions":[{"sign":0,"interval":[0,9],"text":"go","distance":150,"time":1}]}]}"#, expect: "paths[0]"),
        // GPX / XML
        Case(name: "doctype.gpx", text: "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x \"y\">]>\n<gpx/>", expect: "line 2"),
        Case(name: "xxe.gpx", text: "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<gpx>&x;</gpx>", expect: "line 2"),
        Case(name: "truncated.gpx", text: "<gpx version=\"1.1\"><rte><rtept lat=\"52.5\" lon=\"13.4\"></rtept>", expect: "line 1"),
        Case(name: "mismatched.gpx", text: "<gpx>\n<rte></trk>\n</gpx>", expect: "line 2"),
        Case(name: "bad-lat.gpx", text: "<gpx><trk><trkseg><trkpt lat=\"north\" lon=\"13.4\"/><trkpt lat=\"52.6\" lon=\"13.4\"/></trkseg></trk></gpx>", expect: "lat"),
        Case(name: "nan-lat.gpx", text: "<gpx><trk><trkseg><trkpt lat=\"NaN\" lon=\"13.4\"/><trkpt lat=\"52.6\" lon=\"13.4\"/></trkseg></trk></gpx>", expect: "lat"),
        Case(name: "range-lat.gpx", text: "<gpx><trk><trkseg><trkpt lat=\"95\" lon=\"13.4\"/><trkpt lat=\"52.6\" lon=\"13.4\"/></trkseg></trk></gpx>", expect: "lat"),
        Case(name: "missing-lon.gpx", text: "<gpx><rte><rtept lat=\"52.5\"/><rtept lat=\"52.6\" lon=\"13.4\"/></rte></gpx>", expect: "lon"),
        Case(name: "empty.gpx", text: "<gpx version=\"1.1\"></gpx>", expect: "gpx"),
        // Tours
        Case(name: "tour-no-route.json", text: #"[{"type":"regular","point":{"x":1489199.2,"y":6894018.4}}, {"type":"regular","point":{"x":1490199.2,"y":6895018.4}}]"#, expect: "stations[1]"),
        Case(name: "tour-bad-type.json", text: #"[{"type":"teleport","point":{"x":0,"y":0}}]"#, expect: "[0]"),
        Case(name: "tour-out-of-range.json", text: #"{"srs":"EPSG:3857","stations":[{"type":"svp","points":[{"x":1e30,"y":0,"course":0},{"x":10,"y":0,"course":90}]}]}"#, expect: "stations[0]"),
        Case(name: "tour-bad-srs.json", text: #"{"srs":"EPSG:31467","stations":[]}"#, expect: "srs"),
        // RouteCue JSON
        Case(name: "routecue-version.json", text: #"{"routecue_route": 99}"#, expect: "routecue_route"),
        // Unknown formats
        Case(name: "route.kml.zip", text: "PK\u{03}\u{04}", expect: "unknown format", needsLocation: false),
        Case(name: "gh-error.json", text: #"{"message":"Cannot find point 0: 52.5,13.4","hints":[{"message":"x"}]}"#, expect: "Cannot find point 0"),
        Case(name: "valhalla-error.json", text: #"{"error_code":171,"error":"No suitable edges near location","status_code":400}"#, expect: "171"),
        Case(name: "geojson.json", text: #"{"type":"FeatureCollection","features":[]}"#, expect: "unknown route format", needsLocation: false),
    ]

    func test_eachBrokenInput_givesAClearErrorNamingFileAndPlace() {
        for c in Self.cases {
            do {
                let route = try RouteReader.read(Array(c.text.utf8), name: c.name)
                XCTFail("\(c.name): accepted, \(route.maneuvers.count) maneuvers")
            } catch {
                let text = error.description
                print("bad input \(c.name) → \(text)")
                XCTAssertEqual(error.file, c.name, text)
                if c.needsLocation { XCTAssertNotNil(error.location, "\(c.name): no location in \(text)") }
                XCTAssertTrue(text.contains(c.expect), "\(c.name): expected '\(c.expect)' in \(text)")
                XCTAssertFalse(text.contains("\n"), "\(c.name): more than one line")
            }
        }
    }

    func test_fileOverTheSizeLimit_isRefusedBeforeParsing() {
        let bytes = Array(#"{"code":"Ok","routes":[]}"#.utf8) + [UInt8](repeating: 0x20, count: 5000)
        XCTAssertThrowsError(try RouteReader.read(bytes, name: "big.json", options: ImportOptions(maxBytes: 4096))) { error in
            XCTAssertEqual("\(error)", "big.json: file is \(bytes.count) bytes, over the 4096-byte limit")
        }
    }

    func test_randomTruncations_ofAGoodDocument_neverTrap() throws {
        let good = Array(#"{"code":"Ok","routes":[{"geometry":"\#(Self.goodPolyline5)","distance":140,"duration":10,"legs":[{"distance":140,"duration":10,"steps":[]}]}],"waypoints":[{"location":[13.4,52.5]},{"location":[13.401,52.501]}]}"#.utf8)
        XCTAssertNoThrow(try RouteReader.read(good, name: "good.json"))
        for cut in stride(from: 0, to: good.count - 1, by: 3) {
            XCTAssertThrowsError(try RouteReader.read(Array(good[..<cut]), name: "cut.json"))
        }
    }
}

final class InputErrorDescriptionTests: XCTestCase {
    func test_description_isAlwaysOneLine() {
        let e = InputError(.syntax, file: "a.gpx", location: "line 1, column 31", message: "bad \"x\ny\"\r\t\u{1}")
        XCTAssertEqual(e.description, #"a.gpx: line 1, column 31: bad "x\ny"\r\t\u{1}"#)
    }

    func test_hugeXMLDeclarationValues_areQuotedShort() {
        let text = "<?xml version=\"1.0\" encoding=\"" + String(repeating: "U\n", count: 200) + "\"?><gpx/>"
        XCTAssertThrowsError(try RouteReader.read(Array(text.utf8), name: "enc.gpx")) { error in
            let d = "\(error)"
            XCTAssertFalse(d.contains("\n"), d)
            XCTAssertLessThan(d.count, 200, d)
        }
    }
}
