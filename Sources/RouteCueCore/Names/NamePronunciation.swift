/// How route names are pronounced when their language is not the guidance language (`names.pronounce`):
/// `native` speaks a road name, destination or stop name with the voice of its own language inside the guidance
/// sentence ("Turn left onto <Ringstraße in German>"), `guidance` reads every name with the guidance voice's rules.
public struct NamePronunciation: Sendable, Equatable {
    /// The two ways.
    public enum Mode: String, Sendable, CaseIterable {
        /// Each name in its own language's voice (the default).
        case native
        /// Every name by the guidance voice, as RouteCue did before names knew their language.
        case guidance
    }

    /// The configured way.
    public var mode: Mode
    /// The installed voices names can be spoken with.
    public var voices: NameVoices

    /// Pronounces names as `mode` says, with `voices`.
    public init(mode: Mode = .native, voices: NameVoices) {
        self.mode = mode
        self.voices = voices
    }

    /// The voice that speaks the route name `text` of `language` inside a sentence of `guidance`, or nil when the
    /// guidance voice says it: mode `guidance`, an unknown language, the guidance language itself (same primary
    /// subtag: a `de-AT` name in a `de-DE` cue), a road number (`RoadNumber`), text with no letter, or a language
    /// with no installed voice.
    public func voice(forName text: String, language: String?, guidance: LanguageTag) -> String? {
        guard mode == .native, let language, let tag = try? LanguageTag(language), tag.language != guidance.language,
              text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }), !RoadNumber.isRoadNumber(text)
        else { return nil }
        return voices.voice(for: language)
    }
}
