/// Where a stage is placed before its maneuver: a distance, or a time at the current speed.
public enum StageTrigger: Sendable, Equatable {
    /// This many metres before the maneuver (moved to the nearest natural spoken value).
    case metres(Double)
    /// This many seconds before the maneuver at the current speed; waits while the car stands.
    case seconds(Double)

    /// The distance before the maneuver at `speed` (m/s); nil for a time trigger while standing.
    public func metres(atSpeed speed: Double, standing: Double) -> Double? {
        switch self {
        case .metres(let m): return m
        case .seconds(let s): return speed >= standing ? s * speed : nil
        }
    }
}

/// The four approach stages of one timing row; a nil stage is not used in that row.
public struct StageTimings: Sendable, Equatable {
    /// First announcement.
    public var range: StageTrigger?
    /// Reminder between range and distance.
    public var reminder: StageTrigger?
    /// Near announcement.
    public var distance: StageTrigger?
    /// At the maneuver; moved earlier when the cue would not end `actionLeadSeconds` before it.
    public var action: StageTrigger?

    /// Creates a row.
    public init(range: StageTrigger?, reminder: StageTrigger?, distance: StageTrigger?, action: StageTrigger?) {
        self.range = range
        self.reminder = reminder
        self.distance = distance
        self.action = action
    }

    /// The trigger of `stage`, if this row uses it (`continue` is placed by its own options).
    public subscript(stage: CueStage) -> StageTrigger? {
        get {
            switch stage {
            case .range: return range
            case .reminder: return reminder
            case .distance: return distance
            case .action: return action
            case .continue: return nil
            }
        }
        set {
            switch stage {
            case .range: range = newValue
            case .reminder: reminder = newValue
            case .distance: distance = newValue
            case .action: action = newValue
            case .continue: break
            }
        }
    }
}

/// The three rows (slow, regular, fast) of one transport mode.
public struct ModeTimings: Sendable, Equatable {
    /// Town speeds.
    public var slowSpeed: StageTimings
    /// Main roads.
    public var regularSpeed: StageTimings
    /// Motorways.
    public var fastSpeed: StageTimings

    /// Creates a mode's rows.
    public init(slowSpeed: StageTimings, regularSpeed: StageTimings, fastSpeed: StageTimings) {
        self.slowSpeed = slowSpeed
        self.regularSpeed = regularSpeed
        self.fastSpeed = fastSpeed
    }

    /// The row of `profile`.
    public subscript(profile: TimingProfile) -> StageTimings {
        get {
            switch profile {
            case .slowSpeed: return slowSpeed
            case .regularSpeed: return regularSpeed
            case .fastSpeed: return fastSpeed
            }
        }
        set {
            switch profile {
            case .slowSpeed: slowSpeed = newValue
            case .regularSpeed: regularSpeed = newValue
            case .fastSpeed: fastSpeed = newValue
            }
        }
    }
}
