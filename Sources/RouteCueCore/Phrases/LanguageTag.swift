/// A BCP 47 language tag of the kinds RouteCue packs and voices use: language, optional script, region and
/// variants, e.g. `en-US`, `zh-Hant-TW`, `es-419`, `yue`, `zh-Latn-pinyin`. Parsed case-insensitively (`-` or
/// `_` between subtags) and kept in canonical casing; extended language subtags and deprecated codes are
/// replaced by their preferred values (`zh-yue` → `yue`, `iw` → `he`). Extensions and private use are refused.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The primary language subtag, lowercase, 2 or 3 letters (`en`, `yue`).
    public let language: String
    /// The script subtag in title case (`Hant`, `Latn`), if any.
    public let script: String?
    /// The region subtag, 2 uppercase letters or 3 digits (`US`, `419`), if any.
    public let region: String?
    /// Variant subtags, lowercase (`pinyin`), in order.
    public let variants: [String]

    /// Parses `text` as a BCP 47 tag; throws a `LanguageTagError` naming the offending subtag.
    public init(_ text: String) throws(LanguageTagError) {
        self = try LanguageTagParser.parse(text)
    }

    /// A tag from subtags already in canonical form (used by the parser and by fallback steps).
    init(canonicalLanguage language: String, script: String?, region: String?, variants: [String]) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// The canonical form, e.g. `zh-Hant-TW`.
    public var description: String {
        var parts = [language]
        if let script { parts.append(script) }
        if let region { parts.append(region) }
        parts.append(contentsOf: variants)
        return parts.joined(separator: "-")
    }

    /// This tag with another script (nil removes it).
    func with(script: String?) -> LanguageTag {
        LanguageTag(canonicalLanguage: language, script: script, region: region, variants: variants)
    }

    /// This tag with another region (nil removes it).
    func with(region: String?) -> LanguageTag {
        LanguageTag(canonicalLanguage: language, script: script, region: region, variants: variants)
    }

    /// This tag without its variants.
    var withoutVariants: LanguageTag {
        LanguageTag(canonicalLanguage: language, script: script, region: region, variants: [])
    }
}

/// Why a text is not a language tag RouteCue accepts.
public struct LanguageTagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given (cut to 64 characters).
    public let tag: String
    /// What is wrong, naming the subtag, e.g. `"Latn" comes after the region`.
    public let message: String

    /// Creates an error for `tag`.
    public init(tag: String, message: String) {
        self.tag = String(tag.prefix(64))
        self.message = message
    }

    /// e.g. `language tag "en-US-Latn": "Latn" comes after the region`.
    public var description: String { "language tag \"\(tag)\": \(message)" }
}
