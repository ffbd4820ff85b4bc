import CESpeakNG

/// Everything that selects how espeak-ng speaks a text: voice, variant, rate, volume, pitch and markup.
/// Two equal settings give the same speech, so settings are part of the key of pre-synthesized speech.
public struct VoiceSettings: Sendable, Hashable, CustomStringConvertible {
    /// The espeak-ng voice name without variant, e.g. `en`, `de`, `en-us`, `cmn-latn-pinyin`.
    public var voice: String
    /// An espeak-ng voice variant (a file in espeak-ng-data/voices/!v), e.g. `f3`, `m2`, `klatt`; nil for none.
    /// espeak-ng ignores unknown variants silently, so RouteCue checks that it is installed.
    public var variant: String?
    /// Speaking rate in words per minute (`espeakRATE`, 80...450).
    public var wordsPerMinute: Int
    /// Loudness (`espeakVOLUME`, 0...200, 100 is espeak-ng's normal level).
    public var volume: Int
    /// Base pitch (`espeakPITCH`, 0...100, 50 is the voice's normal pitch).
    public var pitch: Int
    /// How the text is read: plain characters, SSML, `[[…]]` phonemes (see `SpeechMarkup`).
    public var markup: SpeechMarkup

    /// espeak-ng's normal volume.
    public static let defaultVolume = 100
    /// espeak-ng's normal pitch.
    public static let defaultPitch = 50
    /// The volumes RouteCue accepts (`espeakVOLUME`).
    public static let volumeRange = 0...200
    /// The pitches espeak-ng accepts (`espeakPITCH`).
    public static let pitchRange = 0...100

    /// Creates settings. A `voice` written espeak-style with a variant (`en+f3`) and no `variant` argument is
    /// split into the two. Nothing is checked here: `validate()` (called by every synthesis) does it.
    public init(voice: String = "en", variant: String? = nil,
                wordsPerMinute: Int = SpeechSynthesizer.defaultWordsPerMinute,
                volume: Int = VoiceSettings.defaultVolume, pitch: Int = VoiceSettings.defaultPitch,
                markup: SpeechMarkup = .plain) {
        if variant == nil, let plus = voice.firstIndex(of: "+") {
            self.voice = String(voice[..<plus])
            self.variant = String(voice[voice.index(after: plus)...])
        } else {
            self.voice = voice
            self.variant = variant
        }
        self.wordsPerMinute = wordsPerMinute
        self.volume = volume
        self.pitch = pitch
        self.markup = markup
    }

    /// The name given to `espeak_SetVoiceByName`: `voice` or `voice+variant`.
    public var espeakVoiceName: String { variant.map { "\(voice)+\($0)" } ?? voice }

    /// e.g. `en+f3 175 wpm volume 100 pitch 50 plain`.
    public var description: String {
        "\(espeakVoiceName) \(wordsPerMinute) wpm volume \(volume) pitch \(pitch) \(markup)"
    }

    /// Checks what can be checked without espeak-ng: well-formed voice and variant names, rate, volume and
    /// pitch in range. Throws `invalidArgument` naming the first bad field.
    public func validate() throws(SpeechError) {
        guard Self.isWellFormedName(voice, maxLength: 40) else {
            throw SpeechError(code: .invalidArgument,
                              message: "voice \"\(voice.prefix(60))\" is not a voice name (letters, digits, - _)")
        }
        if let variant, !Self.isWellFormedName(variant, maxLength: 40) {
            throw SpeechError(code: .invalidArgument,
                              message: "variant \"\(variant.prefix(60))\" is not a variant name (letters, digits, - _)")
        }
        guard SpeechSynthesizer.wordsPerMinuteRange.contains(wordsPerMinute) else {
            throw SpeechError(code: .invalidArgument, message:
                "rate \(wordsPerMinute) words/min is outside \(SpeechSynthesizer.wordsPerMinuteRange)")
        }
        guard Self.volumeRange.contains(volume) else {
            throw SpeechError(code: .invalidArgument, message: "volume \(volume) is outside \(Self.volumeRange)")
        }
        guard Self.pitchRange.contains(pitch) else {
            throw SpeechError(code: .invalidArgument, message: "pitch \(pitch) is outside \(Self.pitchRange)")
        }
    }

    /// 1…`maxLength` ASCII letters, digits, `-` and `_`: no paths, no spaces, no second `+`.
    private static func isWellFormedName(_ name: String, maxLength: Int) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxLength else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_")
        }
    }
}
