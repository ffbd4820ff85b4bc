#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The equal-power (sine/cosine) pan law: the two channel gains for an azimuth keep L² + R² = 1, so a cue keeps
/// its loudness as it moves; the centre is −3 dB on each channel.
public enum EqualPowerPan {
    /// Channel gains for `azimuth` in degrees (−90 full left … +90 full right, clamped; non-finite is centre):
    /// θ = (azimuth / 90 + 1) · π / 4, left = cos θ, right = sin θ.
    public static func gains(azimuth: Double) -> (left: Double, right: Double) {
        let a = PanSweep.clamped(azimuth)
        let theta = (a / 90 + 1) * Double.pi / 4
        return (left: cos(theta), right: sin(theta))
    }
}
