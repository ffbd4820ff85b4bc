/// The languages an osrm-text-instructions compiler can speak, by code. English is the fallback for the
/// `name and ref` phrase, as upstream.
public struct OSRMTextLanguageSet: Sendable {
    /// Loaded languages by code.
    public let languages: [String: OSRMTextLanguage]

    /// A set of already loaded languages.
    public init(_ languages: [OSRMTextLanguage]) {
        var byCode: [String: OSRMTextLanguage] = [:]
        for language in languages { byCode[language.code] = language }
        self.languages = byCode
    }

    /// Loads translation files (code, bytes) and grammar files (code, bytes); a grammar goes to the language
    /// with the same code.
    public init(translations: [(code: String, bytes: [UInt8])], grammars: [(code: String, bytes: [UInt8])]) throws(RouteImportError) {
        var loaded: [OSRMTextLanguage] = []
        for translation in translations {
            var grammar: [UInt8]? = nil
            for candidate in grammars where candidate.code == translation.code { grammar = candidate.bytes }
            loaded.append(try OSRMTextLanguage(code: translation.code, translation: translation.bytes, grammar: grammar))
        }
        self.init(loaded)
    }

    /// Language codes, sorted.
    public var codes: [String] { languages.keys.sorted() }

    /// The language `code`, or nil.
    public subscript(code: String) -> OSRMTextLanguage? { languages[code] }
}
