/// The `names` section: what RouteCue knows of the street names' language beyond what a route says.
public struct NameSettings: Sendable, Equatable {
    /// The language of the map region's street names (BCP 47, `de`), for names whose route says nothing of their
    /// country; nil: unknown.
    public var language: String?

    /// No region language.
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
                    throw node.error("must be a language tag such as \"de\" or \"fr-CH\", or null: \(error)")
                }
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
