/// How cue text is handed to the synthesizer: plain characters, or an SSML document (optionally with espeak
/// phoneme input, which `<phoneme>` needs). Route text is neutralised in every mode (`SpokenText`); the synthesizer
/// must read the text in the same mode.
public enum CueMarkup: String, Sendable, CaseIterable {
    /// Plain text: every character spoken as itself.
    case plain
    /// An SSML `<speak>` document.
    case ssml
    /// SSML with espeak phoneme input, so phonetic names the voice can honour are spoken from their phonemes.
    case ssmlWithPhonemes = "ssml-phonemes"
}

/// Where the words of cues come from: a phrase pack of `config/phrases/` (with the language's abbreviation table,
/// so route names are spoken in full), or the built-in plain English baseline; and how they are marked up.
public struct CueWording: Sendable {
    /// The pack, nil for the built-in plain English.
    public let pack: PhrasePack?
    /// The abbreviation table applied to route names, where there is one for the pack's language.
    public let abbreviations: Abbreviations.LanguageTable?
    /// Plain text or SSML.
    public let markup: CueMarkup

    /// The built-in plain US English (`PlainEnglishPhrases`), as plain text.
    public static let plainEnglish = CueWording(pack: nil)

    /// Words from `pack`, expanding route names with `abbreviations`, in `markup`.
    public init(pack: PhrasePack?, abbreviations: Abbreviations.LanguageTable? = nil, markup: CueMarkup = .plain) {
        self.pack = pack
        self.abbreviations = abbreviations
        self.markup = markup
    }

    /// The language tag written to the cue log.
    public var language: String { pack?.language.description ?? "en-US" }

    /// The words of `request` with distances in `units`, ready for the synthesizer in `markup`.
    public func text(for request: CuePhraseRequest, units: UnitSystem) -> String {
        let spoken: SpokenText
        if let pack {
            spoken = pack.render(request, units: units, abbreviations: abbreviations)
        } else {
            // The built-in English mixes route names into one string: all of it is treated as route data.
            spoken = .routeData(PlainEnglishPhrases.text(for: request, units: units))
        }
        switch markup {
        case .plain: return spoken.plainText()
        case .ssml: return spoken.ssml(voiceLanguage: language, phonemeInput: false)
        case .ssmlWithPhonemes: return spoken.ssml(voiceLanguage: language, phonemeInput: true)
        }
    }
}
