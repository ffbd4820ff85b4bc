/// Where the words of cues come from: a phrase pack of `config/phrases/` (with the language's abbreviation table,
/// so route names are spoken in full), or the built-in plain English baseline.
public struct CueWording: Sendable {
    /// The pack, nil for the built-in plain English.
    public let pack: PhrasePack?
    /// The abbreviation table applied to route names, where there is one for the pack's language.
    public let abbreviations: Abbreviations.LanguageTable?

    /// The built-in plain US English (`PlainEnglishPhrases`).
    public static let plainEnglish = CueWording(pack: nil, abbreviations: nil)

    /// Words from `pack`, expanding route names with `abbreviations`.
    public init(pack: PhrasePack?, abbreviations: Abbreviations.LanguageTable? = nil) {
        self.pack = pack
        self.abbreviations = abbreviations
    }

    /// The language tag written to the cue log.
    public var language: String { pack?.language.description ?? "en-US" }

    /// The words of `request` with distances in `units`, as plain text for the synthesizer.
    public func text(for request: CuePhraseRequest, units: UnitSystem) -> String {
        guard let pack else { return PlainEnglishPhrases.text(for: request, units: units) }
        return pack.text(for: request, units: units, abbreviations: abbreviations)
    }
}
