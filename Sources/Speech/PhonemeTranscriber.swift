import CESpeakNG

/// Reads text into espeak-ng's phonemes in one voice (`espeak_TextToPhonemes`), without synthesizing audio.
/// Packs use it to check that a voice says a phrase in its own language: a `(en)` switch means espeak-ng
/// found a word it reads as English. Shares the process's one espeak-ng through `SpeechEngine.shared`.
public struct PhonemeTranscriber: Sendable {
    /// The espeak-ng voice name, e.g. `en-us`, `de`, `cmn-latn-pinyin`.
    public let voice: String
    /// The phoneme alphabet of the output.
    public let alphabet: PhonemeAlphabet

    /// Initializes espeak-ng if needed and checks that `voice` exists. Throws `invalidArgument` for a malformed
    /// name and `notFound` for an unknown voice.
    public init(voice: String, alphabet: PhonemeAlphabet = .kirshenbaum) throws(SpeechError) {
        guard SpeechSynthesizer.isWellFormedVoiceName(voice) else {
            throw SpeechError(code: .invalidArgument,
                              message: "voice \"\(voice.prefix(60))\" is not a voice name (letters, digits, - _ +)")
        }
        self.voice = voice
        self.alphabet = alphabet
        try SpeechEngine.shared.withLock { (engine) throws(SpeechError) in
            try engine.select(voice: voice, rate: Int32(SpeechSynthesizer.defaultWordsPerMinute))
        }
    }

    /// The phonemes of `text` read as plain UTF-8 (no SSML, no `[[...]]` phoneme input; control characters
    /// become spaces). Empty or all-whitespace text gives no clauses.
    public func transcribe(_ text: String) throws(SpeechError) -> PhonemeTranscription {
        let plain = SpeechSynthesizer.plainText(text)
        if plain.allSatisfy(\.isWhitespace) { return PhonemeTranscription(voice: voice, clauses: []) }
        let clauses = try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> [String] in
            engine.resetMarkupOptions()
            try engine.select(voice: voice, rate: Int32(SpeechSynthesizer.defaultWordsPerMinute))
            return engine.phonemeClauses(plain, mode: alphabet.phonemeMode)
        }
        return PhonemeTranscription(voice: voice, clauses: clauses)
    }
}

/// How espeak-ng writes phonemes.
public enum PhonemeAlphabet: Sendable, Equatable {
    /// espeak-ng's own ASCII phoneme names (Kirshenbaum-like, as `espeak-ng -x` prints), e.g. `t'3:n l'Eft`.
    case kirshenbaum
    /// The International Phonetic Alphabet as UTF-8, e.g. `tˈɜːn lˈɛft`.
    case ipa

    /// The `phonememode` argument of `espeak_TextToPhonemes`.
    var phonemeMode: Int32 {
        switch self {
        case .kirshenbaum: return 0
        case .ipa: return Int32(routecue_espeakPHONEMES_IPA)
        }
    }
}

extension SpeechEngine {
    /// The phonemes of `text`, one string per clause, with the current voice. `espeak_TextToPhonemes` translates
    /// one clause per call and advances the text pointer (to NULL at the end) inside the buffer kept alive here.
    mutating func phonemeClauses(_ text: String, mode: Int32) -> [String] {
        var bytes = Array(text.utf8CString)
        let textMode = Int32(routecue_espeakCHARS_UTF8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> [String] in
            guard let base = buffer.baseAddress else { return [] }
            let end = UnsafeRawPointer(base + buffer.count - 1)
            var position: UnsafeRawPointer? = UnsafeRawPointer(base)
            var clauses: [String] = []
            // A clause consumes at least one byte, so the text's length bounds the calls.
            var callsLeft = buffer.count
            while let current = position, current < end, callsLeft > 0 {
                callsLeft -= 1
                let result = espeak_TextToPhonemes(&position, textMode, mode)
                if let result {
                    let clause = String(cString: result).trimmingSpaces()
                    if !clause.isEmpty { clauses.append(clause) }
                }
                if let next = position, next <= current { break }
            }
            return clauses
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    fileprivate func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
