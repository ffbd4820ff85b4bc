/// The language-independent helpers of osrm-text-instructions: ordinals, compass directions and the
/// contracted lane diagram.
public enum OSRMTextConstants {
    /// The translated ordinal of `number` (`constants.ordinalize`), or "" when the language has none for it
    /// (upstream lists 1 to 10).
    public static func ordinal(_ number: Int, in language: OSRMTextLanguage) -> String {
        language.templates.string(at: ["constants", "ordinalize", String(number)]) ?? ""
    }

    /// The compass direction key for `degrees` (north within 20° of 0/360, northeast between, …), or nil for
    /// a bearing outside 0…360.
    public static func directionKey(degrees: Double) -> String? {
        switch degrees {
        case 0...20: "north"
        case 20..<70: "northeast"
        case 70...110: "east"
        case 110..<160: "southeast"
        case 160...200: "south"
        case 200..<250: "southwest"
        case 250...290: "west"
        case 290..<340: "northwest"
        case 340...360: "north"
        default: nil
        }
    }

    /// The translated direction of `degrees` (`constants.direction`); "" without a bearing.
    /// Throws for a bearing outside 0…360.
    public static func direction(degrees: Double?, in language: OSRMTextLanguage) throws(InputError) -> String {
        guard let degrees else { return "" }
        guard let key = directionKey(degrees: degrees) else {
            throw InputError(.invalidValue, input: .textInstructions, location: "step.maneuver.bearing_after", message: "bearing \(degrees) is outside 0…360")
        }
        return language.templates.string(at: ["constants", "direction", key]) ?? ""
    }

    /// Lanes contracted to a diagram: one `o` (valid) or `x` (not valid) per run of equal lanes,
    /// e.g. valid, valid, invalid → `ox`.
    public static func laneDiagram(_ validity: [Bool]) -> String {
        var diagram = ""
        var previous: Bool? = nil
        for valid in validity where valid != previous {
            diagram += valid ? "o" : "x"
            previous = valid
        }
        return diagram
    }
}
