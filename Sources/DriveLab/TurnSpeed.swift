import RouteCueCore

/// The speed a car slows to for a maneuver, from its turn angle: how drivers take junctions. Straight-on
/// maneuvers (under 20°) need no slowing; roundabouts are driven at about 25 km/h. A slight fork, keep or
/// exit ramp is taken at up to 80 km/h (drivers slow down on the ramp, after the divergence), and a slight
/// on-ramp or merge needs no slowing at all.
public enum TurnSpeed {
    /// Slight turns (20°–60°): 50 km/h.
    public static let slight = 50 / 3.6
    /// Ordinary turns (60°–140°): 30 km/h.
    public static let ordinary = 30 / 3.6
    /// Sharp turns (140°–170°): 25 km/h.
    public static let sharp = 25 / 3.6
    /// U-turns (170° and more, or type `uturn`): 15 km/h.
    public static let uTurn = 15 / 3.6
    /// Roundabouts and rotaries, entering and leaving: 25 km/h.
    public static let roundabout = 25 / 3.6
    /// Slight forks, keeps and exit ramps (under 60°): 80 km/h.
    public static let slightRamp = 80 / 3.6

    /// The speed limit (m/s) at `maneuver`, or nil when the car need not slow down there.
    public static func limit(for maneuver: Maneuver, geometry: RouteGeometry) -> Double? {
        switch maneuver.type {
        case .depart, .arrive, .ferry, .notification: return nil
        case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary: return roundabout
        case .uTurn: return uTurn
        default: break
        }
        guard let angle = turnAngle(of: maneuver, geometry: geometry) else { return nil }
        if abs(angle) < 60 {
            switch maneuver.type {
            case .fork, .keep, .offRamp: return abs(angle) < 20 ? nil : slightRamp
            case .onRamp, .merge: return nil
            default: break
            }
        }
        return limit(forTurnAngle: angle)
    }

    /// The speed limit (m/s) for a turn of `angle` degrees (either sign), or nil under 20°.
    public static func limit(forTurnAngle angle: Double) -> Double? {
        switch abs(angle) {
        case ..<20: return nil
        case ..<60: return slight
        case ..<140: return ordinary
        case ..<170: return sharp
        default: return uTurn
        }
    }

    /// The maneuver's turn angle (degrees, positive right): from its bearings where the route gives them,
    /// else from its modifier, else measured on the geometry 20 m either side of it. A waypoint's bearings
    /// are not used (OSRM writes `bearing_after` 0 on an arrival): the geometry says whether the route turns
    /// there, or turns back.
    public static func turnAngle(of maneuver: Maneuver, geometry: RouteGeometry) -> Double? {
        if maneuver.type != .waypoint, let angle = maneuver.turnAngle { return angle }
        if let modifier = maneuver.modifier { return typicalAngle(modifier) }
        let d = maneuver.distanceAlong
        let before = geometry.coordinate(atDistance: d - 20), at = geometry.coordinate(atDistance: d)
        let after = geometry.coordinate(atDistance: d + 20)
        guard GeoMath.distance(before, at) > 1, GeoMath.distance(at, after) > 1 else { return nil }
        return GeoMath.turnAngle(from: GeoMath.bearing(from: before, to: at), to: GeoMath.bearing(from: at, to: after))
    }

    /// A representative angle for a modifier (the middle of its OSRM sector).
    static func typicalAngle(_ modifier: ManeuverModifier) -> Double {
        switch modifier {
        case .straight: return 0
        case .slightRight: return 40
        case .right: return 90
        case .sharpRight: return 155
        case .uTurn: return 180
        case .slightLeft: return -40
        case .left: return -90
        case .sharpLeft: return -155
        }
    }
}
