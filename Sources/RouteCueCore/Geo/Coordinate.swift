/// A WGS84 position in degrees.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Latitude in degrees, north positive.
    public var latitude: Double
    /// Longitude in degrees, east positive.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees (not validated; see `isValid`).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and inside [-90, 90] × [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// `[lon, lat]`, the GeoJSON order used in JSON output.
    public var lonLat: [Double] { [longitude, latitude] }

    public var description: String { "(\(latitude), \(longitude))" }
}
