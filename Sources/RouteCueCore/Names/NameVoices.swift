/// The espeak-ng voices installed, by the languages they speak: which voice says a name in its own language.
/// Built from espeak-ng's voice list (the Speech module's `SpeechVoices.available()`); RouteCueCore itself never
/// calls espeak-ng.
public struct NameVoices: Sendable, Equatable {
    /// Lowercase espeak-ng language name (`de`, `pt-br`, `zh`) → the voice's selection name (`de`, `pt-br`, `cmn`).
    private let voiceByLanguage: [String: String]

    /// No voices: every name is spoken by the guidance voice.
    public static let none = NameVoices(languages: [])

    /// Voices from `(language, voice, priority)` triples, as espeak-ng lists them: for a language served by several
    /// voices the lowest priority wins (espeak-ng's own preference), then the first listed. Entries whose voice is
    /// not a well-formed selection name (letters, digits, `-`, `_`; it goes into SSML) are left out.
    public init(languages: [(language: String, voice: String, priority: Int)]) {
        var best: [String: (voice: String, priority: Int)] = [:]
        for entry in languages where Self.isSelectionName(entry.voice) && !entry.language.isEmpty {
            let key = entry.language.lowercased()
            if let known = best[key], known.priority <= entry.priority { continue }
            best[key] = (entry.voice, entry.priority)
        }
        voiceByLanguage = best.mapValues(\.voice)
    }

    /// The voice that speaks `language` (a BCP 47 tag, any case): the tag itself (`pt-BR` → `pt-br`), else its
    /// language and region (`de-Latn-AT` → `de-at`), else its primary language (`de-AT` → `de`); nil when no
    /// installed voice speaks it.
    public func voice(for language: String) -> String? {
        let lowered = String(language.lowercased().map { $0 == "_" ? "-" : $0 })
        if let voice = voiceByLanguage[lowered] { return voice }
        guard let tag = try? LanguageTag(language) else { return nil }
        if let region = tag.region, let voice = voiceByLanguage["\(tag.language)-\(region.lowercased())"] {
            return voice
        }
        return voiceByLanguage[tag.language]
    }

    /// Whether no voice is known.
    public var isEmpty: Bool { voiceByLanguage.isEmpty }

    /// 1…40 ASCII letters, digits, `-` and `_`: what may stand in `<voice name="…">` unescaped.
    static func isSelectionName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40 && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }
}
