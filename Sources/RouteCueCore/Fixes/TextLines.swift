/// Splits a byte buffer into lines for the line-based fix readers: `\n`, `\r\n` and a lone `\r` each end a
/// line (so line numbers match what editors show), and stray NUL bytes are dropped (serial captures start or
/// restart with them).
enum TextLines {
    /// Calls `body` with each line's bytes (without terminator and NULs) and its 1-based line number.
    static func forEach(in bytes: [UInt8], _ body: (ArraySlice<UInt8>, Int) -> Void) {
        var lineNumber = 1
        var start = 0
        var hasNul = false
        var i = 0
        let n = bytes.count
        while i <= n {
            let atEnd = i == n
            let b: UInt8 = atEnd ? 0x0A : bytes[i]
            if b == 0x0A || b == 0x0D {
                if !(atEnd && start == n) {
                    var line = bytes[start..<i]
                    if hasNul { line = ArraySlice(line.filter { $0 != 0 }) }
                    body(line, lineNumber)
                }
                if b == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                lineNumber += 1
                start = i + 1
                hasNul = false
            } else if b == 0 {
                hasNul = true
            }
            i += 1
        }
    }

    /// True when the first 64 KB hold so many control bytes (other than tab, CR, LF and NUL) that this cannot
    /// be a text log: more than 1 % of them, or any run of 4 in a row.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(65_536)
        guard !sample.isEmpty else { return false }
        var control = 0
        var run = 0
        for b in sample {
            if (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D && b != 0) || b == 0x7F {
                control += 1
                run += 1
                if run >= 4 { return true }
            } else {
                run = 0
            }
        }
        return control * 100 > sample.count
    }

    /// The line with leading and trailing spaces and tabs removed.
    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = line
        while let f = s.first, f == 0x20 || f == 0x09 { s = s.dropFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 { s = s.dropLast() }
        return s
    }

    /// The bytes as a string for messages, shortened to `limit` characters.
    static func preview(_ line: ArraySlice<UInt8>, limit: Int = 40) -> String {
        let text = String(decoding: line.prefix(limit), as: UTF8.self)
        var printable = ""
        for scalar in text.unicodeScalars {
            printable.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
        }
        return line.count > limit ? printable + "…" : printable
    }
}
