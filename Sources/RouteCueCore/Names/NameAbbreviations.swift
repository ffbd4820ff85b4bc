/// The abbreviation tables of the languages route names are written in, for expanding a name with its own
/// language's table (`Hauptstr.` → `Hauptstraße` in an English cue). Looked up by primary language subtag through
/// `lookup`, which the service backs with the phrase library's `abbreviations/<language>.json` files, read once each.
public struct NameAbbreviations: Sendable {
    private let lookup: @Sendable (String) -> Abbreviations.LanguageTable?

    /// Tables from `lookup` (a primary language subtag → its table, nil when there is none).
    public init(_ lookup: @escaping @Sendable (String) -> Abbreviations.LanguageTable?) {
        self.lookup = lookup
    }

    /// The table of `language` (a primary language subtag, `de`), nil when there is none.
    public func table(forLanguage language: String) -> Abbreviations.LanguageTable? {
        lookup(language)
    }
}
