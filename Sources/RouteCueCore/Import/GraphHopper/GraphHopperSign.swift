/// GraphHopper's instruction signs (`sign` of `paths[].instructions[]`, the constants of
/// `com.graphhopper.util.Instruction`) and what each one is in RouteCue's model.
public enum GraphHopperSign: Int, Sendable, CaseIterable {
    case unknown = -99
    case uTurnUnknown = -98
    case uTurnLeft = -8
    case keepLeft = -7
    /// Called `LEAVE_ROUNDABOUT` in older versions: the route starts inside a roundabout and leaves it.
    case exitRoundabout = -6
    case turnSharpLeft = -3
    case turnLeft = -2
    case turnSlightLeft = -1
    case continueOnStreet = 0
    case turnSlightRight = 1
    case turnRight = 2
    case turnSharpRight = 3
    case finish = 4
    case reachedVia = 5
    case useRoundabout = 6
    case keepRight = 7
    case uTurnRight = 8
    case ferry = 9
    case ptStartTrip = 101
    case ptTransfer = 102
    case ptEndTrip = 103

    /// The RouteCue maneuver type and modifier for this sign. `continueOnStreet` maps to `continue`
    /// here; the importer makes it a `depart` at the start of a leg and a silent `new_name` where only the
    /// street name changes. U-turns keep no side; public-transport signs become silent notifications.
    public var mapped: (type: ManeuverType, modifier: ManeuverModifier?) {
        switch self {
        case .unknown: (.notification, nil)
        case .uTurnUnknown, .uTurnLeft, .uTurnRight: (.uTurn, .uTurn)
        case .keepLeft: (.keep, .slightLeft)
        case .keepRight: (.keep, .slightRight)
        case .exitRoundabout: (.exitRoundabout, nil)
        case .turnSharpLeft: (.turn, .sharpLeft)
        case .turnLeft: (.turn, .left)
        case .turnSlightLeft: (.turn, .slightLeft)
        case .continueOnStreet: (.continue, .straight)
        case .turnSlightRight: (.turn, .slightRight)
        case .turnRight: (.turn, .right)
        case .turnSharpRight: (.turn, .sharpRight)
        case .finish: (.arrive, nil)
        case .reachedVia: (.waypoint, nil)
        case .useRoundabout: (.roundabout, nil)
        case .ferry: (.ferry, nil)
        case .ptStartTrip, .ptTransfer, .ptEndTrip: (.notification, nil)
        }
    }

    /// The mapping of a raw sign; signs this table does not know become a silent `notification`.
    public static func mapped(code: Int) -> (type: ManeuverType, modifier: ManeuverModifier?) {
        GraphHopperSign(rawValue: code)?.mapped ?? (.notification, nil)
    }
}
