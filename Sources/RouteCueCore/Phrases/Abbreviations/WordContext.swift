/// The words of a name as written, and the position tests of `AbbreviationPosition` on them.
struct WordContext {
    let words: [Substring]
    let entries: [AbbreviationEntry]

    func fits(_ position: AbbreviationPosition, at k: Int) -> Bool {
        let n = words.count
        switch position {
        case .anywhere: return true
        case .first: return k == 0 && n >= 2
        case .last: return k == n - 1 && n >= 2
        case .trailing: return k == n - 1 && n >= 3
        case .beforeName: return k + 1 < n && isName(at: k + 1)
        case .beforeNumber: return k + 1 < n && words[k + 1].first?.isASCIIDigitCharacter == true
        case .afterNumber: return k > 0 && words[k - 1].first?.isASCIIDigitCharacter == true
        case .prefix, .suffix: return false
        }
    }

    /// A word that begins a name: starts with a letter, and is not the closing street type ("E St", "E Street",
    /// "E St NW") nor a closing direction ("Main St E").
    private func isName(at j: Int) -> Bool {
        let n = words.count
        guard words[j].first?.isLetter == true else { return false }
        if j == n - 1, n >= 3, isDirection(words[j]) { return false }
        let closes = j == n - 1 || (j == n - 2 && n >= 3 && isDirection(words[n - 1]))
        return !(closes && isStreetType(words[j]))
    }

    /// Written or spoken as a street type of this table (an entry at position `last`).
    private func isStreetType(_ word: Substring) -> Bool {
        entries.contains { $0.position == .last && ($0.matchesWord(word) || $0.expansion.lowercased() == word.lowercased()) }
    }

    /// Written or spoken as a trailing direction of this table (an entry at position `trailing`).
    private func isDirection(_ word: Substring) -> Bool {
        entries.contains { $0.position == .trailing && ($0.matchesWord(word) || $0.expansion.lowercased() == word.lowercased()) }
    }
}
