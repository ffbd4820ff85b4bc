/// The strict reader of an abbreviation file:
/// `{"$comment", "language", "words": [{"abbreviation", "expansion", "position", "caseSensitive"?}], "refs": [{"letters", "spoken", "regions"?}]}`.
/// `$comment` is required at the top and allowed in every object; any other unknown key is an error.
enum AbbreviationFileParser {
    static func parse(_ root: JSONNode) throws(InputError) -> Abbreviations.LanguageTable {
        let members = try ConfigObject(root).members()
        guard root["$comment"] != nil else { throw InputError(.missing, location: "$comment", message: "missing required key (say what the table covers)") }
        var language: String?
        var entries: [AbbreviationEntry] = []
        var refs: [RefRule] = []
        for (key, node) in members {
            switch key {
            case "language":
                let code = try node.string()
                guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
                    throw node.error(.invalidValue, "expected a lower-case ISO 639 language code, not \"\(code)\"")
                }
                language = code
            case "words":
                for item in try node.array() { entries.append(try entry(item)) }
            case "refs":
                for item in try node.array() { refs.append(try ref(item)) }
            default:
                throw ConfigObject.unknownKey(node)
            }
        }
        guard let language else { throw InputError(.missing, location: "language", message: "missing required key") }
        try checkDuplicates(entries, root: root)
        return Abbreviations.LanguageTable(language: language, entries: entries, refs: refs)
    }

    private static func entry(_ node: JSONNode) throws(InputError) -> AbbreviationEntry {
        var abbreviation: String?, expansion: String?, position: AbbreviationPosition?, caseSensitive = false
        for (key, child) in try ConfigObject(node).members() {
            switch key {
            case "abbreviation":
                let text = try child.string()
                guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { throw child.error(.invalidValue, "must be one word without spaces") }
                abbreviation = text
            case "expansion":
                let text = try child.string()
                guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace else {
                    throw child.error(.invalidValue, "must be non-empty text without leading or trailing spaces")
                }
                expansion = text
            case "position":
                let text = try child.string()
                guard let p = AbbreviationPosition(rawValue: text) else {
                    let names = AbbreviationPosition.allCases.map(\.rawValue).joined(separator: ", ")
                    throw child.error(.invalidValue, "unknown position \"\(text)\" (expected one of \(names))")
                }
                position = p
            case "caseSensitive":
                caseSensitive = try child.bool()
            default:
                throw ConfigObject.unknownKey(child)
            }
        }
        guard let abbreviation else { throw missing("abbreviation", in: node) }
        guard let expansion else { throw missing("expansion", in: node) }
        guard let position else { throw missing("position", in: node) }
        if abbreviation == expansion { throw node.error(.invalidValue, "abbreviation and expansion are the same") }
        return AbbreviationEntry(abbreviation: abbreviation, expansion: expansion, position: position, caseSensitive: caseSensitive)
    }

    private static func ref(_ node: JSONNode) throws(InputError) -> RefRule {
        var letters: String?, spoken: String?, regions: [String] = []
        for (key, child) in try ConfigObject(node).members() {
            switch key {
            case "letters":
                let text = try child.string()
                guard !text.isEmpty, text.allSatisfy(\.isLetter) else { throw child.error(.invalidValue, "must be letters only, not \"\(text)\"") }
                letters = text
            case "spoken":
                let text = try child.string()
                guard !text.isEmpty, text.first?.isWhitespace == false, text.last?.isWhitespace == false else {
                    throw child.error(.invalidValue, "must be non-empty text without leading or trailing spaces")
                }
                spoken = text
            case "regions":
                for item in try child.array() {
                    let code = try item.string()
                    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                        throw item.error(.invalidValue, "expected an upper-case ISO 3166 region code, not \"\(code)\"")
                    }
                    regions.append(code)
                }
            default:
                throw ConfigObject.unknownKey(child)
            }
        }
        guard let letters else { throw missing("letters", in: node) }
        guard let spoken else { throw missing("spoken", in: node) }
        return RefRule(letters: letters, spoken: spoken, regions: regions)
    }

    private static func missing(_ key: String, in node: JSONNode) -> InputError {
        InputError(.missing, location: node.path.isEmpty ? key : "\(node.path).\(key)", message: "missing required key")
    }

    /// The same abbreviation twice for the same position: the second could never apply.
    private static func checkDuplicates(_ entries: [AbbreviationEntry], root: JSONNode) throws(InputError) {
        var seen: Set<String> = []
        for (i, e) in entries.enumerated() {
            let key = "\(e.caseSensitive ? e.abbreviation : e.abbreviation.lowercased())|\(e.position.rawValue)"
            if !seen.insert(key).inserted {
                throw InputError(.invalidValue, location: "words[\(i)]", message: "duplicate of an earlier entry for \"\(e.abbreviation)\" at position \(e.position.rawValue)")
            }
        }
    }
}
