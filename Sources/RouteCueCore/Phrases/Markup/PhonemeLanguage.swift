/// Which espeak-ng phoneme table a language tag or voice name speaks with, to decide whether a phonetic name
/// written for one language can be spoken by a voice of another.
enum PhonemeLanguage {
    /// True when `a` and `b` name languages with the same espeak-ng phoneme table: the same primary language
    /// subtag (case-insensitive; `_` counts as `-`; an espeak voice variant such as `+f3` is ignored), with two
    /// exceptions espeak-ng makes: Chinese is two tables (`yue` for zh-HK, zh-MO and zh-yue; `cmn` for every
    /// other zh), and Norwegian `no` is `nb`. Regions otherwise do not matter (en-US and en-GB voices share the
    /// English mnemonics). An empty tag matches nothing.
    static func sameTable(_ a: String, _ b: String) -> Bool {
        guard let tableA = table(a), let tableB = table(b) else { return false }
        return tableA == tableB
    }

    /// The phoneme table name for `tag`, or nil when it has no primary subtag.
    static func table(_ tag: String) -> String? {
        let voice = tag.split(separator: "+", omittingEmptySubsequences: false).first ?? ""
        let subtags = voice.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first, !primary.isEmpty,
              primary.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII }) else { return nil }
        switch primary {
        case "zh":
            let rest = Set(subtags.dropFirst())
            return rest.isDisjoint(with: ["yue", "hk", "mo"]) ? "cmn" : "yue"
        case "no":
            return "nb"
        default:
            return primary
        }
    }
}
