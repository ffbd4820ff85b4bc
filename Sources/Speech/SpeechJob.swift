/// How soon a synthesis is needed.
public enum SpeechUrgency: Sendable, Hashable {
    /// A cue is due: run before every queued `.ahead` job (after the one running, which `cancel` can abort).
    case now
    /// Pre-rendering of a cue that may come next: runs when no `.now` job waits.
    case ahead
}

/// The handle of one synthesis submitted to a `SpeechThread`, to cancel or promote it.
public struct SpeechJob: Sendable, Hashable, CustomStringConvertible {
    /// Unique within its `SpeechThread`, increasing in submission order.
    public let id: UInt64

    /// e.g. `speech job 7`.
    public var description: String { "speech job \(id)" }
}

/// The result handler of a speech job: called exactly once, on the speech thread (synthesized, failed,
/// aborted) or on the thread that cancelled the job or shut the thread down (cancelled).
public typealias SpeechCompletion = @Sendable (Result<SynthesizedSpeech, SpeechError>) -> Void

/// One synthesis waiting in or taken from a `SpeechThread`'s inbox.
struct PendingSpeechJob: Sendable {
    let job: SpeechJob
    let text: String
    let settings: VoiceSettings
    var urgency: SpeechUrgency
    let completion: SpeechCompletion
}
