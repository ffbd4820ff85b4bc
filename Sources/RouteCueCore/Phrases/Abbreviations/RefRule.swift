/// How a road number with given letters is spoken: "A9" / "A-9" / "A 9" → "A 9", "US 101" → "U S 101",
/// "I-80" → "Interstate 80" where the rule is limited to region US.
public struct RefRule: Sendable, Equatable {
    /// The letters of the ref as written, matched exactly ("A", "US", "М" in Cyrillic).
    public let letters: String
    /// What is said for the letters ("A", "U S", "Interstate", "valtatie").
    public let spoken: String
    /// The regions (ISO 3166 codes, upper case) the rule is limited to; empty means every region.
    public let regions: [String]

    /// Creates a rule.
    public init(letters: String, spoken: String, regions: [String] = []) {
        self.letters = letters
        self.spoken = spoken
        self.regions = regions
    }

    /// True when the rule applies for `region` (nil: only rules without a region limit).
    func applies(in region: String?) -> Bool {
        regions.isEmpty || region.map { regions.contains($0.uppercased()) } == true
    }
}
