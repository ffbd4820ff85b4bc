/// Renders a `SpokenText` as the exact text handed to espeak-ng, in one input format. The rules are listed on
/// `SpokenText.plainText(phonemeInput:voiceLanguage:)` and `SpokenText.ssml(voiceLanguage:phonemeInput:)`;
/// in short: text never becomes markup or phonemes, markup comes only from pause and phonetic segments.
struct SpokenTextRenderer {
    /// espeak-ng's input formats.
    enum Format {
        /// Plain UTF-8 text.
        case plain
        /// An SSML `<speak>` document.
        case ssml
    }

    /// The format rendered.
    let format: Format
    /// Whether espeak-ng will be called with `espeakPHONEMES`, so `[[…]]` would be read as phonemes.
    let phonemeInput: Bool
    /// The language of the voice that will speak, for deciding on phonetic names; nil emits none.
    let voiceLanguage: String?

    /// Put after every `[` of text when phoneme input is on. espeak-ng keeps U+2060 WORD JOINER as a character
    /// (it drops U+00AD and U+200C, which would let `[`, U+200C, `[` open phoneme mode), so `[` U+2060 `[` is never
    /// `[[`, and it is silent: the brackets are spoken as they are without phoneme input.
    static let bracketBreaker: Unicode.Scalar = "\u{2060}"

    /// The whole text for espeak-ng. A plain text never starts with `<` (a U+2060 WORD JOINER goes before one), so
    /// it can never be taken for an SSML document (`CueWording.markup(of:)` relies on it).
    func render(_ text: SpokenText) -> String {
        var output = String.UnicodeScalarView()
        if format == .ssml { output.append(contentsOf: "<speak>".unicodeScalars) }
        append(text.segments, voiceLanguage: voiceLanguage, to: &output)
        if format == .ssml { output.append(contentsOf: "</speak>".unicodeScalars) }
        if format == .plain, output.first == "<" { output.insert(Self.bracketBreaker, at: output.startIndex) }
        return String(output)
    }

    /// A `<speak>` document with every run in its own `<voice name="…">`: the guidance voice's runs in
    /// `guidanceVoice`, a name's run in its voice (phonetic names there are judged for the name's language).
    /// Voice names come from `NameVoices` and the pack, both checked selection names.
    func render(_ runs: SpokenVoiceRuns, guidanceVoice: String) -> String {
        var output = String.UnicodeScalarView()
        output.append(contentsOf: "<speak>".unicodeScalars)
        for run in runs.runs {
            output.append(contentsOf: "<voice name=\"\(run.voice ?? guidanceVoice)\">".unicodeScalars)
            append(run.segments, voiceLanguage: run.voice == nil ? voiceLanguage : run.language, to: &output)
            output.append(contentsOf: "</voice>".unicodeScalars)
        }
        output.append(contentsOf: "</speak>".unicodeScalars)
        return String(output)
    }

    /// Appends `segments`, phonetic names judged for a voice of `voiceLanguage`.
    private func append(_ segments: [SpokenSegment], voiceLanguage: String?, to output: inout String.UnicodeScalarView) {
        for segment in segments {
            switch segment {
            case let .literal(words):
                appendText(words, to: &output)
            case let .routeData(words, phonetic, _):
                if let phonemes = honouredPhonemes(phonetic, voiceLanguage: voiceLanguage) {
                    appendPhonemes(phonemes, to: &output)
                } else {
                    appendText(words, to: &output)
                }
            case let .pause(milliseconds):
                appendPause(milliseconds, to: &output)
            }
        }
    }

    /// The phoneme string to emit for `phonetic`, or nil to speak the written name: phonetic names need
    /// espeak-ng's phoneme input (in SSML too: espeak-ng 1.51 turns `<phoneme>` into `[[…]]`) and a voice language.
    private func honouredPhonemes(_ phonetic: PhoneticName?, voiceLanguage: String?) -> String? {
        guard phonemeInput, let phonetic, let voiceLanguage else { return nil }
        return phonetic.phonemes(forVoiceLanguage: voiceLanguage)
    }

    /// Appends `text` so that it can only be spoken as characters.
    private func appendText(_ text: String, to output: inout String.UnicodeScalarView) {
        for scalar in text.unicodeScalars {
            let safe = Self.isSpeakable(scalar) ? scalar : " "
            if format == .ssml, let entity = XMLEscape.entity(for: safe) {
                output.append(contentsOf: entity.unicodeScalars)
            } else {
                output.append(safe)
            }
            if phonemeInput, safe == "[" { output.append(Self.bracketBreaker) }
        }
    }

    /// Appends a phonetic name already checked by `PhoneticName.isSafeEspeakPhonemeString`.
    private func appendPhonemes(_ phonemes: String, to output: inout String.UnicodeScalarView) {
        switch format {
        case .plain:
            output.append(contentsOf: "[[\(phonemes)]]".unicodeScalars)
        case .ssml:
            // Checked, not escaped: espeak-ng reads attribute values raw (`&apos;` would stay six phoneme
            // characters), and the string holds none of `&` `<` `>` `"`, so the double-quoted value is well formed.
            output.append(contentsOf: "<phoneme alphabet=\"espeak\" ph=\"\(phonemes)\"/>".unicodeScalars)
        }
    }

    /// Appends a pause: `<break time="Nms"/>` in SSML; in plain text a comma (unless the text already ends in
    /// punctuation) and a space, espeak-ng's clause pause. A zero pause adds nothing.
    private func appendPause(_ milliseconds: Int, to output: inout String.UnicodeScalarView) {
        let clamped = min(max(milliseconds, SpokenText.pauseRange.lowerBound), SpokenText.pauseRange.upperBound)
        guard clamped > 0 else { return }
        switch format {
        case .ssml:
            output.append(contentsOf: "<break time=\"\(clamped)ms\"/>".unicodeScalars)
        case .plain:
            while let last = output.last, last == " " { output.removeLast() }
            guard let last = output.last else { return }
            if !",.;:!?".unicodeScalars.contains(last) { output.append(",") }
            output.append(" ")
        }
    }

    /// False for what must not reach espeak-ng as itself: control characters (C0, DEL, C1, including NUL
    /// which would end the C string), line and paragraph separators, and U+FFFE/U+FFFF (not allowed in XML).
    static func isSpeakable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return false
        default: return scalar.value != 0xFFFE && scalar.value != 0xFFFF
        }
    }
}
