/// The `names` section: what RouteCue knows of the street names' language beyond what a route says.
public struct NameSettings: Sendable, Equatable {
    /// The language of the map region's street names (BCP 47, `de`), for names whose route says nothing of their
    /// country; nil: unknown.
    public var language: String?
    /// How names of another language than the guidance language are spoken (`native`: in their own voice).
    public var pronounce: NamePronunciation.Mode = .native

    /// No region language, names in their own voice.
    public init() {}
}

enum NamesSection {
    /// Reads `names` over `settings`.
    static func read(_ section: JSONNode, into settings: inout NameSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "language":
                if case .null = node.value { settings.language = nil; return }
                let text = try node.string()
                do {
                    settings.language = try LanguageTag(text).description
                } catch {
                    throw node.error(.invalidValue, "must be a language tag such as \"de\" or \"fr-CH\", or null: \(error)")
                }
            case "pronounce":
                settings.pronounce = try PhrasePackParser.enumValue(node, NamePronunciation.Mode.self)
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
