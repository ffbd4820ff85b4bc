/// Where a cue sits in the stereo image over its length: an azimuth at its first sample and one at its last,
/// in degrees (−90 full left, 0 centre, +90 full right), moved linearly in between.
public struct PanSweep: Sendable, Equatable {
    /// Azimuth at the first sample, degrees.
    public var startAzimuth: Double
    /// Azimuth at the last sample, degrees.
    public var endAzimuth: Double

    /// A sweep from `startAzimuth` to `endAzimuth` (each clamped to −90…90, a non-finite one taken as 0).
    public init(startAzimuth: Double, endAzimuth: Double) {
        self.startAzimuth = Self.clamped(startAzimuth)
        self.endAzimuth = Self.clamped(endAzimuth)
    }

    /// A still position at `azimuth`.
    public init(azimuth: Double) { self.init(startAzimuth: azimuth, endAzimuth: azimuth) }

    /// The centre, still.
    public static let centre = PanSweep(azimuth: 0)

    /// The azimuth at `fraction` of the cue (0 first sample … 1 last, clamped).
    public func azimuth(at fraction: Double) -> Double {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        return Self.clamped(startAzimuth + (endAzimuth - startAzimuth) * f)
    }

    /// `azimuth` within −90…90 (a non-finite one taken as 0).
    static func clamped(_ azimuth: Double) -> Double { azimuth.isFinite ? min(90, max(-90, azimuth)) : 0 }
}
