/// What goes into the output queue: commands from the service and the UI, and reports from the audio side.
public enum OutputQueueInput: Sendable, Equatable {
    /// Queue it behind outputs of its priority and above; it preempts a lower-priority one that is playing.
    case enqueue(OutputRequest)
    /// Clear the queue, stop what plays immediately, and play this next.
    case play(OutputRequest)
    /// Cancel everything waiting; what plays goes on.
    case clearQueue
    /// Stop what plays immediately; the next one follows.
    case skipCurrent
    /// Stop what plays at its next word boundary because its words no longer hold (a new route); the next follows.
    case supersedeCurrent
    /// Stop what plays immediately and cancel everything waiting.
    case stopAndClear
    /// Stop what plays immediately because its device went away (`reason` says how); the next one follows.
    case interruptCurrent(reason: String)
    /// New listener settings (a veto stops what plays immediately).
    case setPolicy(OutputPolicy)
    /// Seconds from a `start` action to its first sample heard (output latency plus pre-roll of the audio route).
    case setStartLatency(Double)
    /// When the car's audio can take an output's first sample (the music it lowers is down): a start waits for it.
    case setAudioReadiness(AudioReadiness)
    /// Audio side: output `id` has begun.
    case started(id: Int)
    /// Audio side: output `id` has ended; `nil` when it played to its end.
    case finished(id: Int, OutputStopReason?)
    /// Audio side: output `id` could not be rendered or played.
    case failed(id: Int, message: String)
    /// Time passed (at `nextWakeup`).
    case tick
}

/// Why the audio side ended an output before its end.
public enum OutputStopReason: Sendable, Equatable, CustomStringConvertible {
    /// A `stop` action took effect, in this mode.
    case stopped(OutputStopMode)
    /// The audio side ended it for its own reason (device lost, audio route changed).
    case external(String)

    /// A few words for the outcome.
    public var description: String {
        switch self {
        case .stopped(.atWordBoundary): return "stopped at a word boundary"
        case .stopped(.immediately): return "stopped immediately"
        case .external(let message): return message
        }
    }
}
