import CESpeakNG

/// How espeak-ng reads the text given to `SpeechSynthesizer.synthesize(_:markup:)`: as plain characters, as an
/// SSML document, with or without `[[…]]` phoneme input. Anything but `.plain` interprets its input, so it is
/// only for text rendered by RouteCueCore's `SpokenText` with the same settings
/// (`ssml(voiceLanguage:phonemeInput:)` / `plainText(phonemeInput:voiceLanguage:)`), which neutralises route
/// data: raw route text with markup enabled can make espeak-ng 1.51 open files named in `<audio src>`, run
/// `sox` on them and crash.
public struct SpeechMarkup: Hashable, Sendable, CustomStringConvertible {
    /// The text is an SSML `<speak>` document (`espeakSSML`).
    public let interpretsSSML: Bool
    /// `[[…]]` in the text is espeak phoneme input (`espeakPHONEMES`); needed for SSML `<phoneme>` too.
    public let interpretsPhonemes: Bool

    /// Creates a markup mode from its two switches.
    public init(interpretsSSML: Bool, interpretsPhonemes: Bool) {
        self.interpretsSSML = interpretsSSML
        self.interpretsPhonemes = interpretsPhonemes
    }

    /// Plain UTF-8: every character is spoken as itself (the default, and the safe mode for any text).
    public static let plain = SpeechMarkup(interpretsSSML: false, interpretsPhonemes: false)
    /// SSML without phoneme input: `<break>` and the rest work, `<phoneme>` does not (espeak-ng spells its `ph`).
    public static let ssml = SpeechMarkup(interpretsSSML: true, interpretsPhonemes: false)
    /// Plain text with `[[…]]` phoneme input.
    public static let phonemes = SpeechMarkup(interpretsSSML: false, interpretsPhonemes: true)
    /// SSML with phoneme input: what `<phoneme alphabet="espeak" ph="…"/>` needs.
    public static let ssmlWithPhonemes = SpeechMarkup(interpretsSSML: true, interpretsPhonemes: true)

    /// All four modes, for tests and tools.
    public static let allModes: [SpeechMarkup] = [.plain, .ssml, .phonemes, .ssmlWithPhonemes]

    /// The `espeak_Synth` flags besides `espeakCHARS_UTF8`.
    var synthFlags: UInt32 {
        (interpretsSSML ? UInt32(routecue_espeakSSML) : 0) | (interpretsPhonemes ? UInt32(routecue_espeakPHONEMES) : 0)
    }

    /// `plain`, `ssml`, `phonemes` or `ssml+phonemes`.
    public var description: String {
        switch (interpretsSSML, interpretsPhonemes) {
        case (false, false): "plain"
        case (true, false): "ssml"
        case (false, true): "phonemes"
        case (true, true): "ssml+phonemes"
        }
    }
}
