import CESpeakNG

/// Turns text into speech in memory with espeak-ng, in one voice at one rate.
/// Many synthesizers may exist; they share the process's one espeak-ng through a process-wide lock
/// (`SpeechEngine.shared`), so calls from several threads are safe but run one at a time.
/// Issue 5 moves synthesis to a dedicated speech thread.
public final class SpeechSynthesizer: Sendable {
    /// The espeak-ng voice name, e.g. `en`, `de`, `en-us`, `en+f3`.
    public let voice: String
    /// Speaking rate in words per minute (`espeakRATE`, 80...450).
    public let wordsPerMinute: Int
    /// Samples per second of all speech this synthesizer returns (espeak-ng's output rate).
    public let sampleRate: Int

    /// espeak-ng's rate when none is asked for (`espeakRATE_NORMAL`).
    public static let defaultWordsPerMinute = Int(espeakRATE_NORMAL)
    /// The rates espeak-ng accepts (`espeakRATE_MINIMUM...espeakRATE_MAXIMUM`).
    public static let wordsPerMinuteRange = Int(espeakRATE_MINIMUM)...Int(espeakRATE_MAXIMUM)

    /// Initializes espeak-ng if needed and checks that `voice` exists (`espeak_SetVoiceByName`).
    /// Throws when the voice is unknown or malformed, the rate is out of range, or espeak-ng cannot start.
    public init(voice: String = "en", wordsPerMinute: Int? = nil) throws(SpeechError) {
        guard Self.isWellFormedVoiceName(voice) else {
            throw SpeechError(code: .invalidArgument,
                              message: "voice \"\(voice.prefix(60))\" is not a voice name (letters, digits, - _ +)")
        }
        let rate = wordsPerMinute ?? Self.defaultWordsPerMinute
        guard Self.wordsPerMinuteRange.contains(rate) else {
            throw SpeechError(code: .invalidArgument,
                              message: "rate \(rate) words/min is outside \(Self.wordsPerMinuteRange)")
        }
        self.voice = voice
        self.wordsPerMinute = rate
        self.sampleRate = try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> Int in
            try engine.select(voice: voice, rate: Int32(rate))
            return try engine.sampleRate()
        }
    }

    /// Synthesizes `text` read as `markup` says. With `.plain` (the default) markup such as `<audio …/>` or
    /// `[[phonemes]]` is spoken as the characters it is made of, never interpreted. The other modes interpret
    /// SSML and/or `[[…]]` phonemes: give them only text rendered by RouteCueCore's `SpokenText` for the same
    /// mode, never raw route text (see `SpeechMarkup`). In every mode control characters become spaces first.
    /// Empty or all-whitespace text gives no samples.
    public func synthesize(_ text: String, markup: SpeechMarkup = .plain) throws(SpeechError) -> SynthesizedSpeech {
        let plain = Self.plainText(text)
        if plain.allSatisfy(\.isWhitespace) {
            return SynthesizedSpeech(samples: [], sampleRate: sampleRate, wordStarts: [])
        }
        return try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> SynthesizedSpeech in
            try engine.select(voice: voice, rate: Int32(wordsPerMinute))
            return try engine.synthesize(plain, markup: markup)
        }
    }

    /// `text` with NUL and other control characters turned into spaces, so C sees all of it as one line.
    static func plainText(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return String(scalars)
    }

    /// True for names espeak-ng can mean: 1–40 ASCII letters, digits, `-`, `_` and `+` (variant), no paths.
    static func isWellFormedVoiceName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 40 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "+")
        }
    }
}
