import RouteCueCore
import XCTest

final class GeoTests: XCTestCase {
    func test_distance_parisToLondon_matchesHaversineReference() {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
        XCTAssertEqual(GeoMath.distance(paris, london), 343_557, accuracy: 300)
    }

    func test_oneDegreeOfLatitude_isAbout111km() {
        let a = Coordinate(latitude: 0, longitude: 0), b = Coordinate(latitude: 1, longitude: 0)
        XCTAssertEqual(GeoMath.distance(a, b), 111_195, accuracy: 1)
    }

    func test_bearing_isGeographic() {
        let o = Coordinate(latitude: 50, longitude: 10)
        XCTAssertEqual(GeoMath.bearing(from: o, to: Coordinate(latitude: 51, longitude: 10)), 0, accuracy: 1e-9)
        XCTAssertEqual(GeoMath.bearing(from: o, to: Coordinate(latitude: 50, longitude: 10.001)), 90, accuracy: 0.01)
        XCTAssertEqual(GeoMath.bearing(from: o, to: Coordinate(latitude: 49, longitude: 10)), 180, accuracy: 1e-9)
        XCTAssertEqual(GeoMath.bearing(from: o, to: Coordinate(latitude: 50, longitude: 9.999)), 270, accuracy: 0.01)
    }

    func test_turnAngle_isSignedRightPositive() {
        XCTAssertEqual(GeoMath.turnAngle(from: 350, to: 80), 90)
        XCTAssertEqual(GeoMath.turnAngle(from: 80, to: 350), -90)
        XCTAssertEqual(GeoMath.turnAngle(from: 0, to: 180), 180)
        XCTAssertEqual(GeoMath.normalizedBearing(-90), 270)
    }

    func test_destination_thenDistanceAndBearing_roundTrip() {
        let start = Coordinate(latitude: 52.52, longitude: 13.405)
        let end = GeoMath.destination(from: start, bearing: 63, distance: 1234)
        XCTAssertEqual(GeoMath.distance(start, end), 1234, accuracy: 0.01)
        XCTAssertEqual(GeoMath.bearing(from: start, to: end), 63, accuracy: 0.01)
    }

    func test_modifierFromTurnAngle_usesOSRMSectors() {
        XCTAssertEqual(ManeuverModifier(turnAngle: 5), .straight)
        XCTAssertEqual(ManeuverModifier(turnAngle: 45), .slightRight)
        XCTAssertEqual(ManeuverModifier(turnAngle: -90), .left)
        XCTAssertEqual(ManeuverModifier(turnAngle: 150), .sharpRight)
        XCTAssertEqual(ManeuverModifier(turnAngle: -179), .uTurn)
        XCTAssertEqual(ManeuverModifier(osrm: "sharp left"), .sharpLeft)
    }

    func test_coordinateValidity() {
        XCTAssertTrue(Coordinate(latitude: -90, longitude: 180).isValid)
        XCTAssertFalse(Coordinate(latitude: 90.01, longitude: 0).isValid)
        XCTAssertFalse(Coordinate(latitude: .nan, longitude: 0).isValid)
        XCTAssertFalse(Coordinate(latitude: 0, longitude: .infinity).isValid)
    }
}

final class PolylineTests: XCTestCase {
    /// Google's documented example: "_p~iF~ps|U_ulLnnqC_mqNvxq`@" is (38.5,-120.2), (40.7,-120.95), (43.252,-126.453).
    func test_decode_googleReferenceExample() throws {
        let c = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)
        XCTAssertEqual(c.count, 3)
        XCTAssertEqual(c[0].latitude, 38.5, accuracy: 1e-9)
        XCTAssertEqual(c[0].longitude, -120.2, accuracy: 1e-9)
        XCTAssertEqual(c[2].latitude, 43.252, accuracy: 1e-9)
        XCTAssertEqual(c[2].longitude, -126.453, accuracy: 1e-9)
        XCTAssertEqual(Polyline.encode(c, precision: 5), "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }

    func test_roundTrip_precision5And6() throws {
        let pts = [Coordinate(latitude: 52.517037, longitude: 13.388860),
                   Coordinate(latitude: 52.529407, longitude: 13.397634),
                   Coordinate(latitude: -33.868820, longitude: 151.209296),
                   Coordinate(latitude: 0, longitude: -179.999999)]
        for precision in [5, 6] {
            let decoded = try Polyline.decode(Polyline.encode(pts, precision: precision), precision: precision)
            let tolerance = precision == 5 ? 0.5e-5 : 0.5e-6
            for (a, b) in zip(pts, decoded) {
                XCTAssertEqual(a.latitude, b.latitude, accuracy: tolerance)
                XCTAssertEqual(a.longitude, b.longitude, accuracy: tolerance)
            }
        }
    }

    func test_roundTrip_withElevation() throws {
        let pts = [Coordinate(latitude: 51.43, longitude: 14.25), Coordinate(latitude: 51.44, longitude: 14.26)]
        let encoded = Polyline.encode(pts, precision: 5, elevations: [112.5, 98.25])
        let rows = try Polyline.decodeValues(encoded, factor: 1e5, dimensions: 3)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0][2], 112.5, accuracy: 0.005)
        XCTAssertEqual(rows[1][2], 98.25, accuracy: 0.005)
        XCTAssertEqual(rows[1][1], 14.26, accuracy: 1e-9)
    }

    func test_brokenEncodings_throwWithOffset() {
        XCTAssertThrowsError(try Polyline.decode("_p~iF~ps|U_ulL nnqC", precision: 5)) { error in
            XCTAssertEqual((error as! Polyline.DecodingError).offset, 14)
        }
        XCTAssertThrowsError(try Polyline.decode("_p~iF~ps|U_", precision: 5))     // ends inside a value
        XCTAssertThrowsError(try Polyline.decode("_p~iF", precision: 5))            // half a point
        XCTAssertThrowsError(try Polyline.decode(String(repeating: "~", count: 40), precision: 5))
    }
}
