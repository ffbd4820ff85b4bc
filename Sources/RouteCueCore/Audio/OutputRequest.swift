/// One output for the queue: what to play, how much it matters, and the last instant its first sample may be
/// heard (`deadline`; a request that cannot start in time is cancelled, never played late).
public struct OutputRequest: Sendable, Equatable {
    /// Unique among the outputs alive at once (a cue's sequence number for cues); events and reports name it.
    public var id: Int
    /// What to play.
    public var content: OutputContent
    /// How much it matters.
    public var priority: OutputPriority
    /// The last instant its first sample may be heard; `nil`: no deadline.
    public var deadline: MonotonicInstant?
    /// What the cue is about, for cues.
    public var kind: CueKind?
    /// The cue's stage, for maneuver cues.
    public var stage: CueStage?
    /// Where in the stereo image to place it (spatial audio); `nil`: unpanned.
    public var pan: PanSweep?

    /// Creates a request.
    public init(id: Int, content: OutputContent, priority: OutputPriority, deadline: MonotonicInstant? = nil,
                kind: CueKind? = nil, stage: CueStage? = nil, pan: PanSweep? = nil) {
        self.id = id
        self.content = content
        self.priority = priority
        self.deadline = deadline
        self.kind = kind
        self.stage = stage
        self.pan = pan
    }

    /// The request that speaks `cue` in `language`, its words read as `markup`: its id, words, deadline, kind and
    /// stage, and the priority `OutputPriority(cue:)` gives it.
    public init(cue: Cue, language: String, markup: CueMarkup = .plain, pan: PanSweep? = nil) {
        self.init(id: cue.id, content: .speech(text: cue.text, language: language, markup: markup), priority: OutputPriority(cue: cue),
                  deadline: cue.deadline, kind: cue.kind, stage: cue.stage, pan: pan)
    }
}
