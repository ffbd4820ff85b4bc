/// One cue the engine hands to the audio side: what to say, and when, with the deadline after which its words
/// would no longer be true (the audio side cancels it rather than speak it late).
public struct Cue: Sendable, Equatable {
    /// Sequence number, unique within a run.
    public var id: Int
    /// What it is about.
    public var kind: CueKind
    /// Its stage, for maneuver cues.
    public var stage: CueStage?
    /// The maneuver index (as `route inspect` prints it), where it concerns one.
    public var maneuver: Int?
    /// The route leg.
    public var leg: Int
    /// The words.
    public var text: String
    /// Whether the short form was chosen to fit the time available.
    public var short: Bool
    /// When the engine hands it to the audio side.
    public var trigger: MonotonicInstant
    /// When its first word is predicted to be heard (trigger + output latency + pre-roll).
    public var audioStart: MonotonicInstant
    /// When its last word is predicted to end.
    public var audioEnd: MonotonicInstant
    /// The last instant at which its first word may still be heard.
    public var deadline: MonotonicInstant
    /// Predicted metres to the maneuver (or warning, or next maneuver for `continue`) when the first word is heard.
    public var distanceAtStart: Double?
    /// Where the cue was meant to start: the stage's spoken distance, its time × speed, or the duration-aware
    /// point of an `action` cue (metres before the maneuver).
    public var target: Double?
    /// Speed (m/s) when it was triggered.
    public var speed: Double
    /// Which route it belongs to: 0 for the first, +1 for each route loaded since.
    public var routeGeneration: Int
}
