/// A small strict XML 1.0 reader over UTF-8 bytes, written for GPX (the core uses no libxml2).
///
/// Accepts elements, attributes, text, CDATA, comments, processing instructions and the XML declaration
/// (both skipped), the predefined entities and numeric character references. Rejects any DTD (and so
/// every custom or external entity), undefined entities, mismatched or unclosed tags, duplicate
/// attributes, characters XML forbids, invalid UTF-8, encodings other than UTF-8 and content after the root element,
/// each with a line and column; and, as over a limit (`SyntaxError.exceedsLimit`), nesting deeper than
/// `ImportLimits.maxDepth` and a name, attribute value or text run longer than `ImportLimits.maxStringBytes`. Nothing
/// is ever expanded but the five predefined entities and character references. Linear in the input: duplicate
/// attributes are found through an index past a few (`XMLAttributes`).
public enum XMLReader {
    /// Why a document is not accepted, with a 1-based line and column (columns count characters).
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in characters.
        public var column: Int
        /// What is wrong there.
        public var reason: String
        /// True when the document is well-formed as far as read but over one of the `ImportLimits` (depth, name or
        /// text length): an input too large rather than broken.
        public var exceedsLimit: Bool

        /// Creates an error.
        public init(line: Int, column: Int, reason: String, exceedsLimit: Bool = false) {
            self.line = line
            self.column = column
            self.reason = reason
            self.exceedsLimit = exceedsLimit
        }

        /// `line L, column C: reason`.
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Parses a whole document under `limits` (nesting depth, name and text length) and returns its root element. A
    /// UTF-8 BOM is skipped.
    public static func parse(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(SyntaxError) -> XMLElement {
        try XMLCharacters.validate(bytes)
        var scanner = XMLScanner(bytes: bytes, limits: limits)
        return try scanner.parseDocument()
    }

    /// Parses a document held in a string.
    public static func parse(_ text: String, limits: ImportLimits = ImportLimits()) throws(SyntaxError) -> XMLElement {
        try parse(Array(text.utf8), limits: limits)
    }
}
