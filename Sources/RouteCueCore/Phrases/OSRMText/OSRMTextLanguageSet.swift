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

    /// Loads translation, grammar and abbreviation files, each given as (code, bytes). A grammar or
    /// abbreviation file goes to the translation with the same code, else to its regional variants
    /// (`es` serves `es-ES`); files for languages without a translation are not used.
    public init(translations: [(code: String, bytes: [UInt8])], grammars: [(code: String, bytes: [UInt8])],
                abbreviations: [(code: String, bytes: [UInt8])] = []) throws(InputError) {
        var loaded: [OSRMTextLanguage] = []
        for translation in translations {
            loaded.append(try OSRMTextLanguage(code: translation.code, translation: translation.bytes,
                                               grammar: Self.file(for: translation.code, in: grammars),
                                               abbreviations: Self.file(for: translation.code, in: abbreviations)))
        }
        self.init(loaded)
    }

    /// The file for `code`, else the one for its base language.
    private static func file(for code: String, in files: [(code: String, bytes: [UInt8])]) -> [UInt8]? {
        for file in files where file.code == code { return file.bytes }
        let base = code.split(separator: "-").first.map(String.init) ?? code
        for file in files where file.code == base { return file.bytes }
        return nil
    }

    /// Language codes, sorted.
    public var codes: [String] { languages.keys.sorted() }

    /// The language `code`, or nil.
    public subscript(code: String) -> OSRMTextLanguage? { languages[code] }
}
