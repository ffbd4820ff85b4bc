/// Identity of a cue that is spoken (or skipped) at most once per route.
enum CueKey: Hashable, Sendable {
    /// A stage of a maneuver.
    case stage(maneuver: Int, CueStage)
    /// The route's own announcement `index` of a maneuver.
    case source(maneuver: Int, index: Int)
    /// "Continue for …" after a maneuver.
    case continueAfter(maneuver: Int)
    /// "Head north on …" at the start.
    case departure
    /// A warning of the route.
    case warning(Int)
    /// Arrival at the waypoint ending a leg (when it was not announced before it).
    case arrival(leg: Int)
    /// "Recalculating", once per off-route episode.
    case offRoute(episode: Int)
    /// "GPS signal lost", once per outage.
    case gpsLost(outage: Int)
    /// "GPS signal regained", once per outage it was lost in.
    case gpsRegained(outage: Int)
    /// The next instruction said again on request (`repeatInstruction`), the `n`th request.
    case repeated(Int)
    /// "Continuing to …", once, when guidance resumed from the journal is back on its route.
    case resumed
}

/// A cue that may be spoken soon: its words and where along the route they must be heard.
struct CueCandidate: Sendable {
    var key: CueKey
    var kind: CueKind
    var stage: CueStage?
    var maneuver: Int?
    var leg: Int
    /// Full words, and the short form where there is one.
    var full: String
    var short: String?
    /// Metres along the route of the point the cue's distance refers to; nil for a cue spoken as soon as possible.
    var reference: Double?
    /// Metres before `reference` where the first word should be heard; nil while it cannot be placed yet (a time
    /// trigger while standing).
    var heardAt: Double?
    /// The log's `target_m`.
    var target: Double?
    /// The first word must be heard with at least this many metres left (the words stop being true below).
    var trueLower: Double
    /// The last word must end with at least this many metres left, at the current speed (action: the lead).
    var endLeadSeconds: Double
    /// For a cue without a reference: the latest instant it may start.
    var latestStart: MonotonicInstant?
    /// Higher wins a conflict (`CueStage.priority` for maneuver stages; warnings 2, immediate cues 5).
    var priority: Int
    /// Metres to the maneuver when it became the next one (approach stages), to tell "too close" from "passed".
    var remainingWhenNext: Double? = nil
    /// For a cue without a reference: the earliest instant its first word may be heard (the departure cue waits
    /// for the music to be down).
    var notBefore: MonotonicInstant? = nil
}

extension CueStage {
    /// How a stage's cue weighs in a conflict: the nearer the maneuver, the more it matters, which is the
    /// order a driver hears the stages in.
    var priority: Int { order }
}
