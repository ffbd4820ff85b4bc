/// How guidance prompts are given (docs/car-audio.md), following phone apps: in words, in short
/// words, as a chime, or not at all (during a call).
public enum PromptStyle: String, Sendable, Codable, CaseIterable {
    /// Full sentences.
    case normal
    /// Short forms; the engine chooses the words, the queue plays them as they come.
    case short
    /// A chime in place of speech.
    case tone
    /// Nothing.
    case none
}

/// Whether a phone call is going on, and where.
public enum CallPresence: Sendable, Equatable {
    /// No call.
    case none
    /// A call on another link than the one cues play on (prompts follow the in-call style).
    case ongoing
    /// A call on the hands-free link cues would play on: nothing is played into it.
    case onOutputLink
}

/// The listener's settings the queue consults just before starting each output (its should-play policy).
public struct OutputPolicy: Sendable, Equatable {
    /// Everything is vetoed.
    public var muted: Bool
    /// How prompts are given (during a call: the in-call style already applied).
    public var promptStyle: PromptStyle
    /// Volume factor, 0…1, applied to every output started from now on.
    public var volume: Double
    /// A phone call going on: its vetoes say so.
    public var call: CallPresence

    /// Creates a policy (`volume` clamped to 0…1, a non-finite one taken as 1).
    public init(muted: Bool = false, promptStyle: PromptStyle = .normal, volume: Double = 1, call: CallPresence = .none) {
        self.muted = muted
        self.promptStyle = promptStyle
        self.volume = volume
        self.call = call
    }

    /// `volume` clamped to 0…1 (a non-finite one taken as 1).
    public var clampedVolume: Double { volume.isFinite ? min(1, max(0, volume)) : 1 }

    /// The should-play verdict for `content`: muted, style `none` and a call on the output's own link veto everything;
    /// style `tone` turns speech into a chime, while files and application audio play as they are.
    public func verdict(for content: OutputContent) -> OutputVerdict {
        if muted { return .veto(OutputReason.muted) }
        if call == .onOutputLink { return .veto(OutputReason.callOnOutputLink) }
        switch promptStyle {
        case .none:
            return .veto(call == .none ? OutputReason.promptStyleNone : OutputReason.duringCall)
        case .tone:
            if case .speech = content { return .tone }
            return .play
        case .normal, .short:
            return .play
        }
    }
}
