/// One row of an abbreviation table: what is written, what is said, and where it applies.
public struct AbbreviationEntry: Sendable, Equatable {
    /// The abbreviation as written ("St", "Str.", "пр-т"). Without a final dot it also matches a written dot.
    public let abbreviation: String
    /// The word spoken instead, in its usual capitalisation ("Street", "straße" for a suffix).
    public let expansion: String
    /// Where in a name the entry applies.
    public let position: AbbreviationPosition
    /// True when the letters must match exactly (single-letter directions: "N" but not "n").
    public let caseSensitive: Bool

    /// Creates an entry.
    public init(abbreviation: String, expansion: String, position: AbbreviationPosition, caseSensitive: Bool = false) {
        self.abbreviation = abbreviation
        self.expansion = expansion
        self.position = position
        self.caseSensitive = caseSensitive
    }

    /// True when `text` is this abbreviation (a final dot in `text` is allowed when the abbreviation has none).
    func matchesWord(_ text: Substring) -> Bool {
        if equal(text, abbreviation[...]) { return true }
        if !abbreviation.hasSuffix("."), text.hasSuffix(".") { return equal(text.dropLast(), abbreviation[...]) }
        return false
    }

    /// The length in characters of the abbreviation at the end of `text` (with its optional written dot), or nil.
    func suffixLength(in text: Substring) -> Int? {
        let n = abbreviation.count
        if text.count >= n, equal(text.suffix(n), abbreviation[...]) { return n }
        if !abbreviation.hasSuffix("."), text.hasSuffix("."), text.count > n, equal(text.dropLast().suffix(n), abbreviation[...]) {
            return n + 1
        }
        return nil
    }

    /// True when `text` starts with the abbreviation.
    func isPrefix(of text: Substring) -> Bool {
        let n = abbreviation.count
        return text.count > n && equal(text.prefix(n), abbreviation[...])
    }

    private func equal(_ a: Substring, _ b: Substring) -> Bool {
        caseSensitive ? a == b : a.lowercased() == b.lowercased()
    }
}
