/// What the driver does at a maneuver. Raw values are the names used in RouteCue JSON and `route inspect`.
public enum ManeuverType: String, Sendable, Codable, CaseIterable {
    case depart
    case turn
    case `continue`
    case newName = "new_name"
    case merge
    case onRamp = "on_ramp"
    case offRamp = "off_ramp"
    case fork
    case endOfRoad = "end_of_road"
    case roundabout
    case rotary
    case roundaboutTurn = "roundabout_turn"
    case exitRoundabout = "exit_roundabout"
    case exitRotary = "exit_rotary"
    case uTurn = "uturn"
    case keep
    case useLane = "use_lane"
    case ferry
    case notification
    /// Arrival at an intermediate stop (the end of any leg but the last), whatever the source called it.
    case waypoint
    /// Arrival at the destination (the end of the last leg).
    case arrive

    /// Whether a maneuver of this type and modifier is spoken by default: a straight "new name" and a
    /// `notification` are kept in the model but not announced.
    public func announcedByDefault(modifier: ManeuverModifier?) -> Bool {
        switch self {
        case .notification: return false
        case .newName: return !(modifier == nil || modifier == .straight)
        default: return true
        }
    }
}

/// The direction of a maneuver, relative to the direction of travel before it.
public enum ManeuverModifier: String, Sendable, Codable, CaseIterable {
    case uTurn = "uturn"
    case sharpRight = "sharp_right"
    case right
    case slightRight = "slight_right"
    case straight
    case slightLeft = "slight_left"
    case left
    case sharpLeft = "sharp_left"

    /// Parses OSRM's spelling ("sharp right", "uturn") as well as ours ("sharp_right").
    public init?(osrm text: String) {
        self.init(rawValue: text.replacing(" ", with: "_").lowercased())
    }

    /// The modifier for a signed turn angle in degrees (positive = right), with OSRM's sector boundaries.
    public init(turnAngle angle: Double) {
        let a = abs(angle)
        let right = angle > 0
        switch a {
        case ..<20: self = .straight
        case ..<60: self = right ? .slightRight : .slightLeft
        case ..<140: self = right ? .right : .left
        case ..<170: self = right ? .sharpRight : .sharpLeft
        default: self = .uTurn
        }
    }
}

/// Which side of the road traffic drives on.
public enum DrivingSide: String, Sendable, Codable {
    case left, right
}
