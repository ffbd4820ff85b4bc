/// Text from route data made safe to speak as plain words.
enum PhraseText {
    /// `text` with control and line/paragraph separator characters turned into spaces, runs of white space
    /// collapsed to one space and the ends trimmed; nil when nothing is left.
    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isBlank = scalar.properties.isWhitespace || category == .control
                || category == .lineSeparator || category == .paragraphSeparator
            if isBlank {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? nil : result
    }

    /// `text` with its first letter in upper case.
    static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
