/// How a road number with given letters is spoken: "A9" / "A-9" / "A 9" → "A 9", "US 101" → "U S 101",
/// "I-80" → "Interstate 80" where the rule is limited to region US.
public struct RefRule: Sendable, Equatable {
    /// The letters of the ref as written, matched exactly ("A", "US", "М" in Cyrillic).
    public let letters: String
    /// What is said for the letters ("A", "U S", "Interstate", "valtatie").
    public let spoken: String
    /// The regions (ISO 3166 codes, upper case) the rule is limited to; empty means every region.
    public let regions: [String]

    /// Creates a rule.
    public init(letters: String, spoken: String, regions: [String] = []) {
        self.letters = letters
        self.spoken = spoken
        self.regions = regions
    }

    /// True when the rule applies for `region` (nil: only rules without a region limit).
    func applies(in region: String?) -> Bool {
        regions.isEmpty || region.map { regions.contains($0.uppercased()) } == true
    }
}

/// The parts of a written ref: letters, then a number of digits with an optional letter after it ("27a").
enum RefShape {
    /// `text` split as letters + optional "-" + number ("A9", "I-80"), or nil.
    static func glued(_ text: Substring) -> (letters: Substring, number: Substring)? {
        guard let firstDigit = text.firstIndex(where: \.isASCIIDigitCharacter) else { return nil }
        var letters = text[..<firstDigit]
        if letters.hasSuffix("-") { letters = letters.dropLast() }
        guard !letters.isEmpty, letters.allSatisfy(\.isLetter) else { return nil }
        let number = text[firstDigit...]
        return isNumber(number) ? (letters, number) : nil
    }

    /// True for "101", "27a": digits, then at most one lower-case letter.
    static func isNumber(_ text: Substring) -> Bool {
        let digits = text.prefix(while: \.isASCIIDigitCharacter)
        guard !digits.isEmpty else { return false }
        let rest = text.dropFirst(digits.count)
        return rest.isEmpty || (rest.count == 1 && rest.first!.isLowercase)
    }
}

extension Character {
    /// True for 0…9.
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
