/// Numbers, distances, ordinals and modifiers in a pack's words.
extension PhrasePack {
    /// A distance value as spoken: `{n}` with the pack's decimal separator.
    func number(_ value: Double) -> String {
        let digits = PlainEnglishDistanceWords.number(value)
        return decimal == "." ? digits : digits.replacing(".", with: decimal)
    }

    /// The words of `distance` in grammatical `form` for `units`: an exact special value, else the template of
    /// the value's plural category. Nil when the form is not defined.
    func distanceWords(_ distance: SpokenDistance, form: String, units: UnitSystem) -> String? {
        guard let table = distances[form] else { return nil }
        let digits = PlainEnglishDistanceWords.number(distance.value)
        if let words = table.special["\(units.rawValue) \(distance.unit.rawValue) \(digits)"]
            ?? table.special["\(distance.unit.rawValue) \(digits)"] {
            return words
        }
        let category = pluralRule.category(ofNumber: digits.hasPrefix("-") ? String(digits.dropFirst()) : digits)
        guard let template = table.templates[distance.unit]?[category] ?? table.templates[distance.unit]?["other"] else { return nil }
        return fill(template, n: number(distance.value))
    }

    /// The ordinal of `n` in grammatical `form`: a word for 1…10, else the template of the longest matching
    /// digit ending. Nil when the form is not defined or `n` is not positive.
    func ordinalWords(_ n: Int, form: String) -> String? {
        guard n > 0, let table = ordinals[form] else { return nil }
        if n <= table.words.count { return table.words[n - 1] }
        let digits = String(n)
        let ending = table.other.keys.filter { $0 != "default" && digits.hasSuffix($0) }.max { $0.count < $1.count }
        guard let template = table.other[ending ?? "default"] else { return nil }
        return fill(template, n: digits)
    }

    /// `template` with `{n}` filled; a template of numbers has no other value.
    private func fill(_ template: PhraseTemplate, n: String) -> String {
        var missing: [String] = []
        let text = PhraseTemplateRenderer { name, _ in name == "n" ? .literal(n) : nil }.render(template, missing: &missing)
        return text.plainText()
    }
}
