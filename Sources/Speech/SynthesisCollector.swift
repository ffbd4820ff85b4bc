import CESpeakNG
import Synchronization

/// A request to stop one running synthesis, raised from any thread and read by espeak-ng's synth callback.
final class SpeechAbortFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Asks the synthesis to stop at its next buffer.
    func raise() { raised.store(true, ordering: .releasing) }

    /// True once `raise()` was called.
    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

/// What the synth callback gathers during one `espeak_Synth` call; reached through the call's `user_data`,
/// used only on the thread that holds `SpeechEngine.shared`.
final class SynthesisCollector {
    /// Raised to stop the synthesis (nil: never stopped).
    let abort: SpeechAbortFlag?
    var samples: [Int16] = []
    var wordStarts: [Int] = []
    var sentenceStarts: [Int] = []
    var clauseEnds: [Int] = []
    /// Indexes into `clauseEnds` of the ends followed by a new sentence.
    var sentenceEndIndexes: [Int] = []
    /// Character position of the last word recorded, to drop repeated WORD events.
    var lastWordTextPosition: Int32 = -1
    /// Character position of the last sentence recorded, to drop repeated SENTENCE events.
    var lastSentenceTextPosition: Int32 = -1
    /// True when the callback saw `abort` raised and told espeak-ng to stop.
    var wasAborted = false

    init(abort: SpeechAbortFlag?) { self.abort = abort }

    /// Records one event. espeak-ng may report a word twice across a clause boundary: the first report counts.
    func record(_ event: espeak_EVENT) {
        // `sample` is the event's exact sample index in this message (`audio_position` is the same in ms).
        let sample = Int(event.sample)
        switch event.type {
        case espeakEVENT_WORD:
            if event.text_position > lastWordTextPosition {
                wordStarts.append(sample)
                lastWordTextPosition = event.text_position
            }
        case espeakEVENT_SENTENCE:
            if event.text_position > lastSentenceTextPosition {
                // The END just before a new sentence ends the previous one.
                if let lastEnd = clauseEnds.indices.last, sentenceEndIndexes.last != lastEnd {
                    sentenceEndIndexes.append(lastEnd)
                }
                sentenceStarts.append(sample)
                lastSentenceTextPosition = event.text_position
            }
        case espeakEVENT_END:
            if sample >= (clauseEnds.last ?? 0) { clauseEnds.append(sample) }
        default:
            break
        }
    }

    /// The collected speech; the last clause end also ends the last sentence.
    func speech(sampleRate: Int) -> SynthesizedSpeech {
        var sentenceEnds = sentenceEndIndexes.map { clauseEnds[$0] }
        if let last = clauseEnds.last, sentenceEnds.last != last { sentenceEnds.append(last) }
        return SynthesizedSpeech(samples: samples, sampleRate: sampleRate, wordStarts: wordStarts,
                                 sentenceStarts: sentenceStarts, clauseEnds: clauseEnds, sentenceEnds: sentenceEnds)
    }
}

/// espeak-ng's synth callback: appends the buffer's samples and the sample positions of its events to the
/// `SynthesisCollector` passed as `user_data`. Returns 1 (stop synthesis) once the collector's abort flag is
/// raised, else 0.
func collectSynthesisOutput(
    _ wave: UnsafeMutablePointer<Int16>?, _ sampleCount: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let collector = Unmanaged<SynthesisCollector>.fromOpaque(userData).takeUnretainedValue()
    if collector.abort?.isRaised == true {
        collector.wasAborted = true
        return 1
    }
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        collector.record(event.pointee)
        event += 1
    }
    if let wave, sampleCount > 0 {
        collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(sampleCount)))
    }
    return 0
}
