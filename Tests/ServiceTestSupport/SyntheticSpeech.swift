import ALSAOutput
import Foundation

/// Synthetic speech: tone bursts ("words") separated by silence, with a word boundary at each burst start.
public enum SyntheticSpeech {
    /// A clip of `seconds` at `rate` (mono unless `channels` is 2): bursts of `burst` s at `frequency` Hz,
    /// `gap` s of silence after each; boundaries at every burst start.
    public static func clip(id: Int, seconds: Double, rate: Int = 22050, channels: Int = 1, frequency: Double = 440,
                     burst: Double = 0.2, gap: Double = 0.1, amplitude: Double = 12000) -> PlaybackClip {
        let frames = Int(seconds * Double(rate))
        let burstFrames = Int(burst * Double(rate))
        let stride = burstFrames + Int(gap * Double(rate))
        var samples = [Int16](repeating: 0, count: frames * channels)
        var boundaries: [Int] = []
        for frame in 0..<frames {
            let inWord = frame % stride
            if inWord == 0 { boundaries.append(frame) }
            guard inWord < burstFrames else { continue }
            let value = Int16(amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return PlaybackClip(id: id, samples: samples, channels: channels, sampleRate: rate, boundaries: boundaries)
    }
}
