/// The units distances are spoken in; one at a time, the same in every phrase.
public enum UnitSystem: String, Sendable, Codable, CaseIterable {
    /// Metres and kilometres.
    case metric
    /// Feet and miles (United States).
    case imperialUS = "imperial_us"
    /// Yards and miles (United Kingdom).
    case imperialUK = "imperial_uk"
}
