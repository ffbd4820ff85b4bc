/// OSRM v5 / Mapbox maneuver `type` strings and how they become a `ManeuverType`.
enum OSRMManeuverKind {
    /// The type for an OSRM `maneuver.type`, or nil for a type OSRM does not define
    /// (OSRM: "types unknown to the client should be handled like the turn type").
    static func type(osrm text: String) -> ManeuverType? {
        switch text {
        case "turn": return .turn
        case "new name": return .newName
        case "depart": return .depart
        case "arrive": return .arrive
        case "merge": return .merge
        case "ramp", "on ramp": return .onRamp      // `ramp` is the pre-5.0 name of `on ramp`
        case "off ramp": return .offRamp
        case "fork": return .fork
        case "end of road": return .endOfRoad
        case "use lane": return .useLane
        case "continue": return .continue
        case "roundabout": return .roundabout
        case "rotary": return .rotary
        case "roundabout turn": return .roundaboutTurn
        case "notification": return .notification
        case "exit roundabout": return .exitRoundabout
        case "exit rotary": return .exitRotary
        default: return nil
        }
    }

    /// The maneuver type for a step, given its OSRM type, modifier and whether it boards a ferry
    /// (its `mode` is `ferry` and the step before was not):
    /// - a `turn` or `continue` with modifier `uturn` is a `.uTurn`;
    /// - a ferry boarding step that is only a mode change (`notification`, `new name`, `continue`) is a
    ///   `.ferry`, so it is announced; a boarding step with a real turn (`turn left` onto the ferry) keeps
    ///   its type and the phrase can say "ferry" from the maneuver's `mode`.
    static func maneuverType(osrm text: String, modifier: ManeuverModifier?, boardsFerry: Bool) -> ManeuverType {
        let type = Self.type(osrm: text) ?? .turn
        if modifier == .uTurn, type == .turn || type == .continue { return .uTurn }
        if boardsFerry, type == .notification || type == .newName || type == .continue { return .ferry }
        return type
    }
}
