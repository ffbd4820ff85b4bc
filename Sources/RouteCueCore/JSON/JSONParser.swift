/// A strict RFC 8259 JSON parser over UTF-8 bytes, reporting errors with line and column.
/// Used instead of JSONSerialization (which is not in FoundationEssentials) so that every importer
/// can report the exact position or key path of bad input.
public struct JSONParser {
    /// Why a document is not valid JSON, or is over a limit, with a 1-based line and column.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in characters.
        public var column: Int
        /// What is wrong there.
        public var reason: String
        /// True when the document is well-formed as far as read but over one of the `ImportLimits` (depth, string
        /// length): an input too large rather than broken.
        public var exceedsLimit = false
        /// `line L, column C: reason`.
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    private let bytes: [UInt8]
    private var pos = 0
    private var depth = 0
    /// Nesting beyond this is refused before it is parsed: the parser recurses once per level.
    private let maxDepth: Int
    /// A longer string, key or number is refused.
    private let maxStringBytes: Int

    private init(bytes: [UInt8], limits: ImportLimits) {
        self.bytes = bytes
        maxDepth = limits.maxDepth
        maxStringBytes = limits.maxStringBytes
    }

    /// Parses one JSON document under `limits` (nesting depth, string length); trailing whitespace only is allowed
    /// after it. A UTF-8 BOM is skipped.
    public static func parse(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(SyntaxError) -> JSONValue {
        var p = JSONParser(bytes: bytes, limits: limits)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.pos = 3 }
        p.skipWhitespace()
        let v = try p.parseValue()
        p.skipWhitespace()
        if p.pos < bytes.count { throw p.error("unexpected content after the JSON value") }
        return v
    }

    /// Parses a string holding one JSON document.
    public static func parse(_ text: String, limits: ImportLimits = ImportLimits()) throws(SyntaxError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }

    /// The error for a value over a limit at `offset`.
    private func limitError(_ reason: String, at offset: Int) -> SyntaxError {
        var e = error(reason, at: offset)
        e.exceedsLimit = true
        return e
    }

    private func error(_ reason: String, at offset: Int? = nil) -> SyntaxError {
        let end = min(offset ?? pos, bytes.count)
        var line = 1, column = 1
        var i = 0
        while i < end {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of input (truncated document?)") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(printable(bytes[pos]))'")
        }
    }

    private func printable(_ b: UInt8) -> String {
        (0x20..<0x7F).contains(b) ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    private mutating func expectLiteral(_ word: String) throws(SyntaxError) {
        let w = Array(word.utf8)
        guard pos + w.count <= bytes.count else { throw error("unexpected end of input (truncated document?)") }
        for i in 0..<w.count where bytes[pos + i] != w[i] { throw error("invalid literal") }
        pos += w.count
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > maxDepth { throw limitError("nesting deeper than the limit of \(maxDepth) levels (import.max_depth)", at: pos) }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        pos += 1
        var object = JSONObject()
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; depth -= 1; return .object(object) }
        while true {
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an object (truncated document?)") }
            guard bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                throw error(pos < bytes.count ? "expected ':' after key \"\(key)\"" : "unexpected end of input (truncated document?)")
            }
            pos += 1
            skipWhitespace()
            object.append(key: key, value: try parseValue())
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an object (truncated document?)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
            throw error("expected ',' or '}' in object")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        pos += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an array (truncated document?)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']' in array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        func digits(_ p: inout Int, _ b: [UInt8]) -> Int {
            let s = p
            while p < b.count, b[p] >= 0x30, b[p] <= 0x39 { p += 1 }
            return p - s
        }
        let intStart = pos
        let intDigits = digits(&pos, bytes)
        guard intDigits > 0 else { throw error("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in number", at: intStart) }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits(&pos, bytes) > 0 else { throw error("invalid number: no digits after '.'") }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits(&pos, bytes) > 0 else { throw error("invalid number: no digits in exponent") }
        }
        guard pos - start <= maxStringBytes else {
            throw limitError("number of \(pos - start) characters, over the limit of \(maxStringBytes) bytes (import.max_string_bytes)", at: start)
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        return value
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let open = pos
        pos += 1
        // Fast path: no escapes.
        var i = pos
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                try checkLength(i - pos, of: open)
                let s = try validatedUTF8(bytes[pos..<i], at: pos)
                pos = i + 1
                return s
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(i - pos + 16)
        while true {
            guard pos < bytes.count else { throw error("unterminated string (truncated document?)", at: open) }
            try checkLength(out.count, of: open)
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") { pos += 1; break }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); pos += 1; continue }
            pos += 1
            guard pos < bytes.count else { throw error("unterminated escape") }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    pos += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error("unpaired surrogate in \\u escape")
                }
                // No text RouteCue reads may hold NUL: a D-Bus string refuses it (a UI would get an error instead of
                // the route's maneuvers) and C strings end at it. Read as U+FFFD, the replacement character.
                if scalar == 0 { scalar = 0xFFFD }
                out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
            default: throw error("invalid escape '\\\(printable(e))'")
            }
        }
        return try validatedUTF8(out[...], at: open)
    }

    /// Refuses the string opened at `open` once it holds more than `maxStringBytes` bytes.
    private func checkLength(_ count: Int, of open: Int) throws(SyntaxError) {
        guard count <= maxStringBytes else {
            throw limitError("string longer than the limit of \(maxStringBytes) bytes (import.max_string_bytes)", at: open)
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    private func validatedUTF8(_ slice: ArraySlice<UInt8>, at offset: Int) throws(SyntaxError) -> String {
        guard let s = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8 in string", at: offset) }
        return s
    }
}
