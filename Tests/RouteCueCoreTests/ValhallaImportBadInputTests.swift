import RouteCueCore
import TestSupport
import XCTest

/// Broken native Valhalla documents: each one ends as a `InputError` naming the file and key path.
final class ValhallaImportBadInputTests: XCTestCase {
    private let points = [Coordinate(latitude: 52.5, longitude: 13.4), Coordinate(latitude: 52.501, longitude: 13.4),
                          Coordinate(latitude: 52.501, longitude: 13.402)]

    private var shape: String { jsonEscaped(Polyline.encode(points, precision: 6)) }

    private func document(shape: String? = nil, maneuvers: String? = nil, tripExtra: String = "") -> String {
        let m = maneuvers ?? #"{"type": 1, "begin_shape_index": 0}, {"type": 4, "begin_shape_index": 2}"#
        return """
        {"trip": {\(tripExtra)"legs": [{"shape": "\(shape ?? self.shape)", "maneuvers": [\(m)]}]}}
        """
    }

    /// Imports `json` as Valhalla and returns the error it must raise.
    private func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            _ = try RouteReader.read(Array(json.utf8), name: "bad.json", options: ImportOptions(format: .valhalla))
            XCTFail("imported without an error", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.file, "bad.json", file: file, line: line)
            return error
        }
    }

    private func assertError(_ json: String, at location: String, containing text: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let e = error(json, file: file, line: line) else { return }
        XCTAssertEqual(e.location, location, "\(e)", file: file, line: line)
        XCTAssertTrue(e.message.contains(text), "\(e)", file: file, line: line)
    }

    func test_theGoodDocument_imports() throws {
        let route = try RouteReader.read(Array(document().utf8), name: "good.json")
        XCTAssertEqual(route.maneuvers.count, 2)
    }

    func test_missingOrMistypedTrip() {
        assertError(#"{"routes_missing": 1}"#, at: "trip", containing: "missing")
        assertError(#"{"trip": [1, 2]}"#, at: "trip", containing: "expected an object")
        assertError(#"{"trip": {"legs": {"shape": ""}}}"#, at: "trip.legs", containing: "expected an array")
        assertError(#"{"trip": {"legs": []}}"#, at: "trip.legs", containing: "no legs")
        assertError(#"{"trip": {"legs": [{"maneuvers": []}]}}"#, at: "trip.legs[0].shape", containing: "missing")
        assertError(document(tripExtra: #""units": "furlongs", "#), at: "trip.units", containing: "furlongs")
    }

    func test_brokenShapes() {
        assertError(document(shape: "_p~iF~ps|U_ul"), at: "trip.legs[0].shape", containing: "broken polyline")
        assertError(document(shape: "abc def"), at: "trip.legs[0].shape", containing: "broken polyline")
        assertError(document(shape: ""), at: "trip.legs[0].shape", containing: "empty")
        let outside = jsonEscaped(Polyline.encode([Coordinate(latitude: 52, longitude: 13), Coordinate(latitude: 95, longitude: 13)], precision: 6))
        assertError(document(shape: outside), at: "trip.legs[0].shape", containing: "point 1 out of range")
        assertError(#"{"trip": {"legs": [{"shape": 42}]}}"#, at: "trip.legs[0].shape", containing: "expected a string")
    }

    func test_badManeuvers() {
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 3}"#),
                    at: "trip.legs[0].maneuvers[0].begin_shape_index", containing: "outside")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": -1}"#),
                    at: "trip.legs[0].maneuvers[0].begin_shape_index", containing: "outside")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 0}, {"type": 4, "begin_shape_index": "2"}"#),
                    at: "trip.legs[0].maneuvers[1].begin_shape_index", containing: "expected a number")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 0, "end_shape_index": 9}"#),
                    at: "trip.legs[0].maneuvers[0].end_shape_index", containing: "outside")
        assertError(document(maneuvers: #"{"begin_shape_index": 0}"#), at: "trip.legs[0].maneuvers[0].type", containing: "missing")
        assertError(document(maneuvers: #"{"type": 1.5, "begin_shape_index": 0}"#),
                    at: "trip.legs[0].maneuvers[0].type", containing: "integer")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 0, "street_names": "Main"}"#),
                    at: "trip.legs[0].maneuvers[0].street_names", containing: "expected an array")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 0, "bearing_after": 1e999}"#),
                    at: "trip.legs[0].maneuvers[0].bearing_after", containing: "out of range")
        assertError(document(maneuvers: #"{"type": 1, "begin_shape_index": 0, "sign": {"exit_number_elements": [{"txt": "1"}]}}"#),
                    at: "trip.legs[0].maneuvers[0].sign.exit_number_elements[0].text", containing: "missing")
    }

    func test_badLocations() {
        assertError(document(tripExtra: #""locations": [{"lat": 1e999, "lon": 13}], "#),
                    at: "trip.locations[0].lat", containing: "out of range")
        assertError(document(tripExtra: #""locations": [{"lat": 52, "lon": 13}, {"lat": 91, "lon": 13}], "#),
                    at: "trip.locations[1]", containing: "out of range")
        assertError(document(tripExtra: #""locations": [{"lat": 52, "lon": 13, "type": "teleport"}], "#),
                    at: "trip.locations[0].type", containing: "teleport")
        // JSON has no NaN: a NaN written into the file is a syntax error at its line and column.
        let nan = document(tripExtra: "\"locations\": [{\"lat\": 52, \"lon\": 13},\n{\"lat\": NaN, \"lon\": 13}], ")
        if let e = error(nan) {
            XCTAssertEqual(e.location, "line 2, column 9", "\(e)")
        }
    }

    func test_truncatedDocument_namesLineAndColumn() {
        let text = document()
        let truncated = String(text.prefix(text.count / 2))
        guard let e = error(truncated) else { return }
        XCTAssertTrue(e.location?.hasPrefix("line ") ?? false, "\(e)")
    }
}

/// `text` as the inside of a JSON string literal (encoded polylines may hold backslashes).
private func jsonEscaped(_ text: String) -> String { text.replacing("\\", with: "\\\\") }
