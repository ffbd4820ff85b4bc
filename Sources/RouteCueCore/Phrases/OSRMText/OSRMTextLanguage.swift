/// One language loaded from osrm-text-instructions files: its templates and, when the language has one,
/// its grammar.
public struct OSRMTextLanguage: Sendable {
    /// The language code as in the file name (`en`, `pt-BR`, `zh-Hans`).
    public let code: String
    /// `meta.capitalizeFirstLetter`: instructions start with an upper-case letter.
    public let capitalizesFirstLetter: Bool
    /// The `v5` templates.
    public let templates: OSRMTextTemplates
    /// The grammatical-case rules, or nil.
    public let grammar: OSRMTextGrammar?
    /// The street-name abbreviation table, or nil.
    public let abbreviations: OSRMTextAbbreviations?

    /// Reads a translation file (`languages/translations/<code>.json`) and optionally its grammar and
    /// abbreviation files.
    public init(code: String, translation: [UInt8], grammar: [UInt8]? = nil, abbreviations: [UInt8]? = nil) throws(InputError) {
        let name = "\(code).json"
        let root = try OSRMTextDocument.parse(translation, name: name)
        do throws(InputError) {
            self.capitalizesFirstLetter = try root["meta"]?.optionalBool("capitalizeFirstLetter") ?? false
            self.templates = OSRMTextTemplates(root: try root.require("v5").object())
        } catch {
            throw error.as(.textInstructions).inFile(name)
        }
        self.code = code
        if let grammar {
            self.grammar = try OSRMTextGrammar(bytes: grammar, name: "grammar/\(code).json")
        } else {
            self.grammar = nil
        }
        if let abbreviations {
            self.abbreviations = try OSRMTextAbbreviations(bytes: abbreviations, name: "abbreviations/\(code).json")
        } else {
            self.abbreviations = nil
        }
    }

    /// `text` with its first letter in upper case, as JavaScript's `toLocaleUpperCase(code)` does to the
    /// first UTF-16 unit (Turkish and Azerbaijani dotted capital I included).
    public func capitalizingFirstLetter(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        let rest = String(text.unicodeScalars.dropFirst())
        let base = code.split(separator: "-").first.map(String.init) ?? code
        if first == "i" && (base == "tr" || base == "az") { return "\u{130}" + rest }
        return first.properties.uppercaseMapping + rest
    }
}
