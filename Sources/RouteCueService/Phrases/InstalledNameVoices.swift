import EventLoopKit
import RouteCueCore
import Speech

extension NameVoices {
    /// The voices installed for this process's espeak-ng (`SpeechVoices.available()`: every language each voice
    /// lists, with its priority), read once per process; none when espeak-ng cannot start (names are then spoken by
    /// the guidance voice, as synthesis fails anyway).
    public static func installed() -> NameVoices {
        installedOnce.withLock { cached in
            if let cached { return cached }
            let voices = (try? SpeechVoices.available()) ?? []
            let read = NameVoices(languages: voices.flatMap { voice in
                voice.languages.map { (language: $0.name, voice: voice.selectionName, priority: $0.priority) }
            })
            cached = read
            return read
        }
    }

    private static let installedOnce = LockedValue<NameVoices?>(nil)
}

extension NamePronunciation {
    /// The configured way (`names.pronounce`) with the installed voices.
    public static func configured(_ settings: NameSettings) -> NamePronunciation {
        NamePronunciation(mode: settings.pronounce, voices: settings.pronounce == .native ? .installed() : .none)
    }
}
