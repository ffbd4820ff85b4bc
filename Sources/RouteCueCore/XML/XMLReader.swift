/// A small strict XML 1.0 reader over UTF-8 bytes, written for GPX (the core uses no libxml2).
///
/// Accepts elements, attributes, text, CDATA, comments, processing instructions and the XML declaration
/// (both skipped), the predefined entities and numeric character references. Rejects any DTD (and so
/// every custom or external entity), undefined entities, mismatched or unclosed tags, duplicate
/// attributes, characters XML forbids, invalid UTF-8, encodings other than UTF-8, content after the
/// root element and nesting deeper than `maxDepth`, each with a line and column.
public enum XMLReader {
    /// Why a document is not accepted, with a 1-based line and column (columns count characters).
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in characters.
        public var column: Int
        /// What is wrong there.
        public var reason: String

        /// Creates an error.
        public init(line: Int, column: Int, reason: String) {
            self.line = line
            self.column = column
            self.reason = reason
        }

        /// `line L, column C: reason`.
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Maximum element nesting accepted (protects the stack against hostile input; GPX needs about 6).
    public static let maxDepth = 256

    /// Parses a whole document and returns its root element. A UTF-8 BOM is skipped.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> XMLElement {
        try XMLCharacters.validate(bytes)
        var scanner = XMLScanner(bytes: bytes)
        return try scanner.parseDocument()
    }

    /// Parses a document held in a string.
    public static func parse(_ text: String) throws(SyntaxError) -> XMLElement { try parse(Array(text.utf8)) }
}
