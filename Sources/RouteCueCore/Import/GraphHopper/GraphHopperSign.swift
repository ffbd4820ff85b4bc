/// GraphHopper's instruction signs (`sign` of `paths[].instructions[]`, the constants of
/// `com.graphhopper.util.Instruction`) and what each one is in RouteCue's model.
public enum GraphHopperSign: Int, Sendable, CaseIterable {
    /// GraphHopper `UNKNOWN` (-99).
    case unknown = -99
    /// GraphHopper `U_TURN_UNKNOWN` (-98).
    case uTurnUnknown = -98
    /// GraphHopper `U_TURN_LEFT` (-8).
    case uTurnLeft = -8
    /// GraphHopper `KEEP_LEFT` (-7).
    case keepLeft = -7
    /// GraphHopper `EXIT_ROUNDABOUT` (-6; `LEAVE_ROUNDABOUT` in older versions): the route starts inside
    /// a roundabout and leaves it.
    case exitRoundabout = -6
    /// GraphHopper `TURN_SHARP_LEFT` (-3).
    case turnSharpLeft = -3
    /// GraphHopper `TURN_LEFT` (-2).
    case turnLeft = -2
    /// GraphHopper `TURN_SLIGHT_LEFT` (-1).
    case turnSlightLeft = -1
    /// GraphHopper `CONTINUE_ON_STREET` (0).
    case continueOnStreet = 0
    /// GraphHopper `TURN_SLIGHT_RIGHT` (1).
    case turnSlightRight = 1
    /// GraphHopper `TURN_RIGHT` (2).
    case turnRight = 2
    /// GraphHopper `TURN_SHARP_RIGHT` (3).
    case turnSharpRight = 3
    /// GraphHopper `FINISH` (4).
    case finish = 4
    /// GraphHopper `REACHED_VIA` (5).
    case reachedVia = 5
    /// GraphHopper `USE_ROUNDABOUT` (6).
    case useRoundabout = 6
    /// GraphHopper `KEEP_RIGHT` (7).
    case keepRight = 7
    /// GraphHopper `U_TURN_RIGHT` (8).
    case uTurnRight = 8
    /// GraphHopper `FERRY` (9).
    case ferry = 9
    /// GraphHopper `PT_START_TRIP` (101).
    case ptStartTrip = 101
    /// GraphHopper `PT_TRANSFER` (102).
    case ptTransfer = 102
    /// GraphHopper `PT_END_TRIP` (103).
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
