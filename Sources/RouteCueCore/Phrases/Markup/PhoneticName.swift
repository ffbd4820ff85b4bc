/// A phonetic spelling of a name from route data, kept as it came (alphabet, string, language) so a renderer
/// can decide per voice whether espeak-ng can honour it (see `PhoneticName.phonemes(forVoiceLanguage:)`).
public struct PhoneticName: Hashable, Sendable {
    /// The notation `string` is written in.
    public let alphabet: PhoneticAlphabet
    /// The pronunciation in `alphabet`, e.g. `h@l'oU` in espeak's phoneme mnemonics.
    public let string: String
    /// The language whose phoneme set `string` uses: a BCP 47 tag (`en-US`, `zh-HK`) or an espeak-ng voice
    /// name (`en-us`, `yue`).
    public let language: String

    /// Creates a phonetic spelling.
    public init(alphabet: PhoneticAlphabet, string: String, language: String) {
        self.alphabet = alphabet
        self.string = string
        self.language = language
    }

    /// The espeak-ng phoneme string to speak instead of the written name for a voice of `voiceLanguage`, or nil
    /// when espeak-ng cannot honour this spelling for that voice. Non-nil only when all hold:
    /// - the alphabet is `espeak` (espeak-ng 1.51 takes no other alphabet in `<phoneme>` or `[[…]]`; IPA and
    ///   X-SAMPA are not converted, so such names are spoken as written);
    /// - the name's language and the voice's language use the same espeak-ng phoneme table
    ///   (`PhonemeLanguage.sameTable`): espeak phoneme mnemonics mean different sounds in different languages;
    /// - the string is one espeak-ng can take verbatim (`isSafeEspeakPhonemeString`): espeak-ng reads SSML
    ///   attribute values raw (it decodes no `&…;` entity there, a `"` or `>` ends them) and wraps them in `[[…]]`,
    ///   so a string that would need escaping cannot be passed faithfully and is refused rather than escaped.
    public func phonemes(forVoiceLanguage voiceLanguage: String) -> String? {
        guard alphabet == .espeak, PhonemeLanguage.sameTable(language, voiceLanguage),
              Self.isSafeEspeakPhonemeString(string) else { return nil }
        return string
    }

    /// The longest phoneme string passed to espeak-ng, in characters (a name, not a paragraph).
    public static let maximumPhonemeLength = 200

    /// True when `string` is 1…`maximumPhonemeLength` printable ASCII characters, not all spaces, and contains
    /// none of `"` `&` `<` `>` `\` (which would end, or be misread in, espeak-ng's raw attribute value) nor `[` `]`
    /// (which would end espeak-ng's `[[…]]` phoneme mode early and let the rest be read as text or markup).
    /// espeak-ng's phoneme mnemonics are all printable ASCII, so real spellings pass.
    public static func isSafeEspeakPhonemeString(_ string: String) -> Bool {
        guard !string.isEmpty, string.unicodeScalars.count <= maximumPhonemeLength,
              string.unicodeScalars.contains(where: { $0 != " " }) else { return false }
        return string.unicodeScalars.allSatisfy { scalar in
            (0x20...0x7E).contains(scalar.value) && !"\"&<>\\[]".unicodeScalars.contains(scalar)
        }
    }
}

/// The notation of a `PhoneticName`, by its SSML `alphabet` name.
public struct PhoneticAlphabet: RawRepresentable, Hashable, Sendable {
    /// The alphabet's name as SSML writes it, lower case: `espeak`, `ipa`, `x-sampa`.
    public let rawValue: String
    /// Wraps an alphabet name; it is lower-cased so `IPA` and `ipa` are the same alphabet.
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// espeak-ng's own phoneme mnemonics (`h@l'oU`): the only alphabet espeak-ng 1.51 honours.
    public static let espeak = PhoneticAlphabet(rawValue: "espeak")
    /// The International Phonetic Alphabet (as OSM `name:pronunciation` often has it); not honoured by espeak-ng.
    public static let ipa = PhoneticAlphabet(rawValue: "ipa")
    /// X-SAMPA; not honoured by espeak-ng.
    public static let xSampa = PhoneticAlphabet(rawValue: "x-sampa")
}
