/// Decisions taken once per maneuver, when it first becomes the next one, so they never flip-flop.
struct ManeuverPlan: Sendable, Equatable {
    /// The timing row.
    var profile: TimingProfile
    /// The closely following maneuver chained into this one's `distance` and `action` cues.
    var chainedNext: Int?
    /// The maneuver whose cues already announced this one ("…, then turn right").
    var chainedFrom: Int?
    /// Metres along the route where the car was when this plan was made.
    var plannedAt: Double
    /// The distance each approach stage speaks, fixed the first time it can be placed (a time trigger needs the
    /// car moving). When the maneuver became next too close for the configured value, a smaller natural value
    /// that can still be heard exactly where it is true.
    var stageDistances: [CueStage: SpokenDistance] = [:]
    /// The words of each stage once known (full and short form), so they are composed once, not at every look.
    var stageTexts: [CueStage: StageTexts] = [:]
}

/// The full and short words of one stage.
struct StageTexts: Sendable, Equatable {
    var full: String
    var short: String?
}

/// Maneuvers already announced before a new route arrived, so the same cue is not repeated at the same place.
struct SpokenCueMemory: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var location: Coordinate
        var type: ManeuverType
        var stage: CueStage
    }
    private(set) var entries: [Entry] = []

    /// Notes that `stage` of a maneuver of `type` at `location` was spoken.
    mutating func note(_ location: Coordinate, type: ManeuverType, stage: CueStage) {
        entries.append(Entry(location: location, type: type, stage: stage))
        if entries.count > 64 { entries.removeFirst(entries.count - 64) }
    }

    /// The latest stage spoken for a maneuver of `type` within `radius` metres of `location`, if any.
    func latestStage(near location: Coordinate, type: ManeuverType, radius: Double = 30) -> CueStage? {
        entries.filter { $0.type == type && GeoMath.distance($0.location, location) <= radius }.map(\.stage).max()
    }
}
