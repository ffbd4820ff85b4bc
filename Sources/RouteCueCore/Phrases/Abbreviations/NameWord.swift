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
