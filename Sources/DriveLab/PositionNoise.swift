import Foundation
import RouteCueCore

/// Correlated horizontal position error, as a receiver's: a first-order autoregressive process per axis
/// (east, north), `x[k] = φ·x[k-1] + √(1-φ²)·σ·ε`, `φ = exp(-interval / correlationTime)`. It starts from its
/// stationary distribution, so every offset has standard deviation σ = `standardDeviation / √2` per axis
/// (`standardDeviation` for both axes together).
public struct PositionNoise: Sendable {
    /// Current east offset (m).
    public private(set) var east: Double
    /// Current north offset (m).
    public private(set) var north: Double
    private let phi: Double
    private let axisSigma: Double

    /// Noise of horizontal standard deviation `standardDeviation` (m), advanced every `interval` seconds.
    public init(standardDeviation: Double, correlationTime: Double, interval: Double, random: inout SplitMix64) {
        axisSigma = max(0, standardDeviation) / 2.0.squareRoot()
        phi = correlationTime > 0 ? exp(-interval / correlationTime) : 0
        east = axisSigma * random.nextGaussian()
        north = axisSigma * random.nextGaussian()
    }

    /// Moves the error one interval on.
    public mutating func advance(random: inout SplitMix64) {
        let innovation = (1 - phi * phi).squareRoot() * axisSigma
        east = phi * east + innovation * random.nextGaussian()
        north = phi * north + innovation * random.nextGaussian()
    }

    /// `coordinate` moved by the current error.
    public func applied(to coordinate: Coordinate) -> Coordinate {
        NoiseOffset.moved(coordinate, east: east, north: north)
    }
}

/// Local east/north offsets in metres around a coordinate (equirectangular: exact enough for metres).
public enum NoiseOffset {
    /// `coordinate` moved `east` and `north` metres.
    public static func moved(_ coordinate: Coordinate, east: Double, north: Double) -> Coordinate {
        let lat = coordinate.latitude + north / GeoMath.metresPerDegree
        let k = cos(GeoMath.radians(coordinate.latitude))
        let lon = coordinate.longitude + east / (GeoMath.metresPerDegree * max(k, 1e-6))
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The (east, north) offset in metres from `reference` to `point`.
    public static func offset(of point: Coordinate, from reference: Coordinate) -> (east: Double, north: Double) {
        let k = cos(GeoMath.radians(reference.latitude))
        return ((point.longitude - reference.longitude) * k * GeoMath.metresPerDegree,
                (point.latitude - reference.latitude) * GeoMath.metresPerDegree)
    }
}
