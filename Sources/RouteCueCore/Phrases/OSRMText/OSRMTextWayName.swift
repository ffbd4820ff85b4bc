/// The road name said for a step (upstream `getWayName`): the first ref only, a ref Mapbox copied into the
/// name removed, "name (ref)" through the language's `name and ref` phrase, and on motorways the ref alone
/// when it has a digit.
public enum OSRMTextWayName {
    /// The way name of `step` in `language`; `english` supplies the phrase when the language lacks it.
    public static func wayName(for step: OSRMTextStep, options: OSRMTextOptions, language: OSRMTextLanguage,
                               english: OSRMTextLanguage?) -> String {
        var name = step.name ?? ""
        let ref = firstRef(step.ref ?? "")
        // Mapbox Directions once filled an empty name with the ref, or appended " (ref)" to the name.
        if let fullRef = step.ref, name == fullRef { name = "" }
        name = name.replacing(" (\(step.ref ?? "undefined"))", with: "", maxReplacements: 1)
        if options.abbreviatesNames, let table = language.abbreviations { name = table.abbreviate(name) }

        let onMotorway = options.classes.contains("motorway")
        if !name.isEmpty && !ref.isEmpty && name != ref && !onMotorway {
            let phrase = language.templates.string(at: ["phrase", "name and ref"])
                ?? english?.templates.string(at: ["phrase", "name and ref"]) ?? "{name} ({ref})"
            return OSRMTextTokenizer.fill(phrase, tokens: ["name": name, "ref": ref], language: language)
        }
        if !name.isEmpty && !ref.isEmpty && onMotorway && ref.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) {
            return ref
        }
        if name.isEmpty && !ref.isEmpty { return ref }
        return name
    }

    /// The part of a `;`-separated ref list before the first `;`.
    static func firstRef(_ refs: String) -> String {
        if let end = refs.firstIndex(of: ";") { return String(refs[..<end]) }
        return refs
    }
}
