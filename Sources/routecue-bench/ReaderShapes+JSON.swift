import Foundation
import RouteCueCore

extension ReaderShapes {
    /// The JSON parser alone (`JSONParser.parse`), which every JSON route, tour, configuration, phrase pack,
    /// journal and gpsd report goes through.
    static var json: [ReaderShape] {
        let parse: ([UInt8]) throws -> Void = { _ = try JSONParser.parse($0) }
        return [
            ReaderShape(reader: "JSON", shape: "many keys in one object", make: { scale in
                var s = "{"
                for i in 0..<(5_000 * scale) { s += (i == 0 ? "" : ",") + String(format: "\"k%07d\":0", i) }
                return Array((s + "}").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "long string", make: { scale in
                Array(("\"" + String(repeating: "x", count: 60_000 * scale) + "\"").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "string of escapes", make: { scale in
                Array(("\"" + String(repeating: "\\n\\u00e9\\\"", count: 15_000 * scale) + "\"").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "long number", make: { scale in
                Array(("[0." + String(repeating: "1234567890", count: 6_000 * scale) + "]").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "array of coordinate pairs", make: { scale in
                Array(("[" + stairs(10_000 * scale).map(lonLat).joined(separator: ",") + "]").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "nesting 100 deep, repeated", make: { scale in
                let block = String(repeating: "[", count: 100) + "0" + String(repeating: "]", count: 100)
                return Array(("[" + Array(repeating: block, count: 1_000 * scale).joined(separator: ",") + "]").utf8)
            }, read: parse),
            ReaderShape(reader: "JSON", shape: "many small objects", make: { scale in
                Array(("[" + Array(repeating: "{\"a\":1,\"b\":\"x\"}", count: 10_000 * scale).joined(separator: ",") + "]").utf8)
            }, read: parse),
        ]
    }
}
