/// How much an output matters: a higher one plays first and preempts a lower one that is playing.
public enum OutputPriority: Int, Sendable, Codable, CaseIterable, Comparable {
    /// Audio an application asked to play.
    case application
    /// Far announcements and notices: `range`, `continue`, reroute and guidance-state messages.
    case message
    /// Near announcements: `distance`, `reminder`, warnings, waypoint and destination arrival.
    case guidance
    /// Action cues: the moment to act.
    case urgent

    /// The priority of a cue from the guidance engine: its stage first (`action` is urgent whatever it is about),
    /// then what it is about.
    public init(cue: Cue) {
        self.init(kind: cue.kind, stage: cue.stage)
    }

    /// The priority of a cue about `kind` at `stage`.
    public init(kind: CueKind, stage: CueStage?) {
        switch (kind, stage) {
        case (_, .action?): self = .urgent
        case (.app, _): self = .application
        case (.reroute, _): self = .message
        case (.warning, _), (.waypoint, _), (.arrival, _): self = .guidance
        case (.maneuver, .distance?), (.maneuver, .reminder?): self = .guidance
        case (.maneuver, _): self = .message
        }
    }

    /// Lower before higher.
    public static func < (lhs: OutputPriority, rhs: OutputPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
