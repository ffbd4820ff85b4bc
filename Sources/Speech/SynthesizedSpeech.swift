/// The audio espeak-ng produced for one text: signed 16-bit mono PCM with the sample index of every word start.
public struct SynthesizedSpeech: Sendable, Equatable {
    /// The PCM samples, S16 mono, in host byte order.
    public let samples: [Int16]
    /// Samples per second (espeak-ng's rate, 22050 Hz on Debian 12).
    public let sampleRate: Int
    /// Sample index at which each word starts (espeak-ng `espeakEVENT_WORD`), ascending.
    public let wordStarts: [Int]

    /// Creates speech from its samples, rate and word starts.
    public init(samples: [Int16], sampleRate: Int, wordStarts: [Int]) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.wordStarts = wordStarts
    }

    /// How long the speech plays, in seconds. espeak-ng may make the same text a few milliseconds longer or
    /// shorter from one call to the next.
    public var duration: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }
}
