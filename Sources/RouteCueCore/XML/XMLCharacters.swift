/// The character rules of XML 1.0 over UTF-8 bytes: validation of the whole input and the name classes.
enum XMLCharacters {
    /// Checks that `bytes` is well-formed UTF-8 holding only characters XML allows
    /// (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF).
    static func validate(_ bytes: [UInt8]) throws(XMLReader.SyntaxError) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                    throw XMLScanner.error(in: bytes, at: i, "character U+\(hex(UInt32(b))) is not allowed in XML")
                }
                i += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07)
            default: throw XMLScanner.error(in: bytes, at: i, "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))")
            }
            guard i + length <= n else { throw XMLScanner.error(in: bytes, at: i, "truncated UTF-8 sequence") }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { throw XMLScanner.error(in: bytes, at: i, "invalid UTF-8 sequence") }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard scalar >= minimum, scalar <= 0x10FFFF else {
                throw XMLScanner.error(in: bytes, at: i, "invalid UTF-8 sequence (overlong or out of range)")
            }
            guard !(0xD800...0xDFFF).contains(scalar) else {
                throw XMLScanner.error(in: bytes, at: i, "invalid UTF-8 sequence (encoded surrogate)")
            }
            guard isChar(scalar) else {
                throw XMLScanner.error(in: bytes, at: i, "character U+\(hex(scalar)) is not allowed in XML")
            }
            i += length
        }
    }

    /// True for a code point of XML's `Char` production.
    static func isChar(_ c: UInt32) -> Bool {
        c == 0x09 || c == 0x0A || c == 0x0D || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c)
            || (0x10000...0x10FFFF).contains(c)
    }

    /// True for a byte that may start a name: ASCII letters, `_`, `:`, or any non-ASCII lead byte.
    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0xC0
    }

    /// True for a byte that may continue a name: a start byte, digit, `-`, `.`, or a UTF-8 continuation.
    static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E || b >= 0x80
    }

    /// True for XML white space.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return s.count < 4 ? String(repeating: "0", count: 4 - s.count) + s : s
    }
}
