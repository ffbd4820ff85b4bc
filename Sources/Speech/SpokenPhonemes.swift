import CESpeakNG
import Glibc

/// The phonemes espeak-ng actually speaks when it synthesizes a text: its phoneme trace during `espeak_Synth`
/// (`espeak_SetPhonemeTrace`, what `espeak-ng -x` prints), so SSML voice switches are followed as synthesis
/// follows them. `PhonemeTranscriber` reads plain text in one voice; this tells what a whole cue sounds like.
public enum SpokenPhonemes {
    /// The phonemes of `text` synthesized with `settings` (its markup included), one string per clause as
    /// espeak-ng writes them (spaces between words, `'` and `,` stress marks), empty clauses left out. The audio
    /// is synthesized and dropped.
    public static func of(_ text: String, settings: VoiceSettings,
                          alphabet: PhonemeAlphabet = .kirshenbaum) throws(SpeechError) -> [String] {
        let plain = SpeechSynthesizer.plainText(text)
        let trace: String = try SpeechEngine.shared.withLock { (engine) throws(SpeechError) -> String in
            try engine.select(settings)
            var buffer: UnsafeMutablePointer<CChar>?
            var size = 0
            guard let stream = open_memstream(&buffer, &size) else {
                throw SpeechError(code: .internalError, message: "open_memstream failed: \(String(cString: strerror(errno)))")
            }
            let mode = alphabet == .ipa ? routecue_espeakPHONEMES_SHOW | routecue_espeakPHONEMES_IPA : routecue_espeakPHONEMES_SHOW
            espeak_SetPhonemeTrace(mode, stream)
            let result = Result { () throws(SpeechError) in try engine.synthesize(plain, markup: settings.markup) }
            espeak_SetPhonemeTrace(0, nil)
            fclose(stream)
            defer { free(buffer) }
            _ = try result.get()
            return buffer.map { String(cString: $0) } ?? ""
        }
        return trace.split(whereSeparator: \.isNewline)
            .map { String($0).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty }
    }
}
