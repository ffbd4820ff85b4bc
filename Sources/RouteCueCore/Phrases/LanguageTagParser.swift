/// Parses BCP 47 (RFC 5646) language tags into `LanguageTag`: language, extlang, script, region, variants.
enum LanguageTagParser {
    /// Deprecated primary language codes and their preferred values (IANA language subtag registry).
    static let preferredLanguages: [String: String] = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// The tag `text` stands for, or why it stands for none.
    static func parse(_ text: String) throws(LanguageTagError) -> LanguageTag {
        func fail(_ message: String) -> LanguageTagError { LanguageTagError(tag: text, message: message) }
        guard !text.isEmpty else { throw fail("is empty") }
        guard text.utf8.count <= 64 else { throw fail("is longer than 64 characters") }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map(String.init)
        for subtag in subtags {
            guard !subtag.isEmpty else { throw fail("has an empty subtag (two separators in a row, or one at an end)") }
            guard subtag.utf8.count <= 8 else { throw fail("subtag \"\(subtag)\" is longer than 8 characters") }
            guard subtag.unicodeScalars.allSatisfy({ isLetter($0) || isDigit($0) }) else {
                throw fail("subtag \"\(subtag)\" has a character other than ASCII letters and digits")
            }
        }
        var rest = subtags[...]
        let first = rest.removeFirst()
        guard isLetters(first), (2...3).contains(first.count) else {
            if first.lowercased() == "x" || first.lowercased() == "i" { throw fail("private-use and grandfathered tags (\"\(first)-…\") are not supported") }
            throw fail("language subtag \"\(first)\" is not 2 or 3 letters")
        }
        var language = first.lowercased()
        if let extlang = rest.first, isLetters(extlang), extlang.count == 3 {
            // RFC 5646 §4.5: the extended language subtag is the canonical primary language (zh-yue → yue).
            language = extlang.lowercased()
            rest.removeFirst()
        }
        language = preferredLanguages[language] ?? language
        var script: String?
        var region: String?
        var variants: [String] = []
        for subtag in rest {
            if subtag.count == 1 {
                throw fail("extensions and private use (\"-\(subtag)-…\") are not supported")
            } else if isLetters(subtag), subtag.count == 4 {
                guard region == nil, variants.isEmpty, script == nil else {
                    throw fail("script \"\(subtag)\" comes after the region, a variant or another script")
                }
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if (isLetters(subtag) && subtag.count == 2) || (isDigits(subtag) && subtag.count == 3) {
                guard region == nil, variants.isEmpty else {
                    throw fail("region \"\(subtag)\" comes after a variant or another region")
                }
                region = subtag.uppercased()
            } else if subtag.count >= 5 || (subtag.count == 4 && (subtag.unicodeScalars.first.map(isDigit) ?? false)) {
                let variant = subtag.lowercased()
                guard !variants.contains(variant) else { throw fail("variant \"\(subtag)\" appears twice") }
                variants.append(variant)
            } else {
                throw fail("subtag \"\(subtag)\" is not a script (4 letters), region (2 letters or 3 digits) or variant")
            }
        }
        return LanguageTag(canonicalLanguage: language, script: script, region: region, variants: variants)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isLetters(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(isLetter) }

    private static func isDigits(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(isDigit) }
}
