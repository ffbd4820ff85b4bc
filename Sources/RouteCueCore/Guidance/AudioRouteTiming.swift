/// What the active audio route adds to every cue: the output latency (from handing samples to the device until
/// they are heard) and the silence played first so a Bluetooth link is open before the first syllable.
public struct AudioRouteTiming: Sendable, Equatable {
    /// Seconds from trigger to the device producing sound.
    public var outputLatency: Double
    /// Seconds of silence before the words.
    public var preRoll: Double

    /// Creates the timing of an audio route.
    public init(outputLatency: Double = 0.05, preRoll: Double = 0) {
        self.outputLatency = max(0, outputLatency)
        self.preRoll = max(0, preRoll)
    }

    /// Seconds from trigger to the first word heard.
    public var leadIn: Double { outputLatency + preRoll }
}
