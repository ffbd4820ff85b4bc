/// The words a maneuver clause is made of: sides, turns, compass points, ordinals, exits and destinations.
extension PlainEnglishManeuverClause {
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
