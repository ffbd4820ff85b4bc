/// The words of one cue as segments that know where they came from: pack wording, route data (untrusted,
/// optionally with a phonetic spelling) and pauses. Render it with `plainText(phonemeInput:voiceLanguage:)` for
/// espeak-ng's plain-text input or `ssml(voiceLanguage:phonemeInput:)` for its SSML input; both are built so
/// that no route data is ever interpreted as markup or as inline phonemes (see `SpokenTextRenderer`).
///
/// Packs build it with string interpolation: literal parts are pack wording, interpolated strings are route
/// data — `let text: SpokenText = "Turn left onto \(roadName, phonetic: pronunciation)"`.
public struct SpokenText: Hashable, Sendable {
    /// The segments in speaking order. Adjacent segments are joined as they are: spacing is the pack's job.
    public private(set) var segments: [SpokenSegment]

    /// The pauses a `pause` segment may ask for, in milliseconds; longer or negative requests are clamped.
    public static let pauseRange = 0...5_000

    /// Creates a text from segments.
    public init(_ segments: [SpokenSegment] = []) {
        self.segments = segments
    }

    /// Pack wording.
    public static func literal(_ text: String) -> SpokenText { SpokenText([.literal(text)]) }

    /// Route-data text, with its phonetic spelling and its language when known.
    public static func routeData(_ text: String, phonetic: PhoneticName? = nil, language: String? = nil) -> SpokenText {
        SpokenText([.routeData(text, phonetic: phonetic, language: language)])
    }

    /// A pause of about `milliseconds`.
    public static func pause(milliseconds: Int) -> SpokenText { SpokenText([.pause(milliseconds: milliseconds)]) }

    /// True when there are no segments.
    public var isEmpty: Bool { segments.isEmpty }

    /// Appends the segments of `other`.
    public mutating func append(_ other: SpokenText) { segments += other.segments }

    /// Appends one segment.
    public mutating func append(_ segment: SpokenSegment) { segments.append(segment) }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: SpokenText, rhs: SpokenText) -> SpokenText {
        SpokenText(lhs.segments + rhs.segments)
    }

    /// The text for espeak-ng's plain-text input (`espeakCHARS_UTF8`, with `espeakPHONEMES` exactly when
    /// `phonemeInput` is true). Rules (`SpokenTextRenderer`):
    /// - control characters, line and paragraph separators and the noncharacters U+FFFE/U+FFFF become spaces;
    /// - with phoneme input off, text passes through otherwise unchanged (plain mode interprets no `<…>` or `&…;`),
    ///   phonetic names are spoken as written, and a pause is a comma;
    /// - with phoneme input on, every `[` in text is followed by U+2060 WORD JOINER so no `[[` ever opens
    ///   espeak-ng's phoneme mode (also across segments, and through characters espeak-ng drops such as a soft
    ///   hyphen or U+200C); a phonetic name that `PhoneticName.phonemes(forVoiceLanguage:)` accepts for
    ///   `voiceLanguage` is emitted as `[[phonemes]]`.
    public func plainText(phonemeInput: Bool = false, voiceLanguage: String? = nil) -> String {
        SpokenTextRenderer(format: .plain, phonemeInput: phonemeInput, voiceLanguage: voiceLanguage).render(self)
    }

    /// A `<speak>` document for espeak-ng's SSML input (`espeakSSML`, with `espeakPHONEMES` exactly when
    /// `phonemeInput` is true). Rules (`SpokenTextRenderer`):
    /// - in every text segment `&` `<` `>` `"` `'` are escaped as entities, so `<audio src="…"/>` or
    ///   `Smith & Sons` are spoken, never parsed; control characters become spaces;
    /// - with phoneme input on, `[` in text is followed by U+2060 WORD JOINER as in `plainText` (espeak-ng decodes
    ///   entities before it looks for `[[`, so escaping alone would not do);
    /// - a phonetic name becomes a self-closing `<phoneme alphabet="espeak" ph="…"/>` only when phoneme input is
    ///   on (espeak-ng 1.51 spells the `ph` value out loud otherwise) and `PhoneticName.phonemes(forVoiceLanguage:)`
    ///   accepts it for `voiceLanguage`; else the escaped written name. The `ph` value is checked rather than
    ///   escaped: espeak-ng reads attribute values raw (no entity decoding), so only strings with none of
    ///   `"` `&` `<` `>` `\` `[` `]` and no control character are emitted (`PhoneticName.isSafeEspeakPhonemeString`);
    ///   `'` (espeak's stress mark) is legal inside the double-quoted value;
    /// - a pause is `<break time="Nms"/>`; the document carries no `xml:lang`, so espeak-ng keeps the selected voice.
    public func ssml(voiceLanguage: String, phonemeInput: Bool = true) -> String {
        SpokenTextRenderer(format: .ssml, phonemeInput: phonemeInput, voiceLanguage: voiceLanguage).render(self)
    }

    /// An SSML document as `ssml(voiceLanguage:phonemeInput:)`, in which route names that `voices` gives a voice
    /// of their own are spoken by it: the text is cut into runs of one voice, and every run, the guidance voice's
    /// too, is wrapped in its own `<voice name="…">` (espeak-ng 1.51 does not return to the outer voice after
    /// `</voice>`; a voice named keeps the selected variant). Nil when no segment gets another voice.
    public func ssml(voiceLanguage: String, phonemeInput: Bool, voices: SpokenVoices) -> String? {
        let runs = SpokenVoiceRuns(self, voices: voices)
        guard runs.switchesVoice else { return nil }
        return SpokenTextRenderer(format: .ssml, phonemeInput: phonemeInput, voiceLanguage: voiceLanguage)
            .render(runs, guidanceVoice: voices.guidanceVoice)
    }
}

extension SpokenText: ExpressibleByStringInterpolation {
    /// A text of pack wording only.
    public init(stringLiteral value: String) {
        self.init(value.isEmpty ? [] : [.literal(value)])
    }

    /// Collects literal parts as pack wording and interpolations as route data or nested texts.
    public init(stringInterpolation: StringInterpolation) {
        self.init(stringInterpolation.text.segments)
    }

    /// Builds a `SpokenText` from an interpolated string literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// What has been collected so far.
        var text = SpokenText()

        /// Reserves nothing; segments are few.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// A literal part: pack wording.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { text.append(SpokenSegment.literal(literal)) }
        }

        /// An interpolated string: route data (untrusted), with its phonetic spelling when known.
        public mutating func appendInterpolation(_ routeText: String, phonetic: PhoneticName? = nil) {
            text.append(SpokenSegment.routeData(routeText, phonetic: phonetic, language: nil))
        }

        /// An interpolated `SpokenText`: its segments as they are.
        public mutating func appendInterpolation(_ spoken: SpokenText) {
            text.append(spoken)
        }

        /// A pause of about `milliseconds`.
        public mutating func appendInterpolation(pause milliseconds: Int) {
            text.append(SpokenSegment.pause(milliseconds: milliseconds))
        }
    }
}
