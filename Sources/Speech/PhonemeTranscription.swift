/// espeak-ng's phonemes for one text in one voice, with the language switches espeak-ng made on the way.
public struct PhonemeTranscription: Sendable, Equatable {
    /// The espeak-ng voice the text was transcribed with, e.g. `de`, `cmn-latn-pinyin`.
    public let voice: String
    /// The phonemes of each clause, in order (espeak-ng returns one clause per call).
    public let clauses: [String]
    /// Every language switch espeak-ng made, in order of the clauses and within them.
    public let languageSwitches: [PhonemeLanguageSwitch]

    /// Creates a transcription from its clauses; the switches are read from the `(xx)` markers in them.
    public init(voice: String, clauses: [String]) {
        self.voice = voice
        self.clauses = clauses
        self.languageSwitches = PhonemeLanguageSwitch.switches(in: clauses)
    }

    /// All clauses' phonemes joined by a space.
    public var phonemes: String { clauses.joined(separator: " ") }

    /// True when espeak-ng read the whole text in the voice's own language.
    public var hasLanguageSwitch: Bool { !languageSwitches.isEmpty }
}

/// A stretch of a clause that espeak-ng read in another language than the voice's, e.g. the `(en)w'3:ld(de)`
/// of an English word in a German text: espeak-ng marks the switch with `(en)` and the return with `(de)`.
public struct PhonemeLanguageSwitch: Sendable, Equatable, CustomStringConvertible {
    /// The phoneme table espeak-ng switched to, as it names it: `en`, `en-us`, `de`, ...
    public let language: String
    /// The language espeak-ng switched back to at the end of the stretch, or nil when the clause ended first.
    public let returnedTo: String?
    /// The phonemes espeak-ng read in `language`.
    public let phonemes: String
    /// The index of the clause in `PhonemeTranscription.clauses`.
    public let clauseIndex: Int

    /// Creates a switch to `language` over `phonemes` in clause `clauseIndex`, back to `returnedTo`.
    public init(language: String, returnedTo: String?, phonemes: String, clauseIndex: Int) {
        self.language = language
        self.returnedTo = returnedTo
        self.phonemes = phonemes
        self.clauseIndex = clauseIndex
    }

    /// e.g. `(en)w'3:ld(de)`.
    public var description: String { "(\(language))\(phonemes)" + (returnedTo.map { "(\($0))" } ?? "") }

    /// The switches of `clauses`: each `(xx)` marker opens one, the next marker of the clause (the switch back)
    /// closes it. A clause's markers alternate away and back, so every second marker is a return.
    static func switches(in clauses: [String]) -> [PhonemeLanguageSwitch] {
        var switches: [PhonemeLanguageSwitch] = []
        for (index, clause) in clauses.enumerated() {
            var pieces = markedPieces(clause)
            while let opening = pieces.first {
                pieces.removeFirst()
                guard let language = opening.marker else { continue }
                var closing: String?
                if let next = pieces.first?.marker {
                    closing = next
                    pieces.removeFirst()
                }
                switches.append(PhonemeLanguageSwitch(
                    language: language, returnedTo: closing, phonemes: opening.text, clauseIndex: index))
            }
        }
        return switches
    }

    /// `clause` cut at its `(xx)` markers: each piece is a marker (or nil before the first) and the text after it.
    private static func markedPieces(_ clause: String) -> [(marker: String?, text: String)] {
        var pieces: [(marker: String?, text: String)] = [(nil, "")]
        var rest = Substring(clause)
        while let open = rest.firstIndex(of: "(") {
            pieces[pieces.count - 1].text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ")"),
                  isLanguageName(rest[afterOpen..<close]) else {
                pieces[pieces.count - 1].text += "("
                rest = rest[afterOpen...]
                continue
            }
            pieces.append((String(rest[afterOpen..<close]), ""))
            rest = rest[rest.index(after: close)...]
        }
        pieces[pieces.count - 1].text += rest
        return pieces
    }

    /// True for what espeak-ng writes in a switch marker: a phoneme table name such as `en`, `en-us`, `zh`.
    private static func isLanguageName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 12 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
