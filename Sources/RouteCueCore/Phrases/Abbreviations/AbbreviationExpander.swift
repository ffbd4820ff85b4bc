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
