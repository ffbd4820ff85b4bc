/// Upper-cases the first letter of a sentence with the rules of its language: Turkish and Azerbaijani dotted
/// i → İ, Dutch "ij" → "IJ", otherwise the letter's Unicode upper case. Only pack wording is changed: a
/// sentence that starts with route data keeps the data as written.
enum FirstLetterCapitalizer {
    /// `text` with its first letter capitalized for `language` (the primary subtag, e.g. "tr").
    static func capitalize(_ text: SpokenText, language: String) -> SpokenText {
        guard case .literal(let first)? = text.segments.first else { return text }
        var segments = text.segments
        segments[0] = .literal(capitalize(first, language: language))
        return SpokenText(segments)
    }

    /// `text` with its first character capitalized for `language`.
    static func capitalize(_ text: String, language: String) -> String {
        guard let first = text.first else { return text }
        let rest = text.dropFirst()
        switch (language, first) {
        case ("tr", "i"), ("az", "i"):
            return "İ" + rest
        case ("nl", "i") where rest.first == "j":
            return "IJ" + rest.dropFirst()
        default:
            return first.uppercased() + rest
        }
    }
}
