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
