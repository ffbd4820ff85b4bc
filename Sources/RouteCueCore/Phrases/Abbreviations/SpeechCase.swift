/// Case of a spoken word following the written one: written as in the table, the expansion is used as in the
/// table ("NE" → "Northeast"); otherwise all capitals stay all capitals ("ST" → "STREET") and an initial capital
/// or small letter is kept ("st" → "street", "Str." as a suffix → "Straße").
enum SpeechCase {
    static func adapt(_ entry: AbbreviationEntry, to written: Substring) -> String {
        let expansion = entry.expansion
        let letters = written.filter(\.isLetter)
        guard let first = letters.first, letters != entry.abbreviation.filter(\.isLetter) else { return expansion }
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return expansion.uppercased() }
        guard let head = expansion.first else { return expansion }
        let rest = expansion.dropFirst()
        if first.isUppercase { return head.uppercased() + rest }
        if first.isLowercase { return head.lowercased() + rest }
        return expansion
    }
}
