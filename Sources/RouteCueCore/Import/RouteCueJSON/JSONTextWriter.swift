/// Serializes a `JSONValue` as pretty-printed UTF-8 JSON: two-space indentation, object keys in the
/// order the object holds them, short lists of numbers or words (a `[lon, lat]` pair, lane indications) kept on one line.
/// Numbers are written in their shortest round-trip form, so reading them back gives the same `Double`.
enum JSONTextWriter {
    /// The document as UTF-8 bytes, ending in a newline.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(value, indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    /// The value on one line with no spaces (a JSON Lines record), without a trailing newline.
    static func line(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, indent: nil, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `value`; a nil `indent` writes it compactly on one line.
    private static func write(_ value: JSONValue, indent: Int?, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .number(let d): writeNumber(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: Array("[]".utf8)); return }
            guard let indent else {
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    write(item, indent: nil, into: &out)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            if isShortScalarList(items) {
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x20]) }
                    write(item, indent: indent, into: &out)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.count == 0 { out.append(contentsOf: Array("{}".utf8)); return }
            guard let indent else {
                out.append(UInt8(ascii: "{"))
                for (i, (key, item)) in object.pairs.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    writeString(key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    write(item, indent: nil, into: &out)
                }
                out.append(UInt8(ascii: "}"))
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, (key, item)) in object.pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                writeString(key, into: &out)
                out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Up to four numbers (a `[lon, lat]` pair) or four short strings (lane indications) stay on one line.
    private static func isShortScalarList(_ items: [JSONValue]) -> Bool {
        guard items.count <= 4 else { return false }
        return items.allSatisfy {
            switch $0 {
            case .number: true
            case .string(let s): s.utf8.count <= 24
            default: false
            }
        }
    }

    private static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    /// Whole numbers below 2^53 without a fraction, others in Swift's shortest round-trip form; a
    /// non-finite number (never held by a valid route) becomes `null`, which the reader rejects.
    private static func writeNumber(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else { out.append(contentsOf: Array("null".utf8)); return }
        if d == d.rounded(), abs(d) < 9.0e15, !(d == 0 && d.sign == .minus) {
            out.append(contentsOf: Array(String(Int(d)).utf8))
        } else {
            out.append(contentsOf: Array(d.description.utf8))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
