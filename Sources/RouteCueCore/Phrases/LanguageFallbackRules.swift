/// The data a `LanguageFallback` walks by: which script a language is written in, which regions fall back to a
/// macro-region or another region first (CLDR's parent locales), and which languages stand in for each other.
/// Packs add their own "this pack also serves …" declarations on top (see `LanguageFallback`).
public struct LanguageFallbackRules: Sendable {
    /// A language's usual script (`zh` → `Hans`, `sr` → `Cyrl`, `de` → `Latn`).
    public var defaultScripts: [String: String]
    /// A script that differs by region, keyed `language-REGION` (`zh-TW` → `Hant`).
    public var regionScripts: [String: String]
    /// The region a regional tag falls back to before the bare language, keyed `language-REGION`
    /// (`es-AR` → `419`, `pt-AO` → `PT`, `zh-MO` → `HK`).
    public var parentRegions: [String: String]
    /// Languages tried, in order, once a language has no pack of its own (`no` → `nb`, `nn` → `no`).
    public var relatedLanguages: [String: [String]]
    /// The region whose pack stands for a language when several packs share it, keyed `language` or
    /// `language-Script` (`es` → `ES`, `pt` → `BR`, `zh-Hant` → `TW`).
    public var likelyRegions: [String: String]

    /// Creates rules from their tables.
    public init(defaultScripts: [String: String], regionScripts: [String: String], parentRegions: [String: String],
                relatedLanguages: [String: [String]], likelyRegions: [String: String]) {
        self.defaultScripts = defaultScripts
        self.regionScripts = regionScripts
        self.parentRegions = parentRegions
        self.relatedLanguages = relatedLanguages
        self.likelyRegions = likelyRegions
    }

    /// The script `language` is written in within `region`, when known.
    func likelyScript(language: String, region: String?) -> String? {
        if let region, let script = regionScripts["\(language)-\(region)"] { return script }
        return defaultScripts[language]
    }

    /// `tag` with its likely script added when it has none (`zh-TW` → `zh-Hant-TW`): the form tags are compared in.
    func maximized(_ tag: LanguageTag) -> LanguageTag {
        guard tag.script == nil, let script = likelyScript(language: tag.language, region: tag.region) else { return tag }
        return tag.with(script: script)
    }

    /// `tag` without a script that is its likely one (`zh-Hant-TW` → `zh-TW`, `es-Latn` → `es`): the form shown.
    func minimized(_ tag: LanguageTag) -> LanguageTag {
        guard let script = tag.script, script == likelyScript(language: tag.language, region: tag.region) else { return tag }
        return tag.with(script: nil)
    }

    /// CLDR-derived rules for the languages of RouteCue's packs (issue 4's list and their neighbours).
    public static let standard = LanguageFallbackRules(
        defaultScripts: standardDefaultScripts,
        regionScripts: ["zh-TW": "Hant", "zh-HK": "Hant", "zh-MO": "Hant", "yue-CN": "Hans",
                        "sr-ME": "Latn", "pa-PK": "Arab", "uz-AF": "Arab"],
        parentRegions: standardParentRegions,
        relatedLanguages: ["no": ["nb"], "nb": ["no"], "nn": ["no"], "cmn": ["zh"], "zh": ["cmn"]],
        likelyRegions: ["en": "US", "es": "ES", "pt": "BR", "fr": "FR", "de": "DE", "nl": "NL", "it": "IT",
                        "sv": "SE", "zh": "CN", "zh-Hans": "CN", "zh-Hant": "TW", "yue": "HK", "ar": "SA",
                        "ru": "RU", "sr": "RS", "nb": "NO", "ca": "ES", "ko": "KR", "bn": "BD", "ta": "IN",
                        "fa": "IR", "ms": "MY", "el": "GR", "hr": "HR", "ro": "RO"])

    private static let standardDefaultScripts: [String: String] = {
        var scripts: [String: String] = [:]
        let latin = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "nn", "no", "fi", "cs", "tr",
                     "ca", "hr", "hu", "id", "ms", "ro", "sk", "sl", "vi", "et", "lv", "lt", "is", "ga", "cy", "af",
                     "eu", "gl", "sq", "sw", "tl", "fil"]
        for language in latin { scripts[language] = "Latn" }
        for language in ["ru", "uk", "bg", "sr", "mk", "be", "kk"] { scripts[language] = "Cyrl" }
        for language in ["ar", "fa", "ur"] { scripts[language] = "Arab" }
        let others = ["zh": "Hans", "cmn": "Hans", "yue": "Hant", "ja": "Jpan", "ko": "Kore", "el": "Grek",
                      "he": "Hebr", "hi": "Deva", "mr": "Deva", "ne": "Deva", "bn": "Beng", "gu": "Gujr",
                      "kn": "Knda", "ml": "Mlym", "ta": "Taml", "te": "Telu", "th": "Thai", "pa": "Guru",
                      "ka": "Geor", "hy": "Armn", "am": "Ethi", "si": "Sinh", "my": "Mymr", "km": "Khmr"]
        scripts.merge(others) { current, _ in current }
        return scripts
    }()

    /// CLDR 44 parentLocales for Spanish (419), Portuguese (PT), English (001, 150) and Chinese (HK).
    private static let standardParentRegions: [String: String] = {
        var parents: [String: String] = ["en-150": "001", "zh-MO": "HK"]
        let latinAmerica = ["AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI",
                            "PA", "PE", "PR", "PY", "SV", "US", "UY", "VE"]
        for region in latinAmerica { parents["es-\(region)"] = "419" }
        for region in ["AO", "CH", "CV", "FR", "GQ", "GW", "LU", "MO", "MZ", "ST", "TL"] { parents["pt-\(region)"] = "PT" }
        let english = ["AU", "CA", "GB", "IE", "IN", "NZ", "SG", "ZA", "HK", "MY", "NG", "PK", "KE", "JM", "MT",
                       "PH", "GH", "TT", "BW", "ZW", "LK", "BD"]
        for region in english { parents["en-\(region)"] = "001" }
        for region in ["AT", "BE", "CH", "DE", "DK", "FI", "NL", "SE", "SI"] { parents["en-\(region)"] = "150" }
        return parents
    }()
}
