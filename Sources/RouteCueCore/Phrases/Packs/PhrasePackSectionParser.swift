/// The strict readers of the sections of a phrase pack.
enum PhrasePackSectionParser {
    /// `form → unit → plural category → template`, plus `form → special → "[units ]unit value" → words`.
    static func distances(_ node: JSONNode, plural: PluralRule) throws(InputError) -> [String: PackDistanceForm] {
        let checker = TemplateChecker(distanceForms: [], ordinalForms: [], modifierForms: [])
        var forms: [String: PackDistanceForm] = [:]
        for (form, formNode) in try ConfigObject(node).members() {
            var templates: [DistanceUnit: [String: PhraseTemplate]] = [:]
            var special: [String: String] = [:]
            for (key, child) in try ConfigObject(formNode).members() {
                if key == "special" {
                    for (valueKey, words) in try ConfigObject(child).members() {
                        guard let normalized = normalizedSpecialKey(valueKey) else {
                            throw words.error(.invalidValue, "expected a key \"<unit> <value>\" or \"<unit system> <unit> <value>\", e.g. \"mile 0.25\"")
                        }
                        special[normalized] = try TemplateChecker.word(words)
                    }
                    continue
                }
                guard let unit = DistanceUnit(rawValue: key) else { throw ConfigObject.unknownKey(child) }
                var byCategory: [String: PhraseTemplate] = [:]
                for (category, template) in try ConfigObject(child).members() {
                    guard plural.categories.contains(category) else {
                        throw template.error(.invalidValue, "plural rule \(plural.rawValue) has no category \"\(category)\" (it has \(plural.categories.joined(separator: ", ")))")
                    }
                    byCategory[category] = try checker.template(template, allowed: ["n"])
                }
                for category in plural.categories where byCategory[category] == nil {
                    throw InputError(.missing, location: "\(child.path).\(category)", message: "missing required key")
                }
                templates[unit] = byCategory
            }
            for unit in DistanceUnit.allCases where templates[unit] == nil {
                throw InputError(.missing, location: "\(formNode.path).\(unit.rawValue)", message: "missing required key")
            }
            forms[form] = PackDistanceForm(templates: templates, special: special)
        }
        guard forms["default"] != nil else { throw InputError(.missing, location: "\(node.path).default", message: "missing required key") }
        return forms
    }

    /// "[units ]unit value" with the value written as distances are looked up ("0.50" → "0.5"); nil when malformed.
    private static func normalizedSpecialKey(_ key: String) -> String? {
        var parts = key.split(separator: " ").map(String.init)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var prefix = ""
        if parts.count == 3 {
            guard UnitSystem(rawValue: parts[0]) != nil else { return nil }
            prefix = parts.removeFirst() + " "
        }
        guard DistanceUnit(rawValue: parts[0]) != nil, let value = Double(parts[1]), value.isFinite, value >= 0 else { return nil }
        return "\(prefix)\(parts[0]) \(PlainEnglishDistanceWords.number(value))"
    }

    /// `form → {"words": [1st … 10th or further, up to 30th], "other": template | {"default": template, "<digit ending>": template}}`.
    static func ordinals(_ node: JSONNode) throws(InputError) -> [String: PackOrdinalForm] {
        let checker = TemplateChecker(distanceForms: [], ordinalForms: [], modifierForms: [])
        var forms: [String: PackOrdinalForm] = [:]
        for (form, formNode) in try ConfigObject(node).members() {
            var words: [String]?
            var other: [String: PhraseTemplate]?
            for (key, child) in try ConfigObject(formNode).members() {
                switch key {
                case "words":
                    let items = try child.array()
                    guard (10...30).contains(items.count) else {
                        throw child.error(.invalidValue, "expected the words for 1 … 10 at least (10 to 30 strings), found \(items.count)")
                    }
                    var list: [String] = []
                    for item in items { list.append(try TemplateChecker.word(item)) }
                    words = list
                case "other":
                    if case .string = child.value {
                        other = ["default": try checker.template(child, allowed: ["n"])]
                    } else {
                        var table: [String: PhraseTemplate] = [:]
                        for (ending, template) in try ConfigObject(child).members() {
                            guard ending == "default" || (!ending.isEmpty && ending.allSatisfy(\.isASCII) && ending.allSatisfy(\.isNumber)) else {
                                throw template.error(.invalidValue, "expected \"default\" or a digit ending such as \"1\" or \"11\"")
                            }
                            table[ending] = try checker.template(template, allowed: ["n"])
                        }
                        guard table["default"] != nil else { throw InputError(.missing, location: "\(child.path).default", message: "missing required key") }
                        other = table
                    }
                default:
                    throw ConfigObject.unknownKey(child)
                }
            }
            guard let words else { throw InputError(.missing, location: "\(formNode.path).words", message: "missing required key") }
            guard let other else { throw InputError(.missing, location: "\(formNode.path).other", message: "missing required key") }
            forms[form] = PackOrdinalForm(words: words, other: other)
        }
        guard forms["default"] != nil else { throw InputError(.missing, location: "\(node.path).default", message: "missing required key") }
        return forms
    }

    /// `form → modifier → words`; the `default` form names every modifier, other forms only those they have.
    static func modifiers(_ node: JSONNode) throws(InputError) -> [String: [ManeuverModifier: String]] {
        var forms: [String: [ManeuverModifier: String]] = [:]
        for (form, formNode) in try ConfigObject(node).members() {
            var table: [ManeuverModifier: String] = [:]
            for (key, child) in try ConfigObject(formNode).members() {
                guard let modifier = ManeuverModifier(rawValue: key) else { throw ConfigObject.unknownKey(child) }
                table[modifier] = try TemplateChecker.word(child)
            }
            forms[form] = table
        }
        guard let defaults = forms["default"] else { throw InputError(.missing, location: "\(node.path).default", message: "missing required key") }
        for modifier in ManeuverModifier.allCases where defaults[modifier] == nil {
            throw InputError(.missing, location: "\(node.path).default.\(modifier.rawValue)", message: "missing required key")
        }
        return forms
    }

    /// The eight compass points, in the order of `PhrasePackValues.directions`.
    static func directions(_ node: JSONNode) throws(InputError) -> [String] {
        let table = try wordTable(node, keys: PhrasePackValues.directions)
        return PhrasePackValues.directions.map { table[$0]! }
    }

    /// `{"and": …, "now": …}`: the word joining two destinations and, optionally, the `{now}` of the action stage.
    static func words(_ node: JSONNode) throws(InputError) -> [String: String] {
        var table: [String: String] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard key == "and" || key == "now" else { throw ConfigObject.unknownKey(child) }
            table[key] = try TemplateChecker.word(child)
        }
        guard table["and"] != nil else { throw InputError(.missing, location: "\(node.path).and", message: "missing required key") }
        return table
    }

    /// Exactly `keys` → plain words.
    static func wordTable(_ node: JSONNode, keys: [String]) throws(InputError) -> [String: String] {
        var table: [String: String] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard keys.contains(key) else { throw ConfigObject.unknownKey(child) }
            table[key] = try TemplateChecker.word(child)
        }
        for key in keys where table[key] == nil {
            throw InputError(.missing, location: "\(node.path).\(key)", message: "missing required key")
        }
        return table
    }

    /// Every `ManeuverType` → its clause table (`arrive`, `waypoint`: `ahead` and `reached` tables).
    static func maneuvers(_ node: JSONNode, checker: TemplateChecker) throws(InputError) -> [ManeuverType: PackManeuver] {
        var out: [ManeuverType: PackManeuver] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard let type = ManeuverType(rawValue: key) else { throw ConfigObject.unknownKey(child) }
            if type == .arrive || type == .waypoint {
                var ahead: PackClauseTable?, reached: PackClauseTable?
                for (moment, table) in try ConfigObject(child).members() {
                    switch moment {
                    case "ahead": ahead = try clauseTable(table, checker: checker)
                    case "reached": reached = try clauseTable(table, checker: checker)
                    default: throw ConfigObject.unknownKey(table)
                    }
                }
                guard let ahead else { throw InputError(.missing, location: "\(child.path).ahead", message: "missing required key") }
                guard let reached else { throw InputError(.missing, location: "\(child.path).reached", message: "missing required key") }
                out[type] = .arrival(ahead: ahead, reached: reached)
            } else {
                out[type] = .clauses(try clauseTable(child, checker: checker))
            }
        }
        for type in ManeuverType.allCases where out[type] == nil {
            throw InputError(.missing, location: "\(node.path).\(type.rawValue)", message: "missing required key")
        }
        return out
    }

    /// `modifier | "none" | "default" → clause`; a clause is a template or `{"clause": template, "landmark": false}`.
    private static func clauseTable(_ node: JSONNode, checker: TemplateChecker) throws(InputError) -> PackClauseTable {
        var clauses: [String: PackClause] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard key == "default" || key == "none" || ManeuverModifier(rawValue: key) != nil else { throw ConfigObject.unknownKey(child) }
            if case .string = child.value {
                clauses[key] = PackClause(template: try checker.template(child, allowed: PhrasePackValues.clause), acceptsLandmark: true)
                continue
            }
            var template: PhraseTemplate?, landmark = true
            for (field, value) in try ConfigObject(child).members() {
                switch field {
                case "clause": template = try checker.template(value, allowed: PhrasePackValues.clause)
                case "landmark": landmark = try value.bool()
                default: throw ConfigObject.unknownKey(value)
                }
            }
            guard let template else { throw InputError(.missing, location: "\(child.path).clause", message: "missing required key") }
            clauses[key] = PackClause(template: template, acceptsLandmark: landmark)
        }
        guard clauses["default"] != nil else { throw InputError(.missing, location: "\(node.path).default", message: "missing required key") }
        return PackClauseTable(clauses: clauses)
    }

    /// Every sentence key → its template.
    static func sentences(_ node: JSONNode, checker: TemplateChecker) throws(InputError) -> [String: PhraseTemplate] {
        var out: [String: PhraseTemplate] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard let allowed = PhrasePackValues.sentences[key] else { throw ConfigObject.unknownKey(child) }
            out[key] = try checker.template(child, allowed: allowed)
        }
        for key in PhrasePackValues.sentenceKeys where out[key] == nil {
            throw InputError(.missing, location: "\(node.path).\(key)", message: "missing required key")
        }
        return out
    }

    /// Every warning kind → its template.
    static func warnings(_ node: JSONNode, checker: TemplateChecker) throws(InputError) -> [String: PhraseTemplate] {
        var out: [String: PhraseTemplate] = [:]
        for (key, child) in try ConfigObject(node).members() {
            guard PhrasePackValues.warningKinds.contains(key) else { throw ConfigObject.unknownKey(child) }
            out[key] = try checker.template(child, allowed: PhrasePackValues.warning)
        }
        for key in PhrasePackValues.warningKinds where out[key] == nil {
            throw InputError(.missing, location: "\(node.path).\(key)", message: "missing required key")
        }
        return out
    }
}
