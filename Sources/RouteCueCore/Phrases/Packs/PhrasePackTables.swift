/// The distance words of one grammatical form: per unit and plural category a template with `{n}`, and exact
/// values with words of their own.
struct PackDistanceForm: Sendable {
    /// unit → plural category → template.
    let templates: [DistanceUnit: [String: PhraseTemplate]]
    /// "mile 0.25" or, for one unit system only, "imperial_uk mile 0.25" → words.
    let special: [String: String]
}

/// The ordinal words of one grammatical form: 1…10 as words, larger numbers by the ending of their digits.
struct PackOrdinalForm: Sendable {
    /// "first" … "tenth".
    let words: [String]
    /// Digit ending ("1", "11") or "default" → template with `{n}`; the longest matching ending wins.
    let other: [String: PhraseTemplate]
}

/// One maneuver clause and whether a natural-guidance landmark may stand in front of it.
struct PackClause: Sendable {
    /// The clause template.
    let template: PhraseTemplate
    /// False for a clause that names its own place ("at the roundabout, …").
    let acceptsLandmark: Bool
}

/// The clauses of one maneuver type (or of one arrival moment) by modifier: `none` for no modifier, then
/// `default` as the fallback.
struct PackClauseTable: Sendable {
    /// Key (`ManeuverModifier` raw value, `none`, `default`) → clause.
    let clauses: [String: PackClause]

    /// The clause for `modifier`.
    func clause(for modifier: ManeuverModifier?) -> PackClause {
        let key = modifier?.rawValue ?? "none"
        return clauses[key] ?? clauses["default"]!
    }
}

/// The clauses of one maneuver type.
enum PackManeuver: Sendable {
    /// An instruction or departure: one clause table.
    case clauses(PackClauseTable)
    /// Arrival (`arrive`, `waypoint`): what is said ahead of it and on reaching it.
    case arrival(ahead: PackClauseTable, reached: PackClauseTable)
}
