/// A cue of the route that was heard whole, as the guidance journal keeps it so that guidance resumed after a power
/// loss never says it again. Written as a short token (`12:range`, `12:source:0`, `12:continue_after`,
/// `warning:3`, `arrival:1`, `departure`).
public enum HeardCue: Hashable, Sendable, Comparable {
    /// A stage of maneuver `maneuver`.
    case stage(maneuver: Int, CueStage)
    /// The route's own announcement `index` of a maneuver.
    case source(maneuver: Int, index: Int)
    /// "Continue for …" after a maneuver.
    case continueAfter(maneuver: Int)
    /// "Head north on …" at the start.
    case departure
    /// Warning `index` of the route.
    case warning(Int)
    /// The arrival at the waypoint ending `leg`, said on its own (not as a maneuver's action).
    case arrival(leg: Int)

    /// The journal's token.
    public var token: String {
        switch self {
        case let .stage(m, stage): "\(m):\(stage.rawValue)"
        case let .source(m, index): "\(m):source:\(index)"
        case let .continueAfter(m): "\(m):continue_after"
        case .departure: "departure"
        case let .warning(index): "warning:\(index)"
        case let .arrival(leg): "arrival:\(leg)"
        }
    }

    /// The cue a token names; nil when it names none.
    public init?(token: String) {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        // An index of at most nine digits (no route has a billion maneuvers).
        func number(_ text: String) -> Int? { text.utf8.count <= 9 ? ASCIINumber.int(ArraySlice(text.utf8)) : nil }
        switch parts.count {
        case 1 where parts[0] == "departure":
            self = .departure
        case 2 where parts[0] == "warning":
            guard let index = number(parts[1]) else { return nil }
            self = .warning(index)
        case 2 where parts[0] == "arrival":
            guard let leg = number(parts[1]) else { return nil }
            self = .arrival(leg: leg)
        case 2:
            guard let m = number(parts[0]) else { return nil }
            if parts[1] == "continue_after" {
                self = .continueAfter(maneuver: m)
            } else if let stage = CueStage(rawValue: parts[1]) {
                self = .stage(maneuver: m, stage)
            } else {
                return nil
            }
        case 3 where parts[1] == "source":
            guard let m = number(parts[0]), let index = number(parts[2]) else { return nil }
            self = .source(maneuver: m, index: index)
        default:
            return nil
        }
    }

    /// The maneuver it belongs to, if any.
    public var maneuver: Int? {
        switch self {
        case let .stage(m, _), let .source(m, _), let .continueAfter(m): m
        default: nil
        }
    }

    /// Token order: what the journal writes is sorted, so the same state gives the same bytes.
    public static func < (lhs: HeardCue, rhs: HeardCue) -> Bool {
        (lhs.maneuver ?? -1, lhs.token) < (rhs.maneuver ?? -1, rhs.token)
    }
}
