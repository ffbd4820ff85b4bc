/// A JSON document as `routecue … --json` prints it: built from an `Encodable` value by `JSONTreeEncoder`, written
/// with `prettyText()` in the layout those commands have always had (two-space indentation, `"key" : value`, keys
/// sorted by their UTF-8 bytes, every array element on its own line, `/` not escaped).
indirect enum JSONTree: Equatable {
    case null
    case bool(Bool)
    /// A number as it is written: an integer's digits, a floating-point value's shortest form without `.0`.
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// The document, pretty-printed, without a trailing newline.
    func prettyText() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            out.append(0x0A)
            for (i, item) in items.enumerated() {
                if i > 0 { out += [UInt8(ascii: ","), 0x0A] }
                Self.writeIndent(indent + 1, into: &out)
                item.write(into: &out, indent: indent + 1)
            }
            out.append(0x0A)
            Self.writeIndent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            out.append(0x0A)
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, (key, value)) in sorted.enumerated() {
                if i > 0 { out += [UInt8(ascii: ","), 0x0A] }
                Self.writeIndent(indent + 1, into: &out)
                Self.writeString(key, into: &out)
                out += Array(" : ".utf8)
                value.write(into: &out, indent: indent + 1)
            }
            out.append(0x0A)
            Self.writeIndent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ level: Int, into out: inout [UInt8]) {
        out += repeatElement(0x20, count: level * 2)
    }

    /// `s` in double quotes: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`.
    private static func writeString(_ s: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, UInt8(ascii: "\"")]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
