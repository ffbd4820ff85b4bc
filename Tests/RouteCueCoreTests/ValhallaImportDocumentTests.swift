import RouteCueCore
import TestSupport
import XCTest

/// Native Valhalla features the shared files lack, on small hand-written documents: miles, alternates,
/// several legs with silent `through` locations, signposts, roundabouts, ferries, unknown types.
final class ValhallaImportDocumentTests: XCTestCase {
    /// An L-shaped shape: `n` points 100 m apart going north, then `n` going east.
    private func shape(_ n: Int = 4, from start: Coordinate = Coordinate(latitude: 52.5, longitude: 13.4)) -> [Coordinate] {
        var points = [start]
        for _ in 1..<n { points.append(GeoMath.destination(from: points.last!, bearing: 0, distance: 100)) }
        for _ in 0..<n { points.append(GeoMath.destination(from: points.last!, bearing: 90, distance: 100)) }
        return points
    }

    private func read(_ json: String, alternative: Int = 0) throws -> Route {
        try RouteReader.read(Array(json.utf8), name: "test.json", options: ImportOptions(alternative: alternative))
    }

    private func leg(_ points: [Coordinate], maneuvers: String, length: Double = 0.8) -> String {
        """
        {"shape": "\(jsonEscaped(Polyline.encode(points, precision: 6)))", "summary": {"length": \(length), "time": 60},
         "maneuvers": [\(maneuvers)]}
        """
    }

    func test_miles_areConvertedToMetres() throws {
        let points = shape()
        let doc = """
        {"trip": {"units": "miles", "language": "en-GB", "summary": {"length": 0.5, "time": 60},
          "legs": [\(leg(points, maneuvers: """
            {"type": 2, "begin_shape_index": 0, "length": 0.2, "time": 20},
            {"type": 15, "begin_shape_index": 3, "length": 0.3, "time": 40, "street_names": ["I-80"]},
            {"type": 6, "begin_shape_index": 7}
            """, length: 0.5))]}}
        """
        let route = try read(doc)
        XCTAssertEqual(route.source.statedDistance ?? 0, 804.672, accuracy: 1e-9)
        XCTAssertEqual(route.legs[0].statedDistance ?? 0, 804.672, accuracy: 1e-9)
        XCTAssertEqual(route.maneuvers[1].sourceDistance ?? 0, 482.8032, accuracy: 1e-9)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.modifier), [.right, .left, .left])
        XCTAssertNil(route.maneuvers[1].roadName)
        XCTAssertEqual(route.maneuvers[1].ref, "I-80")
        XCTAssertEqual(route.source.language, "en-GB")
    }

    func test_alternates_areChosenByTheAlternativeOption() throws {
        let main = shape(3)
        let other = shape(5, from: Coordinate(latitude: 48.1, longitude: 11.5))
        let maneuvers = #"{"type": 1, "begin_shape_index": 0}, {"type": 4, "begin_shape_index": "#
        let doc = """
        {"trip": {"legs": [\(leg(main, maneuvers: maneuvers + "\(main.count - 1)}"))]},
         "alternates": [{"trip": {"legs": [\(leg(other, maneuvers: maneuvers + "\(other.count - 1)}"))]}}]}
        """
        let first = try read(doc)
        let second = try read(doc, alternative: 1)
        XCTAssertEqual(first.source.alternativeCount, 2)
        XCTAssertEqual(second.source.alternative, 1)
        XCTAssertEqual(first.geometry.coordinates.count, main.count)
        XCTAssertEqual(second.geometry.coordinates.count, other.count)
        XCTAssertEqual(second.maneuvers[0].provenance.sourcePath, "alternates[0].trip.legs[0].maneuvers[0]")
        XCTAssertThrowsError(try read(doc, alternative: 2)) { error in
            XCTAssertEqual((error as? InputError)?.location, "(root)")
        }
    }

    func test_breakLocations_endLegs_andThroughLocationsStaySilent() throws {
        let a = shape(3)
        let b = shape(3, from: a.last!)
        let doc = """
        {"trip": {"locations": [
            {"type": "break", "lat": \(a[0].latitude), "lon": \(a[0].longitude), "name": "Home"},
            {"type": "through", "lat": \(a[2].latitude), "lon": \(a[2].longitude)},
            {"type": "break", "lat": \(a.last!.latitude), "lon": \(a.last!.longitude), "street": "Via Street"},
            {"type": "break", "lat": \(b.last!.latitude), "lon": \(b.last!.longitude)}],
          "legs": [\(leg(a, maneuvers: #"{"type": 1, "begin_shape_index": 0}, {"type": 10, "begin_shape_index": 2}, {"type": 4, "begin_shape_index": 5}"#)),
                   \(leg(b, maneuvers: #"{"type": 1, "begin_shape_index": 0}, {"type": 4, "begin_shape_index": 5}"#))]}}
        """
        let route = try read(doc)
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .waypoint, .depart, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.leg), [0, 0, 0, 1, 1])
        XCTAssertEqual(route.maneuvers[3].provenance.sourcePath, "trip.legs[1].maneuvers[0]")
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .silentVia, .via, .destination])
        XCTAssertEqual(route.waypoints.map(\.announced), [false, false, true, true])
        XCTAssertEqual(route.waypoints.map(\.name), ["Home", nil, "Via Street", nil])
        XCTAssertEqual(route.waypoints[2].legEnding, 0)
        XCTAssertEqual(route.waypoints[2].distanceAlong, route.legs[0].distanceEnd, accuracy: 1e-9)
        XCTAssertEqual(route.waypoints[3].legEnding, 1)
    }

    func test_signRoundaboutFerryAndBeginStreetNames_areMapped() throws {
        let points = shape(5)
        let doc = """
        {"trip": {"legs": [\(leg(points, maneuvers: """
            {"type": 1, "begin_shape_index": 0, "street_names": ["Main Street"], "travel_mode": "drive", "travel_type": "car"},
            {"type": 20, "begin_shape_index": 1, "street_names": ["Exit Road"], "begin_street_names": ["I 95 North"],
             "sign": {"exit_number_elements": [{"text": "23B"}], "exit_branch_elements": [{"text": "I 95 North"}],
                      "exit_toward_elements": [{"text": "New York"}, {"text": "Trenton"}]}},
            {"type": 26, "begin_shape_index": 2, "roundabout_exit_count": 3, "bearing_before": 10, "bearing_after": 60},
            {"type": 27, "begin_shape_index": 3, "bearing_before": 300, "bearing_after": 280},
            {"type": 28, "begin_shape_index": 4, "travel_mode": "drive"},
            {"type": 29, "begin_shape_index": 5},
            {"type": 7, "begin_shape_index": 6, "street_names": ["New Name Road"]},
            {"type": 99, "begin_shape_index": 7},
            {"type": 30, "begin_shape_index": 8, "travel_mode": "transit", "travel_type": "bus"},
            {"type": 4, "begin_shape_index": 9}
            """))]}}
        """
        let route = try read(doc)
        let m = route.maneuvers
        XCTAssertEqual(m.map(\.type), [.depart, .offRamp, .roundabout, .exitRoundabout, .ferry, .continue,
                                       .newName, .notification, .notification, .arrive])
        XCTAssertEqual(m[1].modifier, .right)
        XCTAssertEqual(m[1].exits, "23B")
        XCTAssertEqual(m[1].destinations, "I 95 North: New York, Trenton")
        XCTAssertNil(m[1].roadName, "begin_street_names win over street_names, and I 95 North is a route number")
        XCTAssertEqual(m[1].ref, "I 95 North")
        XCTAssertEqual(m[2].exitNumber, 3)
        XCTAssertEqual(m[2].modifier, .left, "from 10° into the roundabout to 280° out of it")
        XCTAssertEqual(m[4].mode, "ferry")
        XCTAssertEqual(m[8].mode, "bus")
        XCTAssertEqual(m.map(\.announced), [true, true, true, true, true, true, false, false, false, true])
    }

    func test_legWithoutManeuvers_getsManeuversFromItsGeometry() throws {
        let points = shape(6)
        let doc = """
        {"trip": {"legs": [{"shape": "\(jsonEscaped(Polyline.encode(points, precision: 6)))"}]}}
        """
        let route = try read(doc)
        XCTAssertEqual(route.maneuvers.first?.type, .depart)
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.provenance.kind == .derived })
        XCTAssertTrue(route.maneuvers.contains { $0.type == .turn && $0.modifier == .right }, "the 90° corner")
    }

    func test_streetNames_tellRouteNumbersFromNames() {
        for ref in ["B 1", "A 93", "I-80", "US 101", "M25", "E 55", "L 3036", "SR 520A", "I 95 North"] {
            XCTAssertTrue(ValhallaStreetNames.looksLikeRouteNumber(ref), ref)
        }
        for name in ["Karl-Marx-Allee", "5th Avenue", "Route 66", "Lebuser Straße", "Am Markt", "Broadway"] {
            XCTAssertFalse(ValhallaStreetNames.looksLikeRouteNumber(name), name)
        }
        let split = ValhallaStreetNames.split(["B 96", "Unter den Linden", "B 2"])
        XCTAssertEqual(split.name, "Unter den Linden")
        XCTAssertEqual(split.ref, "B 96; B 2")
        let flagged = ValhallaStreetNames.split(["Route 66", "Main"], routeNumberFlags: [true, false])
        XCTAssertEqual(flagged.name, "Main")
        XCTAssertEqual(flagged.ref, "Route 66")
    }
}

/// `text` as the inside of a JSON string literal (encoded polylines may hold backslashes).
private func jsonEscaped(_ text: String) -> String { text.replacing("\\", with: "\\\\") }
