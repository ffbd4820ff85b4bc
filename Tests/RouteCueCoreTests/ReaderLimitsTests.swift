import RouteCueCore
import XCTest

/// The limits of docs/limits.md, each a `too_large` error naming the file, the place and the configuration key:
/// nesting (a 200,000-deep document is an error, not a stack overflow), string length, route points and maneuvers,
/// NMEA line length; and no entity is ever expanded.
final class ReaderLimitsTests: XCTestCase {
    private func routeError(_ bytes: [UInt8], name: String = "hostile", limits: ImportLimits = ImportLimits(),
                            file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            let route = try RouteReader.read(bytes, name: name, options: ImportOptions(limits: limits))
            XCTFail("accepted: \(route.maneuvers.count) maneuvers", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func limits(_ change: (inout ImportLimits) -> Void) -> ImportLimits {
        var l = ImportLimits()
        change(&l)
        return l
    }

    // MARK: - Nesting

    func test_a200000DeepJSONArray_isTooLarge_notAStackOverflow() throws {
        let deep = Array(String(repeating: "[", count: 200_000).utf8) + Array(String(repeating: "]", count: 200_000).utf8)
        let error = try XCTUnwrap(routeError(deep, name: "deep.json"))
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertEqual("\(error)", "deep.json: line 1, column 129: nesting deeper than the limit of 128 levels (import.max_depth)")
    }

    func test_a200000DeepXMLNesting_isTooLarge_notAStackOverflow() throws {
        let deep = Array(("<gpx>" + String(repeating: "<a>", count: 200_000) + String(repeating: "</a>", count: 200_000) + "</gpx>").utf8)
        let error = try XCTUnwrap(routeError(deep, name: "deep.gpx"))
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertEqual("\(error)", "deep.gpx: line 1, column \(5 + 3 * 128 + 1): elements nested deeper than the limit of 128 levels (import.max_depth)")
    }

    func test_maxDepth_isTheOptionsOne_forJSONAndXML() {
        let narrow = limits { $0.maxDepth = 20 }
        func json(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        func xml(_ depth: Int) -> String { String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) }
        XCTAssertNoThrow(try JSONParser.parse(json(20), limits: narrow))
        XCTAssertThrowsError(try JSONParser.parse(json(21), limits: narrow)) { error in
            XCTAssertEqual((error as? JSONParser.SyntaxError)?.exceedsLimit, true)
        }
        XCTAssertNoThrow(try XMLReader.parse(xml(20), limits: narrow))
        XCTAssertThrowsError(try XMLReader.parse(xml(21), limits: narrow)) { error in
            XCTAssertEqual((error as? XMLReader.SyntaxError)?.exceedsLimit, true)
        }
    }

    func test_theDeepestNestingTheConfigurationAllows_parses() throws {
        let deepest = limits { $0.maxDepth = ImportLimits.depthRange.upperBound }
        let depth = ImportLimits.depthRange.upperBound
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try JSONParser.parse(json, limits: deepest), "the recursive JSON reader at its deepest")
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        XCTAssertNoThrow(try XMLReader.parse(xml, limits: deepest))
    }

    // MARK: - Strings

    func test_jsonStringsKeysAndNumbers_overMaxStringBytes_areTooLarge() throws {
        let narrow = limits { $0.maxStringBytes = 2048 }
        let fits = String(repeating: "x", count: 2048), over = String(repeating: "x", count: 2049)
        XCTAssertNoThrow(try JSONParser.parse("[\"\(fits)\"]", limits: narrow))
        for (text, column) in [("[\"\(over)\"]", 2), ("{\"\(over)\": 1}", 2), ("[\"a\\n\(over)\"]", 2), ("[0.\(over.replacingOccurrences(of: "x", with: "1"))]", 2)] {
            XCTAssertThrowsError(try RouteReader.parseJSON(Array(text.utf8), limits: narrow)) { error in
                let e = error as? InputError
                XCTAssertEqual(e?.code, .tooLarge)
                XCTAssertEqual(e?.location, "line 1, column \(column)")
                XCTAssertTrue(e?.message.contains("over the limit") == true || e?.message.contains("longer than the limit of 2048 bytes") == true, "\(error)")
                XCTAssertTrue(e?.message.hasSuffix("(import.max_string_bytes)") == true, "\(error)")
            }
        }
    }

    func test_xmlTextAttributeValuesAndNames_overMaxStringBytes_areTooLarge() {
        let narrow = limits { $0.maxStringBytes = 2048 }
        let over = String(repeating: "x", count: 2049)
        XCTAssertNoThrow(try XMLReader.parse("<a b=\"\(over.dropLast())\">\(over.dropLast())</a>", limits: narrow))
        let cases = ["<a>\(over)</a>": "text", "<a><![CDATA[\(over)]]></a>": "text", "<a>\(String(repeating: "&amp;", count: 2049))</a>": "text",
                     "<a b=\"\(over)\"/>": "an attribute value", "<\(over)/>": "a name", "<a \(over)=\"1\"/>": "a name"]
        for (text, what) in cases {
            XCTAssertThrowsError(try RouteReader.parseXML(Array(text.utf8), limits: narrow)) { error in
                let e = error as? InputError
                XCTAssertEqual(e?.code, .tooLarge, text.prefix(20) + "…")
                XCTAssertEqual(e?.message, "\(what) longer than the limit of 2048 bytes (import.max_string_bytes)")
            }
        }
    }

    // MARK: - Points and maneuvers

    private func track(points: Int) -> [UInt8] {
        var body = "<gpx><trk><trkseg>"
        for i in 0..<points { body += "<trkpt lat=\"\(50 + Double(i) * 0.0002)\" lon=\"8\"/>" }
        return Array((body + "</trkseg></trk></gpx>").utf8)
    }

    func test_routePoints_overMaxPoints_areTooLarge() throws {
        let narrow = limits { $0.maxPoints = 1000 }
        XCTAssertNoThrow(try RouteReader.read(track(points: 1000), name: "t.gpx", options: ImportOptions(limits: narrow)))
        let error = try XCTUnwrap(routeError(track(points: 1001), name: "long.gpx", limits: narrow))
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertEqual("\(error)", "long.gpx: the route has 1001 points, over the limit of 1000 (import.max_points)")
    }

    func test_maneuvers_overMaxManeuvers_areTooLarge_forEveryFormat() throws {
        // A zigzag: a derived turn every 10 points.
        var body = "<gpx><rte>"
        for i in 0..<120 { body += "<rtept lat=\"\(50 + Double(i) * 0.001)\" lon=\"\(8 + Double(i % 2) * 0.001)\"/>" }
        let gpx = Array((body + "</rte></gpx>").utf8)
        let narrow = limits { $0.maxManeuvers = 100 }
        let route = try RouteReader.read(gpx, name: "zigzag.gpx")
        XCTAssertGreaterThan(route.maneuvers.count, 100)
        let error = try XCTUnwrap(routeError(gpx, name: "zigzag.gpx", limits: narrow))
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertEqual(error.message, "the route has \(route.maneuvers.count) maneuvers, over the limit of 100 (import.max_maneuvers)")
        // RouteCue JSON is read as written, not through the route builder: checked all the same.
        let converted = try XCTUnwrap(routeError(RouteCueJSON.write(route), name: "zigzag.json", limits: narrow))
        XCTAssertEqual("\(converted)", "zigzag.json: \(error.message)")
    }

    // MARK: - Entities

    func test_billionLaughs_isRefusedAtItsDTD_withNothingExpanded() throws {
        var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 { doc += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        doc += "]>\n<gpx>&lol9;</gpx>"
        let error = try XCTUnwrap(routeError(Array(doc.utf8), name: "lolz.gpx"))
        XCTAssertEqual(error.code, .syntax)
        XCTAssertEqual(error.location, "line 2, column 1", "refused where the DTD starts, before any entity is read")
        XCTAssertTrue(error.message.contains("DTDs are not accepted"), error.message)
        // Without a DTD an entity of its own is undefined: only the five predefined ones are known.
        XCTAssertThrowsError(try XMLReader.parse("<gpx>&lol9;</gpx>")) { error in
            XCTAssertTrue("\(error)".contains("undefined entity &lol9;"), "\(error)")
        }
    }

    // MARK: - Recorded fixes

    func test_nmeaLinesOverMaxNMEALineBytes_areSkippedWithADiagnostic() throws {
        let rmc = sentence("GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W,A")
        let long = sentence("GPTXT,01,01,02," + String(repeating: "x", count: 2000))
        let next = sentence("GPRMC,123520.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W,A")
        let result = try readNMEA([rmc, long, next])
        XCTAssertEqual(result.fixes.count, 2, "the sentences around the long line are read")
        let diagnostic = try XCTUnwrap(result.diagnostics.first { $0.line == 2 })
        XCTAssertEqual(diagnostic.kind, .skippedLine)
        XCTAssertTrue(diagnostic.reason.contains("line of \(long.utf8.count) bytes, over the limit of 1024 (import.max_nmea_line_bytes"), diagnostic.reason)
        var options = FixReadOptions()
        options.limits.maxNMEALineBytes = 82
        XCTAssertTrue(try readNMEA([rmc], options: options).fixes.count == 1, "an 82-character RMC fits")
    }

    func test_gpsdJSONLinesOverALimit_areSkippedWithADiagnostic() throws {
        let tpv = #"{"class":"TPV","mode":2,"time":"2026-03-29T10:00:00Z","lat":50.0,"lon":8.0}"#
        let deep = #"{"class":"TPV","x":"# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}"
        let result = try FixReader.read(Array([tpv, deep].joined(separator: "\n").utf8), name: "log.json")
        XCTAssertEqual(result.fixes.count, 1)
        let diagnostic = try XCTUnwrap(result.diagnostics.first { $0.line == 2 })
        XCTAssertTrue(diagnostic.reason.hasPrefix("JSON over a limit at column 147: nesting deeper than the limit of 128 levels"), diagnostic.reason)
    }

    func test_aLongKey_isShortenedInKeyPaths() {
        let key = String(repeating: "k", count: 100)
        XCTAssertThrowsError(try RouteCueConfiguration.parse(Array(#"{"import": {"\#(key)": 1}}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "import.\(String(repeating: "k", count: 40))…: unknown key")
        }
        let short = String(repeating: "k", count: 64)
        XCTAssertThrowsError(try RouteCueConfiguration.parse(Array(#"{"import": {"\#(short)": 1}}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "import.\(short): unknown key", "keys up to 64 bytes are kept whole")
        }
    }

    // MARK: - Configuration

    func test_theImportSection_setsEveryLimit_andTheOptionsCarryThem() throws {
        let c = try RouteCueConfiguration.parse(Array(#"""
            {"import": {"max_file_bytes": 2048, "max_depth": 32, "max_string_bytes": 4096, "max_points": 5000,
                        "max_maneuvers": 200, "max_nmea_line_bytes": 100}}
            """#.utf8))
        var expected = ImportLimits()
        expected.maxFileBytes = 2048
        expected.maxDepth = 32
        expected.maxStringBytes = 4096
        expected.maxPoints = 5000
        expected.maxManeuvers = 200
        expected.maxNMEALineBytes = 100
        XCTAssertEqual(c.importSettings, expected)
        XCTAssertEqual(c.importOptions.limits, expected)
        XCTAssertEqual(c.fixReadOptions.limits, expected)
        XCTAssertEqual(RouteCueConfiguration().importOptions.limits, ImportLimits(), "the defaults when the file says nothing")
    }

    func test_theImportSection_refusesValuesOutOfRange_namingTheKey() {
        func message(_ key: String, _ value: Int) -> String {
            do {
                _ = try RouteCueConfiguration.parse(Array(#"{"import": {"\#(key)": \#(value)}}"#.utf8))
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message("max_depth", 2000), "import.max_depth: must be between 16 and 1000 levels, not 2000")
        XCTAssertEqual(message("max_string_bytes", 10), "import.max_string_bytes: must be between 1024 and 4294967296 bytes, not 10")
        XCTAssertEqual(message("max_points", 0), "import.max_points: must be between 1000 and 100000000 points, not 0")
        XCTAssertEqual(message("max_maneuvers", 5), "import.max_maneuvers: must be between 100 and 10000000 maneuvers, not 5")
        XCTAssertEqual(message("max_nmea_line_bytes", 80), "import.max_nmea_line_bytes: must be between 82 and 1048576 bytes, not 80")
    }
}
