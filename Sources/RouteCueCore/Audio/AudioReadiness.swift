/// When the car's audio is ready for an output's first sample to be heard: the music it lowers is down (Android asks
/// for audio focus, the others duck, then the app plays). The ducker says it; the output queue holds a start until
/// then, never past the output's deadline.
public enum AudioReadiness: Sendable, Equatable {
    /// Now: nothing would be lowered, or it is down already.
    case ready
    /// The music has to be lowered first: ready this many seconds after an output asks for it
    /// (`OutputEvent.awaitingAudio`).
    case afterRequest(seconds: Double)
    /// The music is being lowered: ready when this instant is heard.
    case at(MonotonicInstant)

    /// The instant a first sample may be heard, for an output that asked at `requested` (nil: at once).
    func readyInstant(requestedAt requested: MonotonicInstant) -> MonotonicInstant? {
        switch self {
        case .ready: return nil
        case .afterRequest(let seconds): return seconds.isFinite && seconds > 0 ? requested.advanced(bySeconds: seconds) : nil
        case .at(let instant): return instant
        }
    }
}
