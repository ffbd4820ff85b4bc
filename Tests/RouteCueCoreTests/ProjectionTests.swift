import RouteCueCore
import XCTest

final class ProjectionTests: XCTestCase {
    func test_mercator_workedValues() {
        let origin = Mercator.project(Coordinate(latitude: 0, longitude: 0))
        XCTAssertEqual(origin.x, 0, accuracy: 1e-9)
        XCTAssertEqual(origin.y, 0, accuracy: 1e-9)
        let corner = Mercator.project(Coordinate(latitude: 85.0511287798, longitude: 180))
        XCTAssertEqual(corner.x, 20_037_508.342789244, accuracy: 1e-6)
        XCTAssertEqual(corner.y, 20_037_508.34, accuracy: 0.01)
        // Berlin, Brandenburg Gate (52.516275 N, 13.377704 E): EPSG:3857 x 1489199.197, y 6894018.358
        // (R·λ and R·ln tan(π/4 + φ/2) with R = 6378137, worked out independently in Python).
        let gate = Coordinate(latitude: 52.516275, longitude: 13.377704)
        let p = Mercator.project(gate)
        XCTAssertEqual(p.x, 1_489_199.197, accuracy: 0.01)
        XCTAssertEqual(p.y, 6_894_018.358, accuracy: 0.01)
        let back = Mercator.unproject(x: p.x, y: p.y)
        XCTAssertEqual(GeoMath.distance(back, gate), 0, accuracy: 0.01)
    }

    func test_course_geographicAndMathematical() {
        XCTAssertEqual(Course.mathematicalAngle(fromGeographic: 0), 90)     // north
        XCTAssertEqual(Course.mathematicalAngle(fromGeographic: 90), 0)     // east
        XCTAssertEqual(Course.mathematicalAngle(fromGeographic: 180), 270)  // south
        XCTAssertEqual(Course.geographic(fromMathematical: 90), 0)
        XCTAssertEqual(Course.geographic(fromMathematical: 180), 270)       // west
        XCTAssertEqual(Course.normalized(-10), 350)
        XCTAssertNil(Course.normalized(.nan))
    }

    func test_iso8601_formatsUTCWithMilliseconds() {
        XCTAssertEqual(ISO8601.format(0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601.format(1_270_293_745.844), "2010-04-03T11:22:25.844Z")
        XCTAssertEqual(ISO8601.format(-1), "1969-12-31T23:59:59.000Z")
        XCTAssertEqual(ISO8601.unixSeconds(ISO8601.format(1_800_000_000.5)), 1_800_000_000.5)
    }
}
