/// The parsing state behind `XMLReader`: one pass over validated UTF-8 bytes, iterative (an explicit
/// stack of open elements, no recursion), tracking lines for start tags and errors.
struct XMLScanner {
    private let bytes: [UInt8]
    /// Elements nested deeper are refused (`import.max_depth`).
    private let maxDepth: Int
    /// Longer names, attribute values and text runs are refused (`import.max_string_bytes`).
    private let maxStringBytes: Int
    private var pos = 0
    private var countedPos = 0
    private var countedLine = 1

    /// An element whose end tag has not been read yet, with its pending character data.
    private struct OpenElement {
        var element: XMLElement
        /// Its children so far (given to the element once, when it closes).
        var children: [XMLNode] = []
        var pendingText: [UInt8] = []
        var hasElementChild = false
    }

    init(bytes: [UInt8], limits: ImportLimits) {
        self.bytes = bytes
        maxDepth = limits.maxDepth
        maxStringBytes = limits.maxStringBytes
    }

    // MARK: - Errors and positions

    /// An error at a byte offset of `bytes`, with its line and (character) column.
    static func error(in bytes: [UInt8], at offset: Int, _ reason: String) -> XMLReader.SyntaxError {
        let end = min(offset, bytes.count)
        var line = 1, column = 1
        var i = 0
        while i < end {
            if endsLine(bytes, at: i) { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 && bytes[i] != 0x0D { column += 1 }
            i += 1
        }
        return XMLReader.SyntaxError(line: line, column: column, reason: reason)
    }

    /// True when the byte at `i` ends a line: LF, or a CR not followed by LF (XML reads CR LF and a lone CR
    /// as one line end, so old Mac files get real line numbers too).
    static func endsLine(_ bytes: [UInt8], at i: Int) -> Bool {
        bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
    }

    private func error(_ reason: String, at offset: Int? = nil) -> XMLReader.SyntaxError {
        XMLScanner.error(in: bytes, at: offset ?? pos, reason)
    }

    /// The line of a byte offset; offsets must be asked for in increasing order.
    private mutating func line(at offset: Int) -> Int {
        while countedPos < offset {
            if Self.endsLine(bytes, at: countedPos) { countedLine += 1 }
            countedPos += 1
        }
        return countedLine
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != start[k] { return false }
        return true
    }

    /// The error for something over a limit at `offset`.
    private func limitError(_ reason: String, at offset: Int) -> XMLReader.SyntaxError {
        var e = error(reason, at: offset)
        e.exceedsLimit = true
        return e
    }

    /// Refuses `what` (a name, an attribute value, a text run) started at `start` once it holds more than
    /// `maxStringBytes` bytes.
    private func checkLength(_ count: Int, of what: String, startingAt start: Int) throws(XMLReader.SyntaxError) {
        guard count <= maxStringBytes else {
            throw limitError("\(what) longer than the limit of \(maxStringBytes) bytes (import.max_string_bytes)", at: start)
        }
    }

    private func truncated(_ what: String) -> XMLReader.SyntaxError {
        error("unexpected end of input in \(what) (truncated document?)")
    }

    // MARK: - Document

    /// Parses prolog, root element and trailing misc; returns the root.
    mutating func parseDocument() throws(XMLReader.SyntaxError) -> XMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        if matches("<?xml", at: pos), pos + 5 < bytes.count, XMLCharacters.isSpace(bytes[pos + 5]) {
            try parseDeclaration()
        }
        try skipMisc()
        guard pos < bytes.count else { throw error("no root element (empty or truncated document?)") }
        guard bytes[pos] == UInt8(ascii: "<") else { throw error("text before the root element") }
        let root = try parseRootElement()
        try skipMisc()
        if pos < bytes.count { throw error("content after the root element") }
        return root
    }

    /// Skips white space, comments and processing instructions outside the root element.
    private mutating func skipMisc() throws(XMLReader.SyntaxError) {
        while pos < bytes.count {
            if XMLCharacters.isSpace(bytes[pos]) {
                pos += 1
            } else if matches("<!--", at: pos) {
                try skipComment()
            } else if matches("<?", at: pos) {
                try skipProcessingInstruction()
            } else if matches("<!DOCTYPE", at: pos) {
                throw rejectDTD()
            } else if matches("<!", at: pos) {
                throw error("unexpected markup declaration '<!' outside the root element")
            } else {
                return
            }
        }
    }

    private func rejectDTD() -> XMLReader.SyntaxError {
        error("DTDs are not accepted: a <!DOCTYPE> declaration (and any custom or external entity it defines) is rejected")
    }

    /// Reads `<?xml version="1.x" encoding="…"?>`; only UTF-8 (or its subset ASCII) is accepted.
    private mutating func parseDeclaration() throws(XMLReader.SyntaxError) {
        pos += 5
        var sawVersion = false
        while true {
            skipSpace()
            guard pos < bytes.count else { throw truncated("the XML declaration") }
            if matches("?>", at: pos) { pos += 2; break }
            let nameStart = pos
            let name = try parseName()
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "=") else { throw error("expected '=' after '\(name)' in the XML declaration") }
            pos += 1
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") else {
                throw error("expected a quoted value in the XML declaration")
            }
            let quote = bytes[pos]
            pos += 1
            let valueStart = pos
            while pos < bytes.count, bytes[pos] != quote { pos += 1 }
            guard pos < bytes.count else { throw truncated("the XML declaration") }
            let value = String(decoding: bytes[valueStart..<pos], as: UTF8.self)
            pos += 1
            switch name {
            case "version":
                guard value.hasPrefix("1.") else { throw error("unsupported XML version \"\(InputError.excerpt(value))\"", at: valueStart) }
                sawVersion = true
            case "encoding":
                let e = value.lowercased()
                guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(e) else {
                    throw error("unsupported encoding \"\(InputError.excerpt(value))\": only UTF-8 is accepted", at: valueStart)
                }
            case "standalone":
                break
            default:
                throw error("unknown pseudo-attribute '\(name)' in the XML declaration", at: nameStart)
            }
        }
        if !sawVersion { throw error("the XML declaration has no version") }
    }

    private mutating func skipSpace() {
        while pos < bytes.count, XMLCharacters.isSpace(bytes[pos]) { pos += 1 }
    }

    /// Skips `<!-- … -->`; `--` inside a comment is an error as XML requires.
    private mutating func skipComment() throws(XMLReader.SyntaxError) {
        let start = pos
        pos += 4
        while pos < bytes.count {
            if matches("--", at: pos) {
                guard pos + 2 < bytes.count else { break }
                guard bytes[pos + 2] == UInt8(ascii: ">") else { throw error("'--' is not allowed inside a comment") }
                pos += 3
                return
            }
            pos += 1
        }
        throw error("unterminated comment (truncated document?)", at: start)
    }

    /// Skips `<?target …?>`; a second XML declaration is an error.
    private mutating func skipProcessingInstruction() throws(XMLReader.SyntaxError) {
        let start = pos
        pos += 2
        let target = try parseName()
        if target.lowercased() == "xml" { throw error("the XML declaration is only allowed at the very start", at: start) }
        while pos < bytes.count {
            if matches("?>", at: pos) { pos += 2; return }
            pos += 1
        }
        throw error("unterminated processing instruction (truncated document?)", at: start)
    }

    // MARK: - Names

    /// Reads an XML name at `pos`.
    private mutating func parseName() throws(XMLReader.SyntaxError) -> String {
        guard pos < bytes.count else { throw truncated("a name") }
        guard XMLCharacters.isNameStart(bytes[pos]) else { throw error("expected a name, found '\(printable(bytes[pos]))'") }
        let start = pos
        pos += 1
        while pos < bytes.count, XMLCharacters.isNameByte(bytes[pos]) { pos += 1 }
        try checkLength(pos - start, of: "a name", startingAt: start)
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Reads a name and checks it is a valid qualified name (`local` or `prefix:local`).
    private mutating func parseQualifiedName() throws(XMLReader.SyntaxError) -> String {
        let start = pos
        let name = try parseName()
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 2 || parts.contains(where: \.isEmpty) {
            throw error("invalid qualified name '\(name)'", at: start)
        }
        return name
    }

    private func printable(_ b: UInt8) -> String {
        (0x20..<0x7F).contains(b) ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    // MARK: - Elements

    /// Parses the root element and everything inside it without recursion.
    private mutating func parseRootElement() throws(XMLReader.SyntaxError) -> XMLElement {
        var stack: [OpenElement] = []
        let (first, firstClosed) = try parseStartTag()
        if firstClosed { return first }
        stack.append(OpenElement(element: first))

        while true {
            guard pos < bytes.count else {
                let open = stack[stack.count - 1].element
                throw error("unexpected end of input: <\(open.name)> opened at line \(open.line) is not closed (truncated document?)")
            }
            let b = bytes[pos]
            if b == UInt8(ascii: "<") {
                if matches("</", at: pos) {
                    let finished = try parseEndTag(closing: &stack[stack.count - 1])
                    stack.removeLast()
                    if stack.isEmpty { return finished }
                    Self.append(.element(finished), to: &stack[stack.count - 1])
                } else if matches("<!--", at: pos) {
                    try skipComment()
                } else if matches("<![CDATA[", at: pos) {
                    try readCDATA(into: &stack[stack.count - 1].pendingText)
                    try checkLength(stack[stack.count - 1].pendingText.count, of: "text", startingAt: pos)
                } else if matches("<!DOCTYPE", at: pos) {
                    throw rejectDTD()
                } else if matches("<!", at: pos) {
                    throw error("unexpected markup declaration '<!' inside an element")
                } else if matches("<?", at: pos) {
                    try skipProcessingInstruction()
                } else {
                    let (child, closed) = try parseStartTag()
                    if closed {
                        Self.append(.element(child), to: &stack[stack.count - 1])
                    } else {
                        guard stack.count < maxDepth else {
                            throw limitError("elements nested deeper than the limit of \(maxDepth) levels (import.max_depth)", at: pos)
                        }
                        Self.flushText(of: &stack[stack.count - 1])
                        stack.append(OpenElement(element: child))
                    }
                }
            } else if b == UInt8(ascii: "&") {
                try readReference(into: &stack[stack.count - 1].pendingText)
                try checkLength(stack[stack.count - 1].pendingText.count, of: "text", startingAt: pos)
            } else {
                try readText(into: &stack[stack.count - 1].pendingText)
            }
        }
    }

    /// Adds a finished child to an open element (flushing pending text first).
    private static func append(_ node: XMLNode, to open: inout OpenElement) {
        flushText(of: &open)
        if case .element = node { open.hasElementChild = true }
        open.children.append(node)
    }

    /// Turns pending character data into a text child (white space between child elements is dropped).
    private static func flushText(of open: inout OpenElement) {
        guard !open.pendingText.isEmpty else { return }
        if open.hasElementChild, open.pendingText.allSatisfy(XMLCharacters.isSpace) {
            open.pendingText.removeAll(keepingCapacity: true)
            return
        }
        open.children.append(.text(String(decoding: open.pendingText, as: UTF8.self)))
        open.pendingText.removeAll(keepingCapacity: true)
    }

    /// Reads `<name attr="v" …>` or `<name …/>`; returns the element and whether it is already closed.
    private mutating func parseStartTag() throws(XMLReader.SyntaxError) -> (XMLElement, Bool) {
        let tagStart = pos
        let startLine = line(at: tagStart)
        pos += 1
        let name = try parseQualifiedName()
        var attributes = XMLAttributes()
        while true {
            let hadSpace = pos < bytes.count && XMLCharacters.isSpace(bytes[pos])
            skipSpace()
            guard pos < bytes.count else { throw truncated("the start tag <\(name)>") }
            if bytes[pos] == UInt8(ascii: ">") {
                pos += 1
                return (XMLElement(name: name, attributes: attributes, line: startLine), false)
            }
            if matches("/>", at: pos) {
                pos += 2
                return (XMLElement(name: name, attributes: attributes, line: startLine), true)
            }
            guard hadSpace else { throw error("expected white space, '>' or '/>' in the start tag <\(name)>") }
            let attributeStart = pos
            let attributeName = try parseQualifiedName()
            skipSpace()
            guard pos < bytes.count else { throw truncated("the start tag <\(name)>") }
            guard bytes[pos] == UInt8(ascii: "=") else { throw error("expected '=' after attribute '\(attributeName)'") }
            pos += 1
            skipSpace()
            let value = try parseAttributeValue()
            guard attributes[attributeName] == nil else {
                throw error("duplicate attribute '\(attributeName)' in <\(name)>", at: attributeStart)
            }
            attributes[attributeName] = value
        }
    }

    /// Reads a quoted attribute value: references resolved, white space characters normalized to spaces.
    private mutating func parseAttributeValue() throws(XMLReader.SyntaxError) -> String {
        guard pos < bytes.count else { throw truncated("an attribute value") }
        let quote = bytes[pos]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw error("expected a quoted attribute value") }
        pos += 1
        let start = pos
        var value: [UInt8] = []
        while true {
            guard pos < bytes.count else { throw truncated("an attribute value") }
            try checkLength(value.count, of: "an attribute value", startingAt: start)
            let b = bytes[pos]
            switch b {
            case quote:
                pos += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw error("'<' is not allowed in an attribute value")
            case UInt8(ascii: "&"):
                try readReference(into: &value)
            case 0x0D:
                value.append(0x20)
                pos += 1
                if pos < bytes.count, bytes[pos] == 0x0A { pos += 1 }
            case 0x09, 0x0A:
                value.append(0x20)
                pos += 1
            default:
                value.append(b)
                pos += 1
            }
        }
    }

    /// Reads `</name>` for the innermost open element and returns that element, finished.
    private mutating func parseEndTag(closing open: inout OpenElement) throws(XMLReader.SyntaxError) -> XMLElement {
        let tagStart = pos
        pos += 2
        let name = try parseName()
        skipSpace()
        guard pos < bytes.count else { throw truncated("the end tag </\(name)>") }
        guard bytes[pos] == UInt8(ascii: ">") else { throw error("expected '>' in the end tag </\(name)>") }
        guard name == open.element.name else {
            throw error("end tag </\(name)> does not match <\(open.element.name)> opened at line \(open.element.line)", at: tagStart)
        }
        pos += 1
        XMLScanner.flushText(of: &open)
        if open.hasElementChild {
            open.children.removeAll { node in
                if case .text(let t) = node { return t.utf8.allSatisfy(XMLCharacters.isSpace) }
                return false
            }
        }
        open.element.children = open.children
        return open.element
    }

    // MARK: - Character data

    /// Reads plain text up to the next `<` or `&`, normalizing line ends; `]]>` is an error, and so is a text run
    /// (with what came before it in the same run) over `maxStringBytes`.
    private mutating func readText(into text: inout [UInt8]) throws(XMLReader.SyntaxError) {
        while pos < bytes.count {
            try checkLength(text.count, of: "text", startingAt: pos)
            let b = bytes[pos]
            if b == UInt8(ascii: "<") || b == UInt8(ascii: "&") { return }
            if b == UInt8(ascii: "]"), matches("]]>", at: pos) { throw error("']]>' is not allowed in text") }
            if b == 0x0D {
                text.append(0x0A)
                pos += 1
                if pos < bytes.count, bytes[pos] == 0x0A { pos += 1 }
            } else {
                text.append(b)
                pos += 1
            }
        }
    }

    /// Reads `<![CDATA[ … ]]>`, appending its content literally (line ends normalized).
    private mutating func readCDATA(into text: inout [UInt8]) throws(XMLReader.SyntaxError) {
        let start = pos
        pos += 9
        while pos < bytes.count {
            if matches("]]>", at: pos) { pos += 3; return }
            try checkLength(text.count, of: "text", startingAt: pos)
            let b = bytes[pos]
            if b == 0x0D {
                text.append(0x0A)
                if pos + 1 < bytes.count, bytes[pos + 1] == 0x0A { pos += 1 }
            } else {
                text.append(b)
            }
            pos += 1
        }
        throw error("unterminated CDATA section (truncated document?)", at: start)
    }

    /// Reads `&name;`, `&#N;` or `&#xH;` and appends the character it stands for as UTF-8.
    private mutating func readReference(into text: inout [UInt8]) throws(XMLReader.SyntaxError) {
        let start = pos
        pos += 1
        guard pos < bytes.count else { throw truncated("an entity reference") }
        if bytes[pos] == UInt8(ascii: "#") {
            pos += 1
            var radix: UInt32 = 10
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "x") { radix = 16; pos += 1 }
            var value: UInt32 = 0
            var digits = 0
            while pos < bytes.count, let d = Self.digit(bytes[pos], radix: radix) {
                value = value * radix + d
                digits += 1
                pos += 1
                if value > 0x10FFFF { throw error("character reference out of range", at: start) }
            }
            guard digits > 0, pos < bytes.count, bytes[pos] == UInt8(ascii: ";") else {
                throw error("malformed character reference", at: start)
            }
            pos += 1
            guard XMLCharacters.isChar(value), let scalar = Unicode.Scalar(value) else {
                throw error("character reference &#\(radix == 16 ? "x" : "")\(String(value, radix: Int(radix)));"
                            + " names a character XML does not allow", at: start)
            }
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        guard XMLCharacters.isNameStart(bytes[pos]) else {
            throw error("'&' must start an entity or character reference (write &amp; for a literal '&')", at: start)
        }
        let name = try parseName()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ";") else {
            throw error("entity reference &\(name) is not terminated by ';'", at: start)
        }
        pos += 1
        switch name {
        case "amp": text.append(UInt8(ascii: "&"))
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            throw error("undefined entity &\(name); (only &amp; &lt; &gt; &quot; &apos; and character references are accepted)", at: start)
        }
    }

    private static func digit(_ b: UInt8, radix: UInt32) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
