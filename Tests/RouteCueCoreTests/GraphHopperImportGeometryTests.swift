import RouteCueCore
import TestSupport
import XCTest

/// GraphHopper point lists: encoded with any multiplier, with or without elevation (detected), or GeoJSON.
final class GraphHopperImportGeometryTests: XCTestCase {
    private let points: [Coordinate] = [
        Coordinate(latitude: 51.43628, longitude: 14.27275), Coordinate(latitude: 51.43608, longitude: 14.27293),
        Coordinate(latitude: 51.43514, longitude: 14.27031), Coordinate(latitude: 51.43466, longitude: 14.26974),
    ]
    private let elevations = [118.41, 118.5, 121.33, 119.0]

    private func document(points: String, multiplier: String = "", extra: String = "", last: Int = 3) -> String {
        """
        {"paths": [{"distance": 250, "time": 60000, \(multiplier)\(extra)"points": \(points), "instructions": [
          {"sign": 0, "interval": [0, 2], "text": "Continue", "street_name": "A"},
          {"sign": -2, "interval": [2, \(last)], "text": "Turn left", "street_name": "B"},
          {"sign": 4, "interval": [\(last), \(last)], "text": "Arrive"}]}]}
        """
    }

    private func read(_ json: String) throws -> Route {
        try RouteReader.read(Array(json.utf8), name: "geometry.json")
    }

    func test_handEncoded3DPolyline_isDetectedFromTheIntervals() throws {
        let encoded = Polyline.encode(points, precision: 5, elevations: elevations)
        let route = try read(document(points: "\"\(jsonEscaped(encoded))\""))
        XCTAssertEqual(route.geometry.count, 4)
        let decoded = try XCTUnwrap(route.geometry.elevations)
        for (a, b) in zip(decoded, elevations) { XCTAssertEqual(a, b, accuracy: 0.005) }
        for (a, b) in zip(route.geometry.coordinates, points) {
            XCTAssertEqual(a.latitude, b.latitude, accuracy: 1e-5)
            XCTAssertEqual(a.longitude, b.longitude, accuracy: 1e-5)
        }
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 2, 3])
    }

    func test_the2DEncodingOfTheSamePoints_hasNoElevation() throws {
        let encoded = Polyline.encode(points, precision: 5)
        let route = try read(document(points: "\"\(jsonEscaped(encoded))\""))
        XCTAssertEqual(route.geometry.count, 4)
        XCTAssertNil(route.geometry.elevations)
    }

    func test_anAmbiguousString_isResolvedByIntervalCount_flag_orBoundingBox() throws {
        // Two points with elevation are six values, which also decode as three points without it.
        let two = Array(points.prefix(2))
        let encoded = Polyline.encode(two, precision: 5, elevations: [118.41, 118.5])
        let as3D = try GraphHopperPoints.decode(encoded, expectedCount: 2)
        XCTAssertEqual(as3D.coordinates.count, 2)
        XCTAssertEqual(as3D.elevations?.count, 2)
        let as2D = try GraphHopperPoints.decode(encoded, expectedCount: 3)
        XCTAssertEqual(as2D.coordinates.count, 3)
        XCTAssertNil(as2D.elevations)
        XCTAssertEqual(try GraphHopperPoints.decode(encoded, elevation: true).coordinates.count, 2)
        XCTAssertEqual(try GraphHopperPoints.decode(encoded, elevation: false).coordinates.count, 3)
        let bbox = [14.27275, 51.43608, 14.27293, 51.43628]
        XCTAssertEqual(try GraphHopperPoints.decode(encoded, bbox: bbox).elevations?.count, 2,
                       "read without elevation, the third point lands far outside the bbox")
        // Through the importer: a path with a 2-point interval and the explicit flag.
        let route = try read("""
        {"paths": [{"elevation": true, "points": "\(jsonEscaped(encoded))", "instructions": [
          {"sign": 0, "interval": [0, 1], "text": "Go"}, {"sign": 4, "interval": [1, 1], "text": "Arrive"}]}]}
        """)
        XCTAssertEqual(route.geometry.elevations?.count, 2)
    }

    func test_millionMultiplier_withElevation() throws {
        let encoded = Polyline.encode(points, precision: 6, elevations: elevations)
        let route = try read(document(points: "\"\(jsonEscaped(encoded))\"", multiplier: "\"points_encoded_multiplier\": 1000000, "))
        XCTAssertEqual(route.source.polylinePrecision, 6)
        XCTAssertEqual(route.geometry.coordinates[2].longitude, 14.27031, accuracy: 1e-7)
        XCTAssertEqual(route.geometry.elevations?[2] ?? 0, 121.33, accuracy: 0.005)
    }

    func test_unencodedGeoJSON_withAndWithoutElevation() throws {
        let with = points.enumerated().map { "[\($1.longitude), \($1.latitude), \(elevations[$0])]" }.joined(separator: ", ")
        let route = try read(document(points: #"{"type": "LineString", "coordinates": [\#(with)]}"#,
                                      extra: #""points_encoded": false, "#))
        XCTAssertEqual(route.geometry.coordinates, points)
        XCTAssertEqual(route.geometry.elevations, elevations)
        XCTAssertNil(route.source.polylinePrecision)
        let without = points.map { "[\($0.longitude), \($0.latitude)]" }.joined(separator: ", ")
        let flat = try read(document(points: #"{"type": "LineString", "coordinates": [\#(without)]}"#,
                                     extra: #""points_encoded": false, "#))
        XCTAssertNil(flat.geometry.elevations)
        XCTAssertEqual(flat.length, route.length, accuracy: 1e-9)
    }

    func test_snappedWaypoints_areDecodedLikeThePoints() throws {
        let encoded = Polyline.encode(points, precision: 5, elevations: elevations)
        let snapped = Polyline.encode([points[0], points[3]], precision: 5, elevations: [elevations[0], elevations[3]])
        let route = try read(document(points: "\"\(jsonEscaped(encoded))\"", extra: "\"snapped_waypoints\": \"\(jsonEscaped(snapped))\", "))
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .destination])
        XCTAssertEqual(route.waypoints[1].location.latitude, points[3].latitude, accuracy: 1e-5)
        XCTAssertEqual(route.waypoints[1].distanceAlong, route.length, accuracy: 1e-9)
    }

    func test_pathWithoutInstructions_getsManeuversFromItsGeometry() throws {
        let encoded = Polyline.encode(points, precision: 5)
        let route = try read(#"{"paths": [{"points": "\#(jsonEscaped(encoded))"}]}"#)
        XCTAssertEqual(route.maneuvers.first?.type, .depart)
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.provenance.kind == .derived })
    }
}

/// `text` as the inside of a JSON string literal (encoded polylines may hold backslashes).
private func jsonEscaped(_ text: String) -> String { text.replacing("\\", with: "\\\\") }
