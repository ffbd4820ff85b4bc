#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Spherical ("web") Mercator, EPSG:3857, on the WGS84 semi-major axis.
public enum Mercator {
    /// WGS84 semi-major axis in metres, the sphere radius of EPSG:3857.
    public static let radius = 6_378_137.0
    /// The largest |y| (and |x|): the projection of ±85.0511287798°.
    public static let maxExtent = 20_037_508.342789244

    /// Projects a WGS84 coordinate to EPSG:3857 metres.
    public static func project(_ c: Coordinate) -> (x: Double, y: Double) {
        let x = radius * GeoMath.radians(c.longitude)
        let y = radius * log(tan(.pi / 4 + GeoMath.radians(c.latitude) / 2))
        return (x, y)
    }

    /// Converts EPSG:3857 metres back to WGS84 degrees.
    public static func unproject(x: Double, y: Double) -> Coordinate {
        let lon = GeoMath.degrees(x / radius)
        let lat = GeoMath.degrees(2 * atan(exp(y / radius)) - .pi / 2)
        return Coordinate(latitude: lat, longitude: lon)
    }
}
