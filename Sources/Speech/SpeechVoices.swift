import CESpeakNG

/// One voice installed in espeak-ng-data, as `espeak_ListVoices` reports it.
public struct SpeechVoice: Sendable, Equatable, CustomStringConvertible {
    /// One language a voice serves, with espeak-ng's priority for it (lower is preferred; 5 is usual).
    public struct Language: Sendable, Equatable {
        /// espeak-ng's language name, lowercase, e.g. `en-us`, `cmn-latn-pinyin`, `yue`.
        public let name: String
        /// espeak-ng's priority byte for this language.
        public let priority: Int
    }

    /// The voice's given name, e.g. `English (America)`.
    public let name: String
    /// The voice file within espeak-ng-data/voices or lang, e.g. `gmw/en-US`; its last part selects the voice.
    public let identifier: String
    /// The languages the voice serves, in espeak-ng's order (the first is its own).
    public let languages: [Language]
    /// 0 unknown, 1 male, 2 female (`espeak_VOICE.gender`).
    public let gender: Int

    /// The name to pass to `SpeechSynthesizer(voice:)` or `PhonemeTranscriber(voice:)`: the voice file's name
    /// (the identifier's last part, e.g. `en` for `gmw/en`). The first language does not always select the
    /// voice: `espeak_SetVoiceByName("en-gb")` and `("fr-fr")` fail in 1.51, `en` and `fr` work.
    public var selectionName: String { String(identifier.split(separator: "/").last ?? Substring(identifier)) }

    /// e.g. `en-us (gmw/en-US, English (America))`.
    public var description: String { "\(languages.first?.name ?? "?") (\(identifier), \(name))" }
}

/// The voices installed for this process's espeak-ng.
public enum SpeechVoices {
    /// Every installed voice (`espeak_ListVoices(NULL)`: variants and mbrola voices excluded by espeak-ng),
    /// copied out of espeak-ng's memory under the process-wide lock. Initializes espeak-ng if needed.
    public static func available() throws(SpeechError) -> [SpeechVoice] {
        try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> [SpeechVoice] in
            _ = try engine.sampleRate()
            guard var entry = espeak_ListVoices(nil) else { return [] }
            var voices: [SpeechVoice] = []
            while let voice = entry.pointee {
                voices.append(SpeechVoice(
                    name: voice.pointee.name.map { String(cString: $0) } ?? "",
                    identifier: voice.pointee.identifier.map { String(cString: $0) } ?? "",
                    languages: languages(voice.pointee.languages),
                    gender: Int(voice.pointee.gender)))
                entry += 1
            }
            return voices
        }
    }

    /// The names of the installed voice variants (`VoiceSettings.variant`: `f3`, `m2`, `klatt`, ...), sorted.
    public static func variants() throws(SpeechError) -> [String] {
        try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> [String] in
            _ = try engine.sampleRate()
            return engine.installedVariants().sorted()
        }
    }

    /// Reads espeak-ng's language list: a priority byte, a NUL-terminated name, again, until a zero byte.
    private static func languages(_ list: UnsafePointer<CChar>?) -> [SpeechVoice.Language] {
        guard var cursor = list else { return [] }
        var languages: [SpeechVoice.Language] = []
        while cursor.pointee != 0 {
            let priority = Int(UInt8(bitPattern: cursor.pointee))
            cursor += 1
            let name = String(cString: cursor)
            languages.append(SpeechVoice.Language(name: name, priority: priority))
            cursor += name.utf8.count + 1
        }
        return languages
    }
}
