/// What the infotainment UI set over D-Bus (Audio1's `Muted`, `PromptStyle` and `Volume`). Each outlives a
/// configuration reload; nil leaves the configuration's.
public struct UIAudioSettings: Sendable, Equatable {
    /// Every output vetoed.
    public var muted: Bool
    /// The prompt style the UI chose.
    public var promptStyle: PromptStyle?
    /// The volume factor the UI chose (clamped where it is used).
    public var volume: Double?

    /// Settings as the UI left them (none: the configuration's).
    public init(muted: Bool = false, promptStyle: PromptStyle? = nil, volume: Double? = nil) {
        self.muted = muted
        self.promptStyle = promptStyle
        self.volume = volume
    }
}

extension PromptStyle {
    /// How much of a prompt is heard: 0 for `none`, then `tone`, `short`, 3 for `normal`.
    public var loudness: Int {
        switch self {
        case .none: 0
        case .tone: 1
        case .short: 2
        case .normal: 3
        }
    }

    /// The quieter of this style and `other`.
    public func quieter(_ other: PromptStyle) -> PromptStyle { other.loudness < loudness ? other : self }
}

extension CallPresence {
    /// A call going on (`inCall`) is on the output's own link when cues play on the hands-free device the call
    /// uses (`outputIsHandsFree`).
    public init(inCall: Bool, outputIsHandsFree: Bool) {
        self = !inCall ? .none : outputIsHandsFree ? .onOutputLink : .ongoing
    }
}

extension OutputPolicy {
    /// The policy the queue follows: this (the configuration's) with what the UI set; during a call, `call` says so
    /// and the style is the in-call one (`inCallStyle`) when that is quieter than the one in force.
    public func inForce(ui: UIAudioSettings, call: CallPresence, inCallStyle: PromptStyle) -> OutputPolicy {
        var policy = self
        policy.muted = ui.muted
        if let style = ui.promptStyle { policy.promptStyle = style }
        if let volume = ui.volume { policy.volume = volume }
        policy.call = call
        if call != .none { policy.promptStyle = policy.promptStyle.quieter(inCallStyle) }
        return policy
    }

    /// Whether prompts can be heard at all under this policy (the music is ducked only then).
    public var promptsAudible: Bool { !(muted || promptStyle == .none || call == .onOutputLink) }
}
