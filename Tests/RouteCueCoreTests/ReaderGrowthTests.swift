import RouteCueCore
import TestSupport
import XCTest

/// The input shapes that once made a reader quadratic (issue 29: a 1.5 MB GPX kept `route inspect` busy for over
/// 20 s), guarded by the growth of the work within the run: 4× the input must take less than 8× the time
/// (`GrowthRatio`), not by wall-clock limits. `make bench-readers` measures every shape.
final class ReaderGrowthTests: XCTestCase {
    /// A GPX track of two points, the first with `count` attributes of its own.
    private func trackWithAttributes(_ count: Int) -> [UInt8] {
        var attributes = ""
        for i in 0..<count { attributes += " a\(i)=\"1\"" }
        return Array("<gpx><trk><trkseg><trkpt lat=\"50\" lon=\"8\"\(attributes)/><trkpt lat=\"50.001\" lon=\"8\"/></trkseg></trk></gpx>".utf8)
    }

    func test_manyAttributesOnOneElement_importInLinearTime() throws {
        let small = trackWithAttributes(10_000), large = trackWithAttributes(40_000)
        let growth = try GrowthRatio.ratio(small: { _ = try RouteReader.read(small, name: "a.gpx") },
                                           large: { _ = try RouteReader.read(large, name: "a.gpx") })
        print("attributes: 4x the attributes took \(growth)x the time")
        XCTAssertLessThan(growth, GrowthRatio.limit, "duplicate attributes must be found through an index, not a scan per attribute")
    }

    func test_aDuplicateAttribute_isFoundPastTheIndexThreshold() {
        var attributes = ""
        for i in 0..<40 { attributes += " a\(i)=\"1\"" }
        XCTAssertNoThrow(try XMLReader.parse("<a\(attributes)/>"))
        XCTAssertThrowsError(try XMLReader.parse("<a\(attributes) a3=\"2\"/>")) { error in
            XCTAssertTrue("\(error)".contains("duplicate attribute 'a3' in <a>"), "\(error)")
        }
        let element = try? XMLReader.parse("<a\(attributes) b=\"x\"/>")
        XCTAssertEqual(element?.attributes["a39"], "1")
        XCTAssertEqual(element?.attributes["b"], "x")
        XCTAssertEqual(element?.attributes.count, 41)
    }

    func test_manyKeysInOneJSONObject_parseInLinearTime() throws {
        func object(_ count: Int) -> [UInt8] { Array(("{" + (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",") + "}").utf8) }
        let small = object(25_000), large = object(100_000)
        var parsed: JSONValue?
        let growth = try GrowthRatio.ratio(small: { _ = try JSONParser.parse(small) }, large: { parsed = try JSONParser.parse(large) })
        guard case .object(let o)? = parsed else { return XCTFail("not an object") }
        print("JSON keys: 4x the keys took \(growth)x the time")
        XCTAssertEqual(o.count, 100_000)
        XCTAssertEqual(o["k99999"], .number(0))
        XCTAssertLessThan(growth, GrowthRatio.limit, "duplicate keys must be found through an index, not a scan per key")
    }

    func test_jsonObjectMembers_keepTheirOrder_pastTheIndexThreshold() throws {
        let text = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":\"again\"}"
        guard case .object(var o) = try JSONParser.parse(text) else { return XCTFail("not an object") }
        XCTAssertEqual(o.count, 40, "a later duplicate replaces the earlier value in place")
        XCTAssertEqual(o["k7"], .string("again"))
        XCTAssertEqual(o.keys[7], "k7")
        o["k3"] = nil
        XCTAssertEqual(o.count, 39)
        XCTAssertNil(o["k3"])
        XCTAssertEqual(o["k39"], .number(39), "found after a removal")
        XCTAssertEqual(o.keys.prefix(4), ["k0", "k1", "k2", "k4"])
        o["k40"] = .bool(true)
        XCTAssertEqual(o.keys.last, "k40")
        XCTAssertEqual(o["k40"], .bool(true))
    }

    /// The en-US pack with one more distance form, named by `nameBytes` letters, holding `specials` special values.
    private func packWithLongFormName(nameBytes: Int, specials: Int) throws -> [UInt8] {
        let pack = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("config/phrases/en-US.json"), encoding: .utf8)
        let special = (0..<specials).map { "\"mile \($0).25\": \"words\"" }.joined(separator: ",")
        let units = ["metre": "meter", "kilometre": "kilometer", "foot": "foot", "yard": "yard", "mile": "mile"]
            .map { "\"\($0.key)\": {\"one\": \"{n} \($0.value)\", \"other\": \"{n} \($0.value)s\"}" }.joined(separator: ",")
        let form = "\"\(String(repeating: "f", count: nameBytes))\": {\(units), \"special\": {\(special)}},\n"
        return Array(pack.replacingOccurrences(of: "\"distances\": {", with: "\"distances\": {\n" + form).utf8)
    }

    func test_aLongKeyOverManyMembers_readsInLinearTime() throws {
        let small = try packWithLongFormName(nameBytes: 64_000, specials: 2_000)
        let large = try packWithLongFormName(nameBytes: 256_000, specials: 8_000)
        XCTAssertNoThrow(try PhrasePack.parse(large, name: "long.json"))
        let growth = try GrowthRatio.ratio(small: { _ = try PhrasePack.parse(small, name: "long.json") },
                                           large: { _ = try PhrasePack.parse(large, name: "long.json") })
        print("long key: 4x the pack took \(growth)x the time")
        XCTAssertLessThan(growth, GrowthRatio.limit, "a key path must not copy a long key into every member below it")
    }

    /// A route point whose extensions hold `count` unknown elements, then `count` `time`s (OsmAnd's seconds).
    private func routeWithExtensionChildren(_ count: Int) -> [UInt8] {
        let ext = String(repeating: "<x/>", count: count) + String(repeating: "<time>5</time>", count: count)
        return Array(("<gpx><rte><rtept lat=\"50\" lon=\"8\"><extensions>\(ext)</extensions></rtept>"
            + "<rtept lat=\"50.001\" lon=\"8\"/></rte></gpx>").utf8)
    }

    func test_manyChildrenInOneRoutePointsExtensions_importInLinearTime() throws {
        let small = routeWithExtensionChildren(1_000), large = routeWithExtensionChildren(4_000)
        var route: Route?
        let growth = try GrowthRatio.ratio(small: { _ = try RouteReader.read(small, name: "x.gpx") },
                                           large: { route = try RouteReader.read(large, name: "x.gpx") })
        print("extensions: 4x the children took \(growth)x the time")
        XCTAssertEqual(route?.maneuvers.first?.sourceDuration, 5, "the first <time> is the one read")
        XCTAssertLessThan(growth, GrowthRatio.limit, "each child is read where it is, not looked up again among its siblings")
    }
}
