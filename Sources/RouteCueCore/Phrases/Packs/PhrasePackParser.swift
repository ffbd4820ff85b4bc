/// The strict reader of a phrase pack: every key known, every required key present, every template valid for
/// where it stands (known values and forms, route data only inside optional groups). `$comment` is allowed in
/// every object.
enum PhrasePackParser {
    private static let required = ["language", "voice", "units", "plural_rule", "decimal", "distances", "ordinals",
                                   "modifiers", "directions", "maneuvers", "sentences", "landmarks", "warnings", "words"]

    static func parse(_ root: JSONNode) throws(InputError) -> PhrasePack {
        var members: [String: JSONNode] = [:]
        for (key, node) in try ConfigObject(root).members() {
            guard required.contains(key) || key == "serves" || key == "scripts" || key == "names" else {
                throw ConfigObject.unknownKey(node)
            }
            members[key] = node
        }
        for key in required where members[key] == nil {
            throw InputError(.missing, location: key, message: "missing required key")
        }
        func member(_ key: String) -> JSONNode { members[key]! }

        let language = try tag(member("language"))
        var serves: [LanguageTag] = []
        if let node = members["serves"] { for item in try node.array() { serves.append(try tag(item)) } }
        let voice = try member("voice").string()
        guard !voice.isEmpty, voice.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_+".contains($0)) }) else {
            throw member("voice").error(.invalidValue, "expected an espeak-ng voice name (letters, digits, - _ +)")
        }
        let units = try enumValue(member("units"), UnitSystem.self)
        let plural = try enumValue(member("plural_rule"), PluralRule.self)
        let decimal = try member("decimal").string()
        // A word ("점", "點") where the voice does not read "1.5" as a decimal (espeak-ng ko and yue say "one five"),
        // or a pinyin syllable with its tone digit between spaces (" dian3 ": glued, "1dian35" reads as 1 dian 35).
        guard decimal == "." || decimal == "," || Self.isDecimalWord(decimal) else {
            throw member("decimal").error(.invalidValue, "expected \".\", \",\" or a word")
        }

        var scripts = ["Latn"]
        if let node = members["scripts"] {
            scripts = []
            for item in try node.array() {
                let code = try item.string()
                guard VoiceScript.ranges[code] != nil else {
                    throw item.error(.invalidValue, "unknown script \"\(code)\" (known: \(VoiceScript.ranges.keys.sorted().joined(separator: ", ")))")
                }
                scripts.append(code)
            }
            guard !scripts.isEmpty else { throw node.error(.invalidValue, "expected at least one script") }
        }
        // "guidance": this language always reads route names with its own voice, whatever `names.pronounce` says.
        let names = try members["names"].map { (node) throws(InputError) in try enumValue(node, NamePronunciation.Mode.self) } ?? .native
        let distances = try PhrasePackSectionParser.distances(member("distances"), plural: plural)
        let ordinals = try PhrasePackSectionParser.ordinals(member("ordinals"))
        let modifiers = try PhrasePackSectionParser.modifiers(member("modifiers"))
        let directions = try PhrasePackSectionParser.directions(member("directions"))
        let words = try PhrasePackSectionParser.words(member("words"))
        let forms = TemplateChecker(distanceForms: Set(distances.keys), ordinalForms: Set(ordinals.keys),
                                    modifierForms: Set(modifiers.keys))
        let maneuvers = try PhrasePackSectionParser.maneuvers(member("maneuvers"), checker: forms)
        let sentences = try PhrasePackSectionParser.sentences(member("sentences"), checker: forms)
        let landmarks = try PhrasePackSectionParser.wordTable(member("landmarks"), keys: PhrasePackValues.landmarkKinds)
        let warnings = try PhrasePackSectionParser.warnings(member("warnings"), checker: forms)
        return PhrasePack(language: language, voice: voice, serves: serves, units: units, pluralRule: plural,
                          decimal: decimal, scripts: scripts, names: names, distances: distances, ordinals: ordinals, modifiers: modifiers,
                          directions: directions, maneuvers: maneuvers, sentences: sentences, landmarks: landmarks,
                          warnings: warnings, words: words)
    }

    private static func tag(_ node: JSONNode) throws(InputError) -> LanguageTag {
        let text = try node.string()
        do {
            return try LanguageTag(text)
        } catch {
            throw node.error(.invalidValue, error.description)
        }
    }

    static func enumValue<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _: E.Type) throws(InputError) -> E
        where E.RawValue == String {
        let text = try node.string()
        guard let value = E(rawValue: text) else {
            throw node.error(.invalidValue, "expected one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(text)\"")
        }
        return value
    }

    /// A word of letters, or one word of letters and a tone digit with a space on each side (" dian3 ").
    private static func isDecimalWord(_ text: String) -> Bool {
        if !text.isEmpty && text.allSatisfy(\.isLetter) { return true }
        guard text.count > 2, text.hasPrefix(" "), text.hasSuffix(" ") else { return false }
        let word = text.dropFirst().dropLast()
        let letters = word.prefix { $0.isLetter }
        return !letters.isEmpty && word.dropFirst(letters.count).allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Checks a template's values against where it stands and the forms the pack defines.
struct TemplateChecker {
    let distanceForms: Set<String>
    let ordinalForms: Set<String>
    let modifierForms: Set<String>

    /// The template at `node`, parsed and checked: only `allowed` names, forms only where defined, route data
    /// (dropped in the short form) only inside groups.
    func template(_ node: JSONNode, allowed: Set<String>) throws(InputError) -> PhraseTemplate {
        let source = try node.string()
        let template: PhraseTemplate
        switch PhraseTemplateParser.parse(source) {
        case .failure(let error): throw node.error(.syntax, "bad template: \(error.message)")
        case .success(let parsed): template = parsed
        }
        for reference in template.references {
            guard allowed.contains(reference.name) else {
                throw node.error(.invalidValue, "unknown value {\(reference.name)} here (allowed: \(allowed.sorted().joined(separator: ", ")))")
            }
            if let form = reference.form {
                let forms: Set<String>
                switch reference.name {
                case "distance": forms = distanceForms
                case "ordinal": forms = ordinalForms
                case "modifier": forms = modifierForms
                default: throw node.error(.invalidValue, "{\(reference.name)} has no grammatical forms")
                }
                guard forms.contains(form) else { throw node.error(.invalidValue, "form \"\(form)\" of {\(reference.name)} is not defined") }
            }
            if PhrasePackValues.shortDropped.contains(reference.name), !reference.grouped {
                throw node.error(.invalidValue, "route data {\(reference.name)} must stand inside an optional [ … ] group")
            }
        }
        return template
    }

    /// A plain word (no template syntax).
    static func word(_ node: JSONNode) throws(InputError) -> String {
        let text = try node.string()
        guard !text.isEmpty, !text.contains(where: { "{}[]|".contains($0) }) else {
            throw node.error(.invalidValue, "expected words without { } [ ] |")
        }
        return text
    }
}
