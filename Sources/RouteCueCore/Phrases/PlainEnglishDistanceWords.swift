/// Spoken distances in US English words: digits where espeak-ng reads them well, words for fractions of
/// a mile, singular and plural right.
enum PlainEnglishDistanceWords {
    /// "500 meters", "1 kilometer", "1.5 kilometers", "a quarter mile" (US) / "a quarter of a mile" (UK),
    /// "half a mile", "three quarters of a mile", "1 mile", "300 yards", "500 feet".
    static func words(_ distance: SpokenDistance, units: UnitSystem) -> String {
        let v = distance.value
        if distance.unit == .mile {
            if v == 0.25 { return units == .imperialUK ? "a quarter of a mile" : "a quarter mile" }
            if v == 0.5 { return "half a mile" }
            if v == 0.75 { return "three quarters of a mile" }
        }
        let (singular, plural) = names(distance.unit)
        return "\(number(v)) \(v == 1 ? singular : plural)"
    }

    private static func names(_ unit: DistanceUnit) -> (String, String) {
        switch unit {
        case .metre: return ("meter", "meters")
        case .kilometre: return ("kilometer", "kilometers")
        case .foot: return ("foot", "feet")
        case .yard: return ("yard", "yards")
        case .mile: return ("mile", "miles")
        }
    }

    /// Whole numbers without decimals or grouping ("1200"); others with up to two decimals ("1.5").
    /// Spoken values are small; anything not finite or beyond 10^12 is clamped there.
    static func number(_ value: Double) -> String {
        let clamped = value.isNaN ? 0 : min(max(value, -1e12), 1e12)
        let hundredths = Int64((clamped * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let decimals = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : String(fraction))
        return "\(sign)\(whole).\(decimals)"
    }
}
