/// The built-in CLDR cardinal plural rule families a pack can name in `plural_rule`.
public enum PluralRule: String, Sendable, CaseIterable {
    /// one (exactly 1) / other: en, de, nl, sv, da, nb, fi, it, es, pt-PT, tr…
    case oneOther = "one_other"
    /// one (0 ≤ n < 2, so 0, 1 and 1.5) / other: fr, pt-BR.
    case french
    /// one / few / many for whole numbers, other for fractions: ru, uk.
    case eastSlavic = "east_slavic"
    /// one / few / many for whole numbers, other for fractions: pl.
    case polish
    /// one / few for whole numbers, many for fractions, other: cs, sk.
    case czech
    /// other only: ko, yue, ja, zh, vi, th, id.
    case none

    /// The categories this rule can give; a pack's distance table must have a template for each.
    public var categories: [String] {
        switch self {
        case .oneOther, .french: return ["one", "other"]
        case .eastSlavic, .polish: return ["one", "few", "many", "other"]
        case .czech: return ["one", "few", "many", "other"]
        case .none: return ["other"]
        }
    }

    /// The category of a number written as `digits` (ASCII, `.` as decimal point, no sign), e.g. "1.5".
    public func category(ofNumber digits: String) -> String {
        let pieces = digits.split(separator: ".", omittingEmptySubsequences: false)
        let i = Int(pieces.first ?? "0") ?? 0
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        let v = fraction.count
        let i10 = i % 10, i100 = i % 100
        switch self {
        case .oneOther:
            return i == 1 && v == 0 ? "one" : "other"
        case .french:
            return i == 0 || i == 1 ? "one" : "other"
        case .eastSlavic:
            if v != 0 { return "other" }
            if i10 == 1 && i100 != 11 { return "one" }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return "few" }
            return "many"
        case .polish:
            if v != 0 { return "other" }
            if i == 1 { return "one" }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return "few" }
            return "many"
        case .czech:
            if v != 0 { return "many" }
            if i == 1 { return "one" }
            if (2...4).contains(i) { return "few" }
            return "other"
        case .none:
            return "other"
        }
    }
}
