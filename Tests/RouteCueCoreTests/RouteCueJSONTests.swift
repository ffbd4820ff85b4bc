import Foundation
import RouteCueCore
import TestSupport
import XCTest

final class RouteCueJSONTests: XCTestCase {
    // MARK: - Lossless

    func test_everySharedRouteFile_roundTripsLosslessly() throws {
        try SharedData.require()
        let files = SharedData.files(under: "routes", extensions: [".json", ".gpx"])
        XCTAssertGreaterThan(files.count, 30)
        var checked = 0
        for file in files {
            let route: Route
            do { route = try RouteReader.read(try SharedData.bytes(file), name: file) } catch {
                XCTFail("\(file) does not import: \(error)")
                continue
            }
            try assertLossless(route, file)
            checked += 1
        }
        print("RouteCue JSON lossless: \(checked) of \(files.count) files round-tripped equal")
        XCTAssertEqual(checked, files.count)
    }

    func test_routeWithEveryField_roundTripsEqualAndWritesStably() throws {
        let route = try RouteCueJSONFixtures.fullRoute()
        try assertLossless(route, "full route")
        let text = String(decoding: RouteCueJSON.write(route), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"routecue_route\": 1,\n  \"source\": {"), String(text.prefix(80)))
        XCTAssertTrue(text.contains("\"location\": [13.4, 52.52]"), "coordinates are written [lon, lat]")
        XCTAssertTrue(text.contains("\"text\": \"Biegen Sie \\\"rechts\\\" ab\\nin die Straße\""), "strings are escaped, UTF-8 kept")
    }

    /// Every key the model's own Codable conformance writes is in the format too (so a field added to the
    /// model without a place in RouteCue JSON fails here), and the format has no key the model lacks.
    func test_formatKeys_matchTheModelsCodingKeys() throws {
        let route = try RouteCueJSONFixtures.fullRoute()
        let encoder = JSONEncoder()
        let codable = try JSONSerialization.jsonObject(with: encoder.encode(route))
        let ours = try JSONSerialization.jsonObject(with: Data(RouteCueJSON.write(route)))
        var modelKeys = Set<String>(), formatKeys = Set<String>()
        collectKeys(codable, into: &modelKeys)
        collectKeys(ours, into: &formatKeys)
        modelKeys.subtract(["latitude", "longitude"])   // Codable writes coordinates as objects; we write [lon, lat]
        formatKeys.remove(RouteCueJSON.versionKey)
        XCTAssertEqual(modelKeys.subtracting(formatKeys), [], "model fields missing from RouteCue JSON")
        XCTAssertEqual(formatKeys.subtracting(modelKeys), [], "RouteCue JSON keys the model lacks")
        print("RouteCue JSON covers \(formatKeys.count) distinct model keys")
    }

    /// The key tables of `docs/route-format.md` list exactly the keys the writer writes, in the order it writes them.
    func test_documentTables_listTheWrittenKeysInTheirOrder() throws {
        let doc = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("docs/route-format.md"), encoding: .utf8)
        let part = try XCTUnwrap(doc.components(separatedBy: "\n## Tours").first)
        // Section title → the keys in the first column of its table.
        var documented: [String: [String]] = [:]
        var title = ""
        for line in part.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                title = String(line.drop(while: { $0 == "#" || $0 == " " })).replacing("`", with: "")
            } else if line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") {
                documented[title, default: []].append(String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
            }
        }
        // Kind of object → every written object of that kind.
        guard case .object(let root) = try JSONParser.parse(RouteCueJSON.write(try RouteCueJSONFixtures.fullRoute())) else {
            return XCTFail("not an object")
        }
        var written: [String: [JSONObject]] = ["Top level": [root]]
        for (key, value) in root.pairs {
            switch value {
            case .object(let o): written[key, default: []].append(o)
            case .array(let items):
                for case .object(let o) in items {
                    written[key + "[]", default: []].append(o)
                    if case .object(let p)? = o["provenance"] { written["provenance", default: []].append(p) }
                }
            default: break
            }
        }
        XCTAssertEqual(Set(documented.keys), Set(written.keys), "documented sections vs written object kinds")
        for (kind, objects) in written {
            let order = documented[kind] ?? []
            var seen = Set<String>()
            for o in objects {
                let keys = o.pairs.map(\.0)
                seen.formUnion(keys)
                XCTAssertEqual(keys, order.filter(keys.contains), "\(kind): written keys not in the documented order")
            }
            XCTAssertEqual(seen, Set(order), "\(kind): documented keys vs keys the writer wrote for a route with every field set")
        }
    }

    func test_document_isDetectedAsRouteCueJSON() throws {
        let bytes = RouteCueJSON.write(try RouteCueJSONFixtures.fullRoute())
        XCTAssertEqual(try RouteReader.detectFormat(bytes), .routecue)
    }

    func test_documentedExample_reads() throws {
        let doc = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("docs/route-format.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "```json\n{\n  \"routecue_route\""))
        let end = try XCTUnwrap(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let example = String(doc[doc.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let route = try RouteReader.read(Array(example.utf8), name: "docs/route-format.md example")
        XCTAssertEqual(route.source.format, .valhalla)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers[1].lanes.first?.indications, ["left", "straight"])
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .destination])
        XCTAssertEqual(try RouteReader.read(RouteCueJSON.write(route), name: "rewritten"), route)
    }

    // MARK: - Rejections

    func test_badDocuments_areRejectedWithKeyPaths() throws {
        let good = String(decoding: RouteCueJSON.write(try RouteCueJSONFixtures.fullRoute()), as: UTF8.self)
        let cases: [(String, String, String, String)] = [
            ("\"routecue_route\": 1", "\"routecue_route\": 2", "routecue_route", "unsupported RouteCue JSON version 2"),
            ("\"routecue_route\": 1", "\"routecue_route\": \"1\"", "routecue_route", "expected a number"),
            ("\"coordinates\": [\n      [13.4, 52.52]", "\"coordinates\": [\n      [13.4, 92.52]", "geometry.coordinates[0]", "out of range"),
            ("\"coordinates\": [\n      [13.4, 52.52]", "\"coordinates\": [\n      [13.4, 52.52, 3]", "geometry.coordinates[0]", "found 3 values"),
            ("\"type\": \"turn\"", "\"type\": \"hop\"", "maneuvers[1].type", "unknown value \"hop\""),
            ("\"geometry_index\": 3", "\"geometry_index\": 99", "maneuvers[1].geometry_index", "outside leg 0"),
            ("\"index\": 1,\n      \"leg\"", "\"index\": 7,\n      \"leg\"", "maneuvers[1].index", "expected 1"),
            ("\"leg_ending\": 1", "\"leg_ending\": 5", "waypoints[3].leg_ending", "2 legs"),
            ("\"source_path\": \"routes[0].legs[0].steps[1]\"", "\"source_pth\": \"x\"", "maneuvers[1].provenance.source_pth", "unknown key"),
            ("\"announced\": true,\n      \"provenance\"", "\"provenance\"", "maneuvers[0].announced", "missing required key"),
            ("\"geometry_end\": 4", "\"geometry_end\": 2", "legs[1].geometry_start", "starts where the previous one ends"),
            ("\"bearing_after\": 90", "\"bearing_after\": 400", "maneuvers[0].bearing_after", "outside 0…360"),
        ]
        for (from, to, location, message) in cases {
            XCTAssertTrue(good.contains(from), "fixture text lacks \(from)")
            var bad = good
            if let r = bad.range(of: from) { bad.replaceSubrange(r, with: to) }
            do {
                _ = try RouteReader.read(Array(bad.utf8), name: "route.json")
                XCTFail("accepted: \(to)")
            } catch {
                XCTAssertEqual(error.location, location, "\(to): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(to): \(error)")
            }
        }
    }

    // MARK: - Helpers

    private func assertLossless(_ route: Route, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = RouteCueJSON.write(route)
        let back: Route
        do { back = try RouteReader.read(bytes, name: name + " (RouteCue JSON)") } catch {
            XCTFail("\(name): written RouteCue JSON does not read back: \(error)", file: file, line: line)
            return
        }
        XCTAssertEqual(back, route, "\(name): route changed in the round trip", file: file, line: line)
        XCTAssertEqual(RouteCueJSON.write(back), bytes, "\(name): writing is not stable", file: file, line: line)
        // The fields users see, one by one, so a failure says which.
        XCTAssertEqual(back.maneuvers.map(\.roadName), route.maneuvers.map(\.roadName), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.ref), route.maneuvers.map(\.ref), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.exits), route.maneuvers.map(\.exits), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.exitNumber), route.maneuvers.map(\.exitNumber), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.announcements), route.maneuvers.map(\.announcements), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.provenance), route.maneuvers.map(\.provenance), name, file: file, line: line)
        XCTAssertEqual(back.maneuvers.map(\.announced), route.maneuvers.map(\.announced), name, file: file, line: line)
        let m = route.maneuvers
        print("\(name): \(route.source.format.rawValue), \(m.count) maneuvers, \(m.compactMap(\.roadName).count) names, "
              + "\(m.compactMap(\.ref).count) refs, \(m.compactMap(\.exits).count + m.compactMap(\.exitNumber).count) exits, "
              + "\(m.map(\.announcements.count).reduce(0, +)) announcements, \(m.map(\.lanes.count).reduce(0, +)) lanes, "
              + "\(route.waypoints.count) waypoints, \(bytes.count) bytes: equal after round trip")
    }

    private func collectKeys(_ value: Any, into keys: inout Set<String>) {
        if let o = value as? [String: Any] {
            for (k, v) in o {
                keys.insert(k)
                collectKeys(v, into: &keys)
            }
        } else if let a = value as? [Any] {
            for v in a { collectKeys(v, into: &keys) }
        }
    }
}
