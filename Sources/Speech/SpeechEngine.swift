import CESpeakNG
import EventLoopKit

/// The one espeak-ng instance of the process. espeak-ng keeps all its state in globals and is not re-entrant,
/// so every call into it goes through `SpeechEngine.shared`, one process-wide lock. `SpeechThread` does the
/// service's synthesis on its own thread; this lock stays as the guard that no second caller (a
/// `SpeechSynthesizer`, a `PhonemeTranscriber`) ever enters espeak-ng at the same time.
struct SpeechEngine: ~Copyable {
    /// The lock around espeak-ng; its value is what RouteCue knows of espeak-ng's global state.
    static let shared = LockedValue(SpeechEngine())

    /// What espeak-ng currently has set, so a caller re-selects only after another changed it.
    private struct Selection: Equatable {
        var voiceName: String
        var rate: Int32
        var volume: Int32
        var pitch: Int32
    }

    /// The result of `espeak_Initialize`, made once per process: the sample rate, or why it failed.
    private var initialization: Result<Int, SpeechError>?
    /// The voice and parameters espeak-ng currently has set (nil after SSML, which may change them).
    private var selection: Selection?
    /// The installed voice variants (files in espeak-ng-data/voices/!v), read on first use.
    private var variants: Set<String>?
    /// True after a synthesis that interpreted SSML or `[[…]]`: espeak-ng keeps those input options in globals that
    /// `espeak_TextToPhonemes` also reads, so it would obey markup in text it must read as characters.
    private var markupOptionsSet: Bool

    /// Assigns every property explicitly: with default values on the declarations instead, Swift 6.3's optimized
    /// builds of this `~Copyable` struct inside the standard library's `Mutex` skipped `espeak_Initialize` (`initialization` read as set),
    /// so every voice was "not found" in `-c release` while debug builds worked.
    private init() {
        initialization = nil
        selection = nil
        variants = nil
        markupOptionsSet = false
    }

    /// Makes espeak-ng's text input options plain again after a synthesis with markup: `espeak_Synth` sets them from
    /// its flags on every call, so a plain synthesis of a space (no samples) clears them.
    mutating func resetMarkupOptions() {
        guard markupOptionsSet else { return }
        _ = try? synthesize(" ", markup: .plain)
    }

    /// Initializes espeak-ng on the first call (`espeak_Initialize`, synchronous output, never `exit()`ing),
    /// and returns its sample rate.
    mutating func sampleRate() throws(SpeechError) -> Int {
        if let initialization { return try initialization.get() }
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, routecue_espeakINITIALIZE_DONT_EXIT)
        let outcome: Result<Int, SpeechError>
        if rate > 0 {
            espeak_SetSynthCallback(collectSynthesisOutput)
            outcome = .success(Int(rate))
        } else {
            outcome = .failure(SpeechError(
                code: .internalError, message: "espeak_Initialize failed (is espeak-ng-data installed?)"))
        }
        initialization = outcome
        return try outcome.get()
    }

    /// Makes `voice` and `rate` (words per minute) espeak-ng's current ones, at normal volume and pitch.
    mutating func select(voice: String, rate: Int32) throws(SpeechError) {
        try select(VoiceSettings(voice: voice, wordsPerMinute: Int(rate)))
    }

    /// Makes `settings`' voice, variant, rate, volume and pitch espeak-ng's current ones
    /// (`espeak_SetVoiceByName`, `espeak_SetParameter` for `espeakRATE`, `espeakVOLUME`, `espeakPITCH`), after
    /// checking them (`VoiceSettings.validate()`, and that the variant is installed). Does nothing when they are
    /// already selected.
    mutating func select(_ settings: VoiceSettings) throws(SpeechError) {
        try settings.validate()
        _ = try sampleRate()
        let wanted = Selection(voiceName: settings.espeakVoiceName, rate: Int32(settings.wordsPerMinute),
                               volume: Int32(settings.volume), pitch: Int32(settings.pitch))
        if selection == wanted { return }
        if let variant = settings.variant, !installedVariants().contains(variant) {
            throw SpeechError(code: .notFound, message: "voice variant \"\(variant)\" not found")
        }
        selection = nil
        let voiceStatus = espeak_SetVoiceByName(wanted.voiceName)
        guard voiceStatus == EE_OK else {
            let what = voiceStatus == EE_NOT_FOUND ? "not found" : "could not be selected"
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(voiceStatus.rawValue)),
                              message: "voice \"\(settings.voice)\" \(what)")
        }
        try setParameter(espeakRATE, wanted.rate, "rate \(wanted.rate) words/min")
        try setParameter(espeakVOLUME, wanted.volume, "volume \(wanted.volume)")
        try setParameter(espeakPITCH, wanted.pitch, "pitch \(wanted.pitch)")
        selection = wanted
    }

    /// `espeak_SetParameter(parameter, value, absolute)`, throwing with `what` on failure.
    private func setParameter(_ parameter: espeak_PARAMETER, _ value: Int32, _ what: String) throws(SpeechError) {
        let status = espeak_SetParameter(parameter, value, 0)
        guard status == EE_OK else {
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(status.rawValue)),
                              message: "\(what) could not be set")
        }
    }

    /// The names of the installed voice variants (`espeak_ListVoices` with language `variant`: identifiers
    /// `!v/f3`, ...), read once.
    mutating func installedVariants() -> Set<String> {
        if let variants { return variants }
        var names: Set<String> = []
        "variant".withCString { language in
            var spec = espeak_VOICE()
            spec.languages = language
            guard var entry = espeak_ListVoices(&spec) else { return }
            while let voice = entry.pointee {
                if let identifier = voice.pointee.identifier {
                    let path = String(cString: identifier)
                    names.insert(String(path.split(separator: "/").last ?? Substring(path)))
                }
                entry += 1
            }
        }
        variants = names
        return names
    }

    /// Synthesizes `text` as UTF-8 (`espeak_Synth` with `espeakCHARS_UTF8` plus the flags of `markup`; plain
    /// by default: no SSML, no phoneme input) with the current voice and parameters, collecting all samples and
    /// boundaries. SSML may switch espeak-ng's voice (`<voice>`, `xml:lang`), so after SSML the voice is
    /// re-selected on the next call. When `abort` is raised during the call, the synth callback returns 1,
    /// espeak-ng stops within one buffer, and this throws `aborted`.
    mutating func synthesize(_ text: String, markup: SpeechMarkup = .plain,
                             abort: SpeechAbortFlag? = nil) throws(SpeechError) -> SynthesizedSpeech {
        let rate = try sampleRate()
        let collector = SynthesisCollector(abort: abort)
        let userData = Unmanaged.passUnretained(collector).toOpaque()
        let byteCount = text.utf8.count + 1
        let status = withExtendedLifetime(collector) {
            text.withCString { cText in
                espeak_Synth(cText, byteCount, 0, POS_CHARACTER, 0,
                             UInt32(routecue_espeakCHARS_UTF8) | markup.synthFlags, nil, userData)
            }
        }
        if markup.interpretsSSML { selection = nil }
        markupOptionsSet = markup != .plain
        if collector.wasAborted {
            throw SpeechError(code: .aborted, message:
                "synthesis of a text of \(text.utf8.count) bytes aborted after \(collector.samples.count) samples")
        }
        guard status == EE_OK else {
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(status.rawValue)),
                              message: "espeak_Synth failed for a text of \(text.utf8.count) bytes")
        }
        return collector.speech(sampleRate: rate)
    }
}
