import RouteCueCore
import XCTest

final class JSONParserTests: XCTestCase {
    func test_parsesAllValueKinds_keepingKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\ud83d\ude97\n"}"#)
        guard case .object(let o) = v else { return XCTFail("not an object") }
        XCTAssertEqual(o.keys, ["b", "a"])
        XCTAssertEqual(o["b"], .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        XCTAssertEqual(o["a"], .string("xé🚗\n"))
    }

    func test_truncatedDocument_reportsLineAndColumn() {
        XCTAssertThrowsError(try JSONParser.parse("{\n  \"routes\": [1, 2")) { error in
            let e = error as! JSONParser.SyntaxError
            XCTAssertEqual(e.line, 2)
            XCTAssertTrue(e.reason.contains("truncated"), e.reason)
        }
    }

    func test_rejectsInvalidDocuments() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "[1e]", "\"\\x\"", "\"a\u{01}b\"", "{\"a\":1}x",
                    "nul", "[\"\\ud800\"]", "NaN", "[Infinity]"] {
            XCTAssertThrowsError(try JSONParser.parse(bad), "accepted \(bad.debugDescription)")
        }
    }

    func test_anEscapedNUL_isReadAsTheReplacementCharacter() throws {
        XCTAssertEqual(try JSONParser.parse(#"["a\u0000b", "\u0000"]"#), .array([.string("a\u{FFFD}b"), .string("\u{FFFD}")]))
    }

    func test_rejectsInvalidUTF8() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]))
    }

    func test_deepNesting_isAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertTrue("\(error)".contains("nesting"), "\(error)")
        }
    }

    func test_hugeNumber_isRejectedByNodeAccessAsOutOfRange() throws {
        let node = JSONNode(try JSONParser.parse("[1e400]"))
        XCTAssertThrowsError(try node.array()[0].double()) { error in
            XCTAssertEqual((error as! InputError).location, "[0]")
        }
    }

    func test_nodeErrors_nameTheKeyPath() throws {
        let node = JSONNode(try JSONParser.parse(#"{"routes": [{"legs": [{"distance": "far"}]}]}"#))
        XCTAssertThrowsError(try node.require("routes").array()[0].require("legs").array()[0].require("distance").double()) { error in
            let e = error as! InputError
            XCTAssertEqual(e.location, "routes[0].legs[0].distance")
            XCTAssertEqual(e.message, "expected a number, found string")
        }
        XCTAssertThrowsError(try node.require("routes").array()[0].require("geometry")) { error in
            XCTAssertEqual((error as! InputError).location, "routes[0].geometry")
        }
    }
}
