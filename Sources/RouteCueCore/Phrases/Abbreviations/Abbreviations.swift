/// Road names as said aloud: the abbreviations of screen text expanded from our own per-language tables
/// (`config/phrases/abbreviations/<language>.json`) and refs spoken the way locals say them.
///
/// Use: parse a language's file once with `Abbreviations.parse(_:name:)`, then call
/// `Abbreviations.expandForSpeech(name, language: table, region:)` on each road name or ref before it goes
/// into a phrase template. The result is idempotent: expanding it again changes nothing.
public enum Abbreviations {
    /// One language's table: word abbreviations in file order (the first that fits a word wins) and ref rules.
    public struct LanguageTable: Sendable, Equatable {
        /// The language code of the file ("en", "de").
        public let language: String
        /// Word abbreviations, in file order.
        public let entries: [AbbreviationEntry]
        /// Ref rules, in file order.
        public let refs: [RefRule]

        /// Creates a table.
        public init(language: String, entries: [AbbreviationEntry], refs: [RefRule]) {
            self.language = language
            self.entries = entries
            self.refs = refs
        }
    }

    /// Reads one table file; every bad key or value is an error naming its key path (and `name` as the file).
    public static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> LanguageTable {
        do throws(InputError) {
            return try AbbreviationFileParser.parse(RouteReader.parseJSON(bytes))
        } catch {
            throw error.as(.abbreviations).inFile(name)
        }
    }

    /// `name` as it should be spoken in `language`: refs first ("A9" → "A 9"), then each abbreviated word
    /// whose position fits (case follows the written word). `region` (e.g. "US") enables region-limited ref rules.
    public static func expandForSpeech(_ name: String, language: LanguageTable, region: String? = nil) -> String {
        AbbreviationExpander(table: language, region: region).expand(name)
    }
}
