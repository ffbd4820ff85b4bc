/// A maneuver in US English words, in parts the sentence builder arranges: where ("at the roundabout"),
/// what to do ("take the third exit") and where to ("onto A 1 toward Basel").
struct PlainEnglishManeuverClause: Equatable {
    /// How the clause is spoken relative to the maneuver.
    enum Form: Equatable {
        /// An imperative that takes "In 300 meters, …" before it and "now" at the maneuver.
        case instruction
        /// Setting off: spoken as it is, no distance, no "now".
        case departure
        /// Arriving: "you will arrive at …" ahead of it, "You have arrived at …" there.
        case arrival(ahead: String, reached: String)
    }

    /// Where it happens, before the action ("at the roundabout"), or nil.
    var place: String?
    /// What to do ("turn left", "take exit 23").
    var action: String
    /// Road and destinations after the action, full form only ("onto Main Street toward Basel"), or nil.
    var target: String?
    /// The road alone, for a "then …" part ("onto Main Street"), or nil.
    var roadTarget: String?
    /// How the clause is spoken.
    var form: Form

    /// Whether a natural-guidance landmark may stand in front of this clause.
    var acceptsLandmark: Bool { form == .instruction && place == nil }

    /// The clause of `maneuver`; `short` drops road names, destinations and rotary names.
    init(_ maneuver: Maneuver, short: Bool) {
        let m = maneuver.modifier
        let road = short ? nil : (PhraseText.clean(maneuver.roadName) ?? PhraseText.clean(maneuver.ref))
        let toward = short ? nil : Self.destinationWords(maneuver.destinations)
        let onto = road.map { "onto \($0)" }
        place = nil
        roadTarget = onto
        target = Self.join([onto, toward.map { "toward \($0)" }])
        form = .instruction
        switch maneuver.type {
        case .depart:
            action = maneuver.bearingAfter.flatMap(Self.cardinal).map { "head \($0)" } ?? "follow the route"
            target = road.map { "on \($0)" }
            roadTarget = target
            form = .departure
        case .turn:
            action = Self.turn(m)
        case .continue, .newName:
            action = Self.continueAction(m, bare: maneuver.type == .newName && onto != nil)
        case .merge:
            action = Self.side(m).map { "merge \($0)" } ?? "merge"
        case .onRamp:
            action = Self.side(m).map { "take the ramp on the \($0)" } ?? "take the ramp"
        case .offRamp:
            let exit = short ? nil : Self.firstExit(maneuver.exits)
            action = exit.map { "take exit \($0)" } ?? "take the exit"
            if let side = Self.side(m), side != (maneuver.drivingSide ?? .right).rawValue { action += " on the \(side)" }
        case .fork:
            if let side = Self.side(m) ?? (m == .straight ? "straight" : nil) {
                place = "at the fork"
                action = "keep \(side)"
            } else {
                action = "take the fork"
            }
        case .endOfRoad:
            place = "at the end of the road"
            action = Self.turn(m)
        case .roundabout, .rotary, .roundaboutTurn:
            let name = maneuver.type == .rotary && !short ? PhraseText.clean(maneuver.rotaryName) : nil
            if let exit = maneuver.exitNumber, exit > 0 {
                place = "at \(name ?? "the roundabout")"
                action = "take the \(Self.ordinal(exit)) exit"
            } else if m != nil {
                place = "at \(name ?? "the roundabout")"
                action = Self.turn(m)
            } else {
                action = "enter \(name ?? "the roundabout")"
            }
        case .exitRoundabout, .exitRotary:
            action = "exit the roundabout"
        case .uTurn:
            action = "make a U-turn"
        case .keep:
            action = m == .uTurn ? "make a U-turn" : "keep \(Self.side(m) ?? "straight")"
        case .useLane:
            action = m == .uTurn ? "make a U-turn" : (Self.side(m).map { "use the \($0) lane" } ?? "stay in your lane")
            target = toward.map { "toward \($0)" }
            roadTarget = nil
        case .ferry:
            action = "take the ferry"
            target = toward.map { "toward \($0)" }
            roadTarget = nil
        case .notification:
            action = PhraseText.clean(maneuver.instruction) ?? "continue"
            target = nil
            roadTarget = nil
            form = .departure
        case .waypoint, .arrive:
            let what = maneuver.type == .arrive ? "arrive at your destination" : "reach your waypoint"
            let done = maneuver.type == .arrive ? "have arrived at your destination" : "have reached your waypoint"
            let at = short ? nil : Self.arrivalSide(m)
            action = what
            target = nil
            roadTarget = nil
            form = .arrival(ahead: Self.join(["you will \(what)", at], separator: ", ") ?? what,
                            reached: Self.join(["you \(done)", at], separator: ", ") ?? done)
        }
    }
}
