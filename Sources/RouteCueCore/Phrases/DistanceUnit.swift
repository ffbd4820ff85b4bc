/// A unit a distance is spoken in.
public enum DistanceUnit: String, Sendable, Codable, CaseIterable {
    /// Metres (metric, below 1 km).
    case metre
    /// Kilometres (metric).
    case kilometre
    /// Feet (imperial US, below about 0.1 mile).
    case foot
    /// Yards (imperial UK, below a quarter mile).
    case yard
    /// Statute miles (imperial US and UK).
    case mile

    /// Length of one unit in metres (international yard and pound, 1959).
    public var metres: Double {
        switch self {
        case .metre: return 1
        case .kilometre: return 1000
        case .foot: return 0.3048
        case .yard: return 0.9144
        case .mile: return 1609.344
        }
    }
}
