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
    /// How names of another language are pronounced; nil: by the guidance voice (as `NamePronunciation.Mode.guidance`).
    public let names: NamePronunciation?
    /// The abbreviation tables of other languages, for names of those languages.
    public let nameAbbreviations: NameAbbreviations?

    /// The built-in plain US English (`PlainEnglishPhrases`), as plain text.
    public static let plainEnglish = CueWording(pack: nil)

    /// Words from `pack`, expanding route names with `abbreviations`, in `markup`, names of other languages
    /// pronounced as `names` says.
    public init(pack: PhrasePack?, abbreviations: Abbreviations.LanguageTable? = nil, markup: CueMarkup = .plain,
                names: NamePronunciation? = nil, nameAbbreviations: NameAbbreviations? = nil) {
        self.pack = pack
        self.abbreviations = abbreviations
        self.markup = markup
        self.names = names
        self.nameAbbreviations = nameAbbreviations
    }

    /// The language tag written to the cue log.
    public var language: String { pack?.language.description ?? "en-US" }

    /// The words of `request` with distances in `units`, ready for the synthesizer in `markup` — or, when a route
    /// name is to be spoken in its own language's voice (`names`), as an SSML document switching voices, whatever
    /// `markup` is (`markup(of:)` tells which). The built-in English has no names of their own to switch.
    public func text(for request: CuePhraseRequest, units: UnitSystem) -> String {
        let spoken: SpokenText
        if let pack {
            let voices = nameVoices(pack)
            spoken = pack.render(request, units: units, abbreviations: abbreviations, nameAbbreviations: nameAbbreviations,
                                 spokenInOwnVoice: voices.map { voices in { voices.voiceForName($0, $1) != nil } })
            if let voices,
               let switched = spoken.ssml(voiceLanguage: language, phonemeInput: markup == .ssmlWithPhonemes, voices: voices) {
                return switched
            }
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

extension CueWording {
    /// How the synthesizer must read `text`, one of this wording's texts: `markup`, except that a voice-switching
    /// cue rendered for plain markup is SSML. Told apart by its first characters: an SSML document starts with
    /// `<speak>`, and a plain rendering never starts with `<` (`SpokenTextRenderer`).
    public func markup(of text: String) -> CueMarkup {
        guard markup == .plain else { return markup }
        return text.hasPrefix("<speak>") ? .ssml : .plain
    }

    /// Whether `text` (a text a `CueWording` rendered, as the cue log keeps it) speaks a name in its own language's
    /// voice: an SSML document with `<voice>` runs, which only the voice-switching rendering writes (route text is
    /// escaped, so it never holds a raw `<`).
    public static func speaksNameInOwnVoice(_ text: String) -> Bool {
        text.hasPrefix("<speak>") && text.contains("<voice name=")
    }

    /// Whether names of other languages are spoken in their own voice with this wording: a pack (the built-in
    /// English has none), `names` in mode `native` with voices, and a pack that does not keep names in its own voice.
    public var switchesNameVoices: Bool {
        guard let pack, pack.names == .native, let names, names.mode == .native else { return false }
        return !names.voices.isEmpty && NameVoices.isSelectionName(Self.voiceWithoutVariant(pack.voice))
    }

    /// `en-us` of `en-us+f3`: the voice a `<voice name>` selects (espeak-ng keeps the selected variant itself).
    static func voiceWithoutVariant(_ voice: String) -> String {
        String(voice.prefix { $0 != "+" })
    }

    /// The voices of a sentence of `pack`, when names are switched (`switchesNameVoices`).
    private func nameVoices(_ pack: PhrasePack) -> SpokenVoices? {
        guard switchesNameVoices, let names else { return nil }
        let guidance = pack.language
        let guidanceVoice = Self.voiceWithoutVariant(pack.voice)
        return SpokenVoices(guidanceVoice: guidanceVoice) { text, language in
            guard let language, let voice = names.voice(forName: text, language: language, guidance: guidance),
                  voice != guidanceVoice else { return nil }
            return (voice, language)
        }
    }
}

extension CueWording {
    /// What `text` (a text a `CueWording` rendered, as the cue log keeps it) says, for a screen or a reader of the
    /// log: a plain text as it is (it never starts with `<`), an SSML document's characters without the markup
    /// (entities decoded, `<break>` and `<phoneme>` silent).
    public static func words(of text: String) -> String {
        guard text.hasPrefix("<speak>"), let document = try? XMLReader.parse(Array(text.utf8)) else { return text }
        var words = ""
        Self.appendText(of: document, to: &words)
        return words
    }

    private static func appendText(of element: XMLElement, to words: inout String) {
        for child in element.children {
            switch child {
            case .text(let text): words += text
            case .element(let inner): appendText(of: inner, to: &words)
            }
        }
    }
}
