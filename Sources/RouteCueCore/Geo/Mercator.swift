#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Spherical Mercator: `x = R·λ`, `y = R·ln tan(π/4 + φ/2)` on a sphere of radius `R`. EPSG:3857 ("web" Mercator)
/// uses the WGS84 semi-major axis; PTV Mercator, the "Mercator" of PTV's tours and SDKs (ESRI 53004), a sphere of
/// 6,371 km, which puts the same metres up to 0.11 % further from the origin.
public enum Mercator {
    /// WGS84 semi-major axis in metres, the sphere radius of EPSG:3857.
    public static let radius = 6_378_137.0
    /// The sphere radius of PTV Mercator (PTV's `NSDK_CoordinateSystem` documentation; ESRI 53004).
    public static let ptvRadius = 6_371_000.0
    /// The largest |y| (and |x|) of EPSG:3857: the projection of ±85.0511287798°.
    public static let maxExtent = 20_037_508.342789244

    /// The largest |x| (and |y|, the projection of ±85.0511287798°) on a sphere of `radius`: π·radius.
    public static func maxExtent(radius: Double) -> Double { .pi * radius }

    /// Projects a WGS84 coordinate to Mercator metres on a sphere of `radius` (default EPSG:3857).
    public static func project(_ c: Coordinate, radius: Double = radius) -> (x: Double, y: Double) {
        let x = radius * GeoMath.radians(c.longitude)
        let y = radius * log(tan(.pi / 4 + GeoMath.radians(c.latitude) / 2))
        return (x, y)
    }

    /// Converts Mercator metres on a sphere of `radius` (default EPSG:3857) back to WGS84 degrees.
    public static func unproject(x: Double, y: Double, radius: Double = radius) -> Coordinate {
        let lon = GeoMath.degrees(x / radius)
        let lat = GeoMath.degrees(2 * atan(exp(y / radius)) - .pi / 2)
        return Coordinate(latitude: lat, longitude: lon)
    }
}
