/// When, relative to its maneuver, a cue is spoken (docs/cue-log.md; defaults in config/routecue.json): an open list of stages.
public enum CueStage: String, Sendable, Codable, CaseIterable, Comparable {
    /// The first, far announcement ("In 2 kilometers, turn left").
    case range
    /// A reminder between `range` and `distance`.
    case reminder
    /// The near announcement ("In 300 meters, turn left").
    case distance
    /// At the maneuver ("Turn left now"); it ends before the maneuver.
    case action
    /// After a maneuver, when the next one is far ("Continue for 12 kilometers").
    case `continue`

    /// Order of the stages approaching a maneuver (`continue` comes after the previous maneuver, so first).
    var order: Int {
        switch self {
        case .continue: return 0
        case .range: return 1
        case .reminder: return 2
        case .distance: return 3
        case .action: return 4
        }
    }

    /// Earlier stage before later one, in the order a driver hears them.
    public static func < (lhs: CueStage, rhs: CueStage) -> Bool { lhs.order < rhs.order }
}
