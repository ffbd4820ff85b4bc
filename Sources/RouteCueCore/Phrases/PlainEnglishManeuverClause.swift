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

    // MARK: Words

    /// "left" / "right" for the modifiers that lean that way, nil for straight, U-turn and none.
    static func side(_ m: ManeuverModifier?) -> String? {
        switch m {
        case .sharpLeft, .left, .slightLeft: return "left"
        case .sharpRight, .right, .slightRight: return "right"
        case .straight, .uTurn, nil: return nil
        }
    }

    static func turn(_ m: ManeuverModifier?) -> String {
        switch m {
        case .left: return "turn left"
        case .right: return "turn right"
        case .sharpLeft: return "turn sharp left"
        case .sharpRight: return "turn sharp right"
        case .slightLeft: return "turn slightly left"
        case .slightRight: return "turn slightly right"
        case .straight: return "go straight"
        case .uTurn: return "make a U-turn"
        case nil: return "make a turn"
        }
    }

    /// "continue left", "continue straight"; `bare` ("continue", for a new name with a road to name)
    /// when the modifier is straight or missing.
    static func continueAction(_ m: ManeuverModifier?, bare: Bool) -> String {
        switch m {
        case .uTurn: return "make a U-turn"
        case .slightLeft: return "continue slightly left"
        case .slightRight: return "continue slightly right"
        case .sharpLeft: return "continue sharp left"
        case .sharpRight: return "continue sharp right"
        case .left: return "continue left"
        case .right: return "continue right"
        case .straight, nil: return bare ? "continue" : "continue straight"
        }
    }

    static func arrivalSide(_ m: ManeuverModifier?) -> String? {
        if let side = side(m) { return "on the \(side)" }
        return m == .straight ? "straight ahead" : nil
    }

    /// Compass point of a bearing in degrees, in eight sectors; nil when not finite.
    static func cardinal(_ bearing: Double) -> String? {
        guard bearing.isFinite else { return nil }
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int((normalized / 45).rounded()) % 8]
    }

    /// "first" … "tenth", then "11th", "22nd", "23rd" (espeak-ng reads these as ordinals).
    static func ordinal(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        if n >= 1, n <= words.count { return words[n - 1] }
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// The first exit number of a sign ("23B;24" → "23B").
    static func firstExit(_ exits: String?) -> String? {
        guard let text = PhraseText.clean(exits) else { return nil }
        let first = text.split(whereSeparator: { $0 == ";" || $0 == "," }).first.map(String.init)
        return PhraseText.clean(first)
    }

    /// Signposted destinations to speak: the place names after an OSRM-style "A 5: Karlsruhe, Basel" refs
    /// part, at most two, joined with "and" ("Karlsruhe and Basel").
    static func destinationWords(_ destinations: String?) -> String? {
        guard var text = PhraseText.clean(destinations) else { return nil }
        if let colon = text.firstIndex(of: ":"), let names = PhraseText.clean(String(text[text.index(after: colon)...])) {
            text = names
        }
        let names = text.split(whereSeparator: { $0 == "," || $0 == ";" }).compactMap { PhraseText.clean(String($0)) }
        return join(Array(names.prefix(2)), separator: " and ")
    }

    /// The non-nil parts joined by `separator`, nil when there are none.
    static func join(_ parts: [String?], separator: String = " ") -> String? {
        let present = parts.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: separator)
    }
}
