import RouteCueCore
import TestSupport
import XCTest

/// Broken native GraphHopper documents: each one ends as a `InputError` naming the file and key path.
final class GraphHopperImportBadInputTests: XCTestCase {
    private let points = [Coordinate(latitude: 51.43, longitude: 14.25), Coordinate(latitude: 51.431, longitude: 14.25),
                          Coordinate(latitude: 51.431, longitude: 14.252)]

    private var encoded: String { jsonEscaped(Polyline.encode(points, precision: 5)) }

    private func document(points: String? = nil, instructions: String? = nil, pathExtra: String = "") -> String {
        let i = instructions ?? #"{"sign": 0, "interval": [0, 1], "text": "Go"}, {"sign": 2, "interval": [1, 2], "text": "Right"}, {"sign": 4, "interval": [2, 2], "text": "Arrive"}"#
        return """
        {"paths": [{\(pathExtra)"points": \(points ?? "\"\(encoded)\""), "instructions": [\(i)]}]}
        """
    }

    private func assertError(_ json: String, at location: String, containing text: String, alternative: Int = 0,
                             file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try RouteReader.read(Array(json.utf8), name: "bad.json",
                                     options: ImportOptions(format: .graphhopper, alternative: alternative))
            XCTFail("imported without an error", file: file, line: line)
        } catch {
            XCTAssertEqual(error.file, "bad.json", file: file, line: line)
            XCTAssertEqual(error.location, location, "\(error)", file: file, line: line)
            XCTAssertTrue(error.message.contains(text), "\(error)", file: file, line: line)
        }
    }

    func test_theGoodDocument_imports() throws {
        let route = try RouteReader.read(Array(document().utf8), name: "good.json")
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
    }

    func test_missingOrMistypedPaths() {
        assertError(#"{"message": "Cannot find point 0", "hints": []}"#, at: "message", containing: "answered an error: Cannot find point 0")
        assertError(#"{"hints": []}"#, at: "paths", containing: "missing")
        assertError(#"{"paths": {"points": ""}}"#, at: "paths", containing: "expected an array")
        assertError(#"{"paths": []}"#, at: "paths", containing: "no paths")
        assertError(document(), at: "paths", containing: "alternative 1", alternative: 1)
        assertError(#"{"paths": [{"instructions": []}]}"#, at: "paths[0].points", containing: "missing")
        assertError(document(instructions: #"{"sign": "left", "interval": [0, 2]}"#),
                    at: "paths[0].instructions[0].sign", containing: "expected a number")
        assertError(document(pathExtra: #""points_encoded_multiplier": 0, "#),
                    at: "paths[0].points_encoded_multiplier", containing: "out of range")
    }

    func test_brokenPoints() {
        assertError(document(points: #""_p~iF~ps|U_ul""#), at: "paths[0].points", containing: "broken polyline")
        assertError(document(points: #""a b""#), at: "paths[0].points", containing: "broken polyline")
        assertError(document(points: "17"), at: "paths[0].points", containing: "expected a string")
        let outside = jsonEscaped(Polyline.encode([points[0], Coordinate(latitude: 51.4, longitude: 181)], precision: 5))
        assertError(document(points: "\"\(outside)\"", instructions: #"{"sign": 4, "interval": [1, 1]}"#),
                    at: "paths[0].points", containing: "point 1 out of range")
    }

    func test_badGeoJSONPoints() {
        let encodedFalse = #""points_encoded": false, "#
        assertError(document(points: #"{"type": "LineString", "coordinates": [[14.25, 51.43], [1e999, 51.43]]}"#, pathExtra: encodedFalse),
                    at: "paths[0].points.coordinates[1][0]", containing: "out of range")
        assertError(document(points: #"{"type": "LineString", "coordinates": [[14.25, 51.43], [14.25, 95]]}"#, pathExtra: encodedFalse),
                    at: "paths[0].points.coordinates[1]", containing: "out of range")
        assertError(document(points: #"{"type": "LineString", "coordinates": [[14.25]]}"#, pathExtra: encodedFalse),
                    at: "paths[0].points.coordinates[0]", containing: "[longitude, latitude]")
        assertError(document(points: #""abc""#, pathExtra: encodedFalse), at: "paths[0].points", containing: "expected an object")
        assertError(document(points: "{\"type\": \"LineString\", \"coordinates\": [[14.25, 51.43],\n[NaN, 51.43]]}", pathExtra: encodedFalse),
                    at: "line 2, column 2", containing: "invalid JSON")
    }

    func test_badIntervals() {
        assertError(document(instructions: #"{"sign": 0, "interval": [0, 3]}"#),
                    at: "paths[0].instructions[0].interval", containing: "outside")
        assertError(document(instructions: #"{"sign": 0, "interval": [-1, 2]}"#),
                    at: "paths[0].instructions[0].interval", containing: "outside")
        assertError(document(instructions: #"{"sign": 0, "interval": [2, 1]}"#),
                    at: "paths[0].instructions[0].interval", containing: "outside")
        assertError(document(instructions: #"{"sign": 0, "interval": [1, 2]}, {"sign": 4, "interval": [0, 2]}"#),
                    at: "paths[0].instructions[1].interval", containing: "before")
        assertError(document(instructions: #"{"sign": 0, "interval": [0]}"#),
                    at: "paths[0].instructions[0].interval", containing: "found 1 values")
        assertError(document(instructions: #"{"sign": 0, "interval": [0, "2"]}"#),
                    at: "paths[0].instructions[0].interval[1]", containing: "expected a number")
        assertError(document(instructions: #"{"sign": 0}"#), at: "paths[0].instructions[0].interval", containing: "missing")
        assertError(document(instructions: #"{"sign": 6, "exit_number": 0, "interval": [0, 2]}"#),
                    at: "paths[0].instructions[0].exit_number", containing: "below 1")
    }

    func test_brokenSnappedWaypoints() {
        assertError(document(pathExtra: #""snapped_waypoints": "_p~iF~ps|U_ul", "#),
                    at: "paths[0].snapped_waypoints", containing: "broken polyline")
    }

    /// A path of one repeated point with an instruction at every point: headings cannot come from the
    /// geometry, and looking for them must not cost instructions × points (4× the points: 16× the time).
    func test_repeatedPointsWithAnInstructionEach_importFast_withoutHeadings() throws {
        func documentBytes(points count: Int) -> [UInt8] {
            let line = Array(repeating: points[0], count: count)
            var instructions = (0..<(count - 1)).map { #"{"sign": 2, "interval": [\#($0), \#($0)], "text": ""}"# }
            instructions.append(#"{"sign": 4, "interval": [\#(count - 1), \#(count - 1)], "text": ""}"#)
            return Array(self.document(points: "\"\(jsonEscaped(Polyline.encode(line, precision: 5)))\"",
                                  instructions: instructions.joined(separator: ",")).utf8)
        }
        let count = 20_000
        let small = documentBytes(points: count / 4), large = documentBytes(points: count)
        var route: Route?
        let growth = try GrowthRatio.ratio(small: { _ = try RouteReader.read(small, name: "dup.json") },
                                           large: { route = try RouteReader.read(large, name: "dup.json") })
        XCTAssertEqual(route?.maneuvers.count, count)
        XCTAssertNil(route?.maneuvers[count / 2].bearingAfter)
        XCTAssertLessThan(growth, GrowthRatio.limit, "unbounded search for a differing point")
    }
}

/// `text` as the inside of a JSON string literal (encoded polylines may hold backslashes).
private func jsonEscaped(_ text: String) -> String { text.replacing("\\", with: "\\\\") }
