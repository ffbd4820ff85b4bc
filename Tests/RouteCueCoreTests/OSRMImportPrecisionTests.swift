import RouteCueCore
import XCTest

/// Polyline precision detection: decode both ways, check against points on the line and the stated length.
final class OSRMImportPrecisionTests: XCTestCase {
    // Near the equator both decodings give valid coordinates, so only the evidence can decide.
    let equatorLine = [Coordinate(latitude: 1.0, longitude: 10.0), Coordinate(latitude: 1.01, longitude: 10.0),
                       Coordinate(latitude: 1.01, longitude: 10.02)]

    func test_handEncodedLines_detectedBothWays_fromPointsOnTheLine() {
        for precision in [5, 6] {
            let encoded = Polyline.encode(equatorLine, precision: precision)
            let evidence = PolylinePrecisionDetector.Evidence(encoded: encoded, expectedPoints: [equatorLine[0], equatorLine[2]])
            XCTAssertEqual(PolylinePrecisionDetector.detect(evidence), precision)
        }
    }

    func test_handEncodedLines_detectedBothWays_fromStatedLengthAlone() {
        let length = RouteGeometry(coordinates: equatorLine).length
        for precision in [5, 6] {
            let encoded = Polyline.encode(equatorLine, precision: precision)
            XCTAssertEqual(PolylinePrecisionDetector.detect(.init(encoded: encoded, statedLength: length)), precision)
        }
    }

    func test_precision6InEurope_isTheOnlyReadingOnTheGlobe() {
        let berlin = [OSRMImportFixture.a, OSRMImportFixture.b]
        // Read as precision 5, latitude 52.5 becomes 525: impossible, so 6 wins without other evidence.
        XCTAssertEqual(PolylinePrecisionDetector.detect(.init(encoded: Polyline.encode(berlin, precision: 6))), 6)
        // Precision 5 read as 6 stays on the globe (5.25°N): with no evidence the default 5 is kept.
        XCTAssertEqual(PolylinePrecisionDetector.detect(.init(encoded: Polyline.encode(berlin, precision: 5))), 5)
    }

    func test_pointsOutweighAWrongStatedLength() {
        let encoded = Polyline.encode(equatorLine, precision: 6)
        let length = RouteGeometry(coordinates: equatorLine).length
        let evidence = PolylinePrecisionDetector.Evidence(encoded: encoded, expectedPoints: [equatorLine[1]], statedLength: length * 10)
        XCTAssertEqual(PolylinePrecisionDetector.detect(evidence), 6)
    }

    func test_brokenOrOffGlobePolylines_haveNoPrecision() {
        XCTAssertNil(PolylinePrecisionDetector.detect(.init(encoded: "_p~iF~ps|U_")))
        XCTAssertNil(PolylinePrecisionDetector.detect(.init(encoded: "")))
        let offGlobe = Polyline.encode([Coordinate(latitude: 950, longitude: 0)], precision: 5)
        XCTAssertNil(PolylinePrecisionDetector.detect(.init(encoded: offGlobe)))
    }

    func test_importer_detectsPrecisionFromStepGeometries_bothWays() throws {
        for precision in [5, 6] {
            let route = try OSRMImportFixture.read(OSRMImportFixture.document(steps: OSRMImportFixture.lSteps(precision: precision)))
            XCTAssertEqual(route.source.polylinePrecision, precision)
            XCTAssertEqual(route.geometry.coordinates, [OSRMImportFixture.a, OSRMImportFixture.b, OSRMImportFixture.c])
        }
    }

    func test_importer_detectsPrecisionFromRouteGeometryAndWaypoints_nearTheEquator() throws {
        for precision in [5, 6] {
            let steps: [String] = []
            let json = OSRMImportFixture.document(steps: steps, routeExtra: #", "geometry": "\#(Polyline.encode(equatorLine, precision: precision))""#,
                                                  waypoints: #"[{"name": "", "location": \#(OSRMImportFixture.lonLat(equatorLine[0]))}, {"name": "", "location": \#(OSRMImportFixture.lonLat(equatorLine[2]))}]"#)
            let route = try OSRMImportFixture.read(json)
            XCTAssertEqual(route.source.polylinePrecision, precision)
            XCTAssertEqual(route.geometry.coordinates, equatorLine)
        }
    }
}
