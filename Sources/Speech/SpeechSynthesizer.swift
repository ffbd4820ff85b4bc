import CESpeakNG

/// Turns text into speech in memory with espeak-ng, with one `VoiceSettings`.
/// Many synthesizers may exist; they share the process's one espeak-ng through a process-wide lock
/// (`SpeechEngine.shared`), so calls from several threads are safe but run one at a time, on the caller's
/// thread. The service synthesizes on its `SpeechThread` instead, which can prioritise and abort.
public final class SpeechSynthesizer: Sendable {
    /// Voice, variant, rate, volume, pitch and default markup of all speech from this synthesizer.
    public let settings: VoiceSettings
    /// Samples per second of all speech this synthesizer returns (espeak-ng's output rate).
    public let sampleRate: Int

    /// The espeak-ng voice name as espeak-ng takes it, e.g. `en`, `de`, `en-us`, `en+f3`.
    public var voice: String { settings.espeakVoiceName }
    /// Speaking rate in words per minute (`espeakRATE`, 80...450).
    public var wordsPerMinute: Int { settings.wordsPerMinute }

    /// espeak-ng's rate when none is asked for (`espeakRATE_NORMAL`).
    public static let defaultWordsPerMinute = Int(espeakRATE_NORMAL)
    /// The rates espeak-ng accepts (`espeakRATE_MINIMUM...espeakRATE_MAXIMUM`).
    public static let wordsPerMinuteRange = Int(espeakRATE_MINIMUM)...Int(espeakRATE_MAXIMUM)

    /// Initializes espeak-ng if needed and checks that `voice` exists (`espeak_SetVoiceByName`); `voice` may
    /// carry a variant (`en+f3`). Throws when the voice or variant is unknown or malformed, the rate is out of
    /// range, or espeak-ng cannot start.
    public convenience init(voice: String = "en", wordsPerMinute: Int? = nil) throws(SpeechError) {
        guard Self.isWellFormedVoiceName(voice) else {
            throw SpeechError(code: .invalidArgument,
                              message: "voice \"\(voice.prefix(60))\" is not a voice name (letters, digits, - _ +)")
        }
        try self.init(settings: VoiceSettings(voice: voice, wordsPerMinute: wordsPerMinute ?? Self.defaultWordsPerMinute))
    }

    /// Initializes espeak-ng if needed and checks `settings` (names, ranges, that the voice and variant exist).
    public init(settings: VoiceSettings) throws(SpeechError) {
        self.settings = settings
        self.sampleRate = try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> Int in
            try engine.select(settings)
            return try engine.sampleRate()
        }
    }

    /// Synthesizes `text` read as `markup` says (the settings' markup when nil). With `.plain` markup such as
    /// `<audio …/>` or `[[phonemes]]` is spoken as the characters it is made of, never interpreted. The other
    /// modes interpret SSML and/or `[[…]]` phonemes: give them only text rendered by RouteCueCore's `SpokenText`
    /// for the same mode, never raw route text (see `SpeechMarkup`). In every mode control characters become
    /// spaces first. Empty or all-whitespace text gives no samples.
    public func synthesize(_ text: String, markup: SpeechMarkup? = nil) throws(SpeechError) -> SynthesizedSpeech {
        try Self.synthesize(text, settings: settings, markup: markup ?? settings.markup, sampleRate: sampleRate)
    }

    /// One synthesis under the process-wide lock, as `SpeechThread` runs it too (`abort` stops it midway).
    static func synthesize(_ text: String, settings: VoiceSettings, markup: SpeechMarkup, sampleRate: Int?,
                           abort: SpeechAbortFlag? = nil) throws(SpeechError) -> SynthesizedSpeech {
        let plain = plainText(text)
        return try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> SynthesizedSpeech in
            try engine.select(settings)
            if plain.allSatisfy(\.isWhitespace) {
                let rate: Int
                if let sampleRate { rate = sampleRate } else { rate = try engine.sampleRate() }
                return SynthesizedSpeech(samples: [], sampleRate: rate, wordStarts: [])
            }
            return try engine.synthesize(plain, markup: markup, abort: abort)
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
