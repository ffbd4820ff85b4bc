/// Applies one language table to one name: splits it into words (keeping the spacing and any punctuation
/// around a word), speaks refs, then expands each word by the first entry whose position fits.
struct AbbreviationExpander {
    let table: Abbreviations.LanguageTable
    let region: String?

    func expand(_ name: String) -> String {
        var pieces = name.split(separator: " ", omittingEmptySubsequences: false).map(NameWord.init)
        let wordIndices = pieces.indices.filter { !pieces[$0].core.isEmpty }
        for segment in segments(of: wordIndices.map { pieces[$0] }) {
            let indices = Array(wordIndices[segment])
            let words = indices.map { pieces[$0].core }
            var done = Array(repeating: false, count: words.count)
            for k in words.indices where !done[k] {
                if let spoken = RefSpeaker.speak(words, at: k, rules: table.refs, region: region) {
                    pieces[indices[k]].core = Substring(spoken.text)
                    for j in k..<(k + spoken.wordsUsed) { done[j] = true }
                }
            }
            let context = WordContext(words: words, entries: table.entries)
            for k in words.indices where !done[k] {
                if let replaced = expandWord(at: k, context: context) { pieces[indices[k]].core = Substring(replaced) }
            }
        }
        return pieces.map(\.text).joined(separator: " ")
    }

    /// Runs of words judged together: punctuation after a word (",", ";", ":", ")") or an opening "(" before one
    /// separates names ("Mary St, Main St" is two names).
    private func segments(of words: [NameWord]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (k, word) in words.enumerated() {
            if k > start, !word.lead.isEmpty { out.append(start..<k); start = k }
            if !word.trail.isEmpty { out.append(start..<(k + 1)); start = k + 1 }
        }
        if start < words.count { out.append(start..<words.count) }
        return out
    }

    /// The expanded word, or nil when nothing applies.
    private func expandWord(at k: Int, context: WordContext) -> String? {
        let word = context.words[k]
        for entry in table.entries where entry.position != .prefix && entry.position != .suffix {
            if entry.matchesWord(word), context.fits(entry.position, at: k) {
                return SpeechCase.adapt(entry, to: word)
            }
        }
        var head = ""
        var rest = word
        for entry in table.entries where entry.position == .prefix && entry.isPrefix(of: rest) {
            let remainder = rest.dropFirst(entry.abbreviation.count)
            guard remainder.first?.isLetter == true else { continue }
            let spoken = SpeechCase.adapt(entry, to: rest.prefix(entry.abbreviation.count))
            head = spoken.hasSuffix("-") ? spoken : spoken + " "
            rest = remainder
            break
        }
        for entry in table.entries where entry.position == .suffix {
            guard let n = entry.suffixLength(in: rest) else { continue }
            let stem = rest.dropLast(n)
            guard stem.count >= 3, let last = stem.last, last.isLetter || last == "-" else { continue }
            return head + stem + SpeechCase.adapt(entry, to: rest.suffix(n))
        }
        return head.isEmpty ? nil : head + rest
    }
}

/// A space-separated part of a name: opening punctuation, the word, closing punctuation ("(St", "Rd),").
struct NameWord {
    var lead: Substring
    var core: Substring
    var trail: Substring

    init(_ piece: Substring) {
        let opening: Set<Character> = ["(", "\"", "«", "„", "“"]
        let closing: Set<Character> = [")", ",", ";", ":", "\"", "»", "“", "”"]
        let start = piece.firstIndex { !opening.contains($0) } ?? piece.endIndex
        var end = piece.endIndex
        while end > start, closing.contains(piece[piece.index(before: end)]) { end = piece.index(before: end) }
        lead = piece[..<start]
        core = piece[start..<end]
        trail = piece[end...]
    }

    var text: String { String(lead) + String(core) + String(trail) }
}

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
