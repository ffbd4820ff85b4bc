/// Mono cue audio to interleaved 16-bit stereo, with a volume gain and an optional pan sweep.
public enum StereoRendering {
    /// Interleaved stereo (left, right, left, …) of `mono` scaled by `gain` (≥ 0; a non-finite one is silence).
    /// With `pan`, each sample is placed by the equal-power law at the sweep's azimuth interpolated sample by
    /// sample over the clip; without, both channels carry the sample unpanned. Results are rounded to the nearest
    /// integer and saturate at the 16-bit limits.
    public static func render(mono: [Int16], gain: Double, pan: PanSweep?) -> [Int16] {
        let g = gain.isFinite ? max(0, gain) : 0
        var out = [Int16](repeating: 0, count: mono.count * 2)
        let last = Double(max(1, mono.count - 1))
        for (i, sample) in mono.enumerated() {
            let s = Double(sample) * g
            if let pan {
                let gains = EqualPowerPan.gains(azimuth: pan.azimuth(at: Double(i) / last))
                out[2 * i] = saturated(s * gains.left)
                out[2 * i + 1] = saturated(s * gains.right)
            } else {
                let v = saturated(s)
                out[2 * i] = v
                out[2 * i + 1] = v
            }
        }
        return out
    }

    /// `value` rounded to the nearest 16-bit sample, saturating at −32768 and 32767.
    public static func saturated(_ value: Double) -> Int16 {
        let r = value.rounded()
        if r >= Double(Int16.max) { return .max }
        if r <= Double(Int16.min) { return .min }
        return Int16(r)
    }
}
