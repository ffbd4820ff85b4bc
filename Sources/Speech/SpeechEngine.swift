import CESpeakNG
import Synchronization

/// The one espeak-ng instance of the process. espeak-ng keeps all its state in globals and is not re-entrant,
/// so every call into it goes through `SpeechEngine.shared`, one process-wide lock.
/// Issue 5 moves synthesis to a dedicated speech thread (DESIGN.md, "Threads and time"); this lock stays as
/// the guard that no second caller ever enters espeak-ng at the same time.
struct SpeechEngine: ~Copyable {
    /// The lock around espeak-ng; its value is what RouteCue knows of espeak-ng's global state.
    static let shared = Mutex(SpeechEngine())

    /// The result of `espeak_Initialize`, made once per process: the sample rate, or why it failed.
    private var initialization: Result<Int, SpeechError>?
    /// The voice and rate espeak-ng currently has set, so a synthesizer re-selects them only after another changed them.
    private var selection: (voice: String, rate: Int32)?

    private init() {}

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

    /// Makes `voice` and `rate` (words per minute) espeak-ng's current ones
    /// (`espeak_SetVoiceByName`, `espeak_SetParameter(espeakRATE)`).
    mutating func select(voice: String, rate: Int32) throws(SpeechError) {
        _ = try sampleRate()
        if let selection, selection.voice == voice, selection.rate == rate { return }
        selection = nil
        let voiceStatus = espeak_SetVoiceByName(voice)
        guard voiceStatus == EE_OK else {
            let what = voiceStatus == EE_NOT_FOUND ? "not found" : "could not be selected"
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(voiceStatus.rawValue)),
                              message: "voice \"\(voice)\" \(what)")
        }
        let rateStatus = espeak_SetParameter(espeakRATE, rate, 0)
        guard rateStatus == EE_OK else {
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(rateStatus.rawValue)),
                              message: "rate \(rate) words/min could not be set")
        }
        selection = (voice, rate)
    }

    /// Synthesizes `text` as UTF-8 (`espeak_Synth` with `espeakCHARS_UTF8` plus the flags of `markup`; plain
    /// by default: no SSML, no phoneme input) with the current voice and rate, collecting all samples and word
    /// starts. SSML may switch espeak-ng's voice (`<voice>`, `xml:lang`), so after SSML the voice is re-selected
    /// on the next call.
    mutating func synthesize(_ text: String, markup: SpeechMarkup = .plain) throws(SpeechError) -> SynthesizedSpeech {
        let rate = try sampleRate()
        let collector = SynthesisCollector()
        let userData = Unmanaged.passUnretained(collector).toOpaque()
        let byteCount = text.utf8.count + 1
        let status = withExtendedLifetime(collector) {
            text.withCString { cText in
                espeak_Synth(cText, byteCount, 0, POS_CHARACTER, 0,
                             UInt32(routecue_espeakCHARS_UTF8) | markup.synthFlags, nil, userData)
            }
        }
        if markup.interpretsSSML { selection = nil }
        guard status == EE_OK else {
            throw SpeechError(code: SpeechError.Code(rawValue: Int32(status.rawValue)),
                              message: "espeak_Synth failed for a text of \(text.utf8.count) bytes")
        }
        return SynthesizedSpeech(samples: collector.samples, sampleRate: rate, wordStarts: collector.wordStarts)
    }
}

/// What the synth callback gathers during one `espeak_Synth` call; reached through the call's `user_data`.
private final class SynthesisCollector {
    var samples: [Int16] = []
    var wordStarts: [Int] = []
    /// Character position of the last word recorded, to drop repeated WORD events.
    var lastWordTextPosition: Int32 = -1
}

/// espeak-ng's synth callback: appends the buffer's samples and the sample positions of its WORD events to the
/// `SynthesisCollector` passed as `user_data`. Returns 0 to continue synthesis.
private func collectSynthesisOutput(
    _ wave: UnsafeMutablePointer<Int16>?, _ sampleCount: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let collector = Unmanaged<SynthesisCollector>.fromOpaque(userData).takeUnretainedValue()
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        // `sample` is the event's exact sample index in this message (`audio_position` is the same in ms).
        // espeak-ng may report a word twice across a clause boundary: keep the first report of each word.
        if event.pointee.type == espeakEVENT_WORD, event.pointee.text_position > collector.lastWordTextPosition {
            collector.wordStarts.append(Int(event.pointee.sample))
            collector.lastWordTextPosition = event.pointee.text_position
        }
        event += 1
    }
    if let wave, sampleCount > 0 {
        collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(sampleCount)))
    }
    return 0
}
