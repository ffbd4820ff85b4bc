/// Converts S16 interleaved audio (1 or 2 channels, any rate) to a device's rate and channel count, chunk by
/// chunk as it is written: converting in chunks gives exactly the samples converting at once gives.
///
/// Rates are converted with a windowed-sinc low-pass (`ResamplingKernel`) at exact rational positions:
/// device frame `n` sits at source position `n · sourceRate / deviceRate`, so source frame `b` is heard at
/// device frame `ceil(b · deviceRate / sourceRate)`. Channels: mono feeds the first two device channels,
/// stereo is averaged for a mono device, further device channels stay silent. `gain` scales every sample.
public struct FrameConverter: Sendable {
    /// The source's sample rate in Hz.
    public let sourceRate: Int
    /// The source's channel count (1 or 2).
    public let sourceChannels: Int
    /// The device's sample rate in Hz.
    public let deviceRate: Int
    /// The device's channel count.
    public let deviceChannels: Int
    /// Linear gain applied to every sample (results are clamped to S16).
    public let gain: Float
    /// Source frames taken in so far.
    public private(set) var sourceFramesConsumed = 0
    /// Device frames given out so far.
    public private(set) var deviceFramesProduced = 0
    /// Whether `finish` has been called.
    public private(set) var isFinished = false

    private let kernel: ResamplingKernel?
    private var history: [[Float]]
    private var historyStart = 0
    private var weights: [Float]

    /// A converter from `sourceRate`/`sourceChannels` (1 or 2) to `deviceRate`/`deviceChannels`.
    public init(sourceRate: Int, sourceChannels: Int, deviceRate: Int, deviceChannels: Int, gain: Double = 1) {
        precondition(sourceRate > 0 && deviceRate > 0, "rates must be positive")
        precondition(sourceChannels == 1 || sourceChannels == 2, "source must be mono or stereo")
        precondition(deviceChannels >= 1, "device needs a channel")
        self.sourceRate = sourceRate
        self.sourceChannels = sourceChannels
        self.deviceRate = deviceRate
        self.deviceChannels = deviceChannels
        self.gain = Float(gain)
        kernel = sourceRate == deviceRate ? nil : ResamplingKernel.shared(sourceRate: sourceRate, deviceRate: deviceRate)
        history = Array(repeating: [], count: sourceChannels)
        weights = Array(repeating: 0, count: 2 * (kernel?.reach ?? 0))
    }

    /// The device frames `sourceFrames` source frames become: `ceil(sourceFrames · deviceRate / sourceRate)`.
    public static func deviceFrameCount(sourceFrames: Int, sourceRate: Int, deviceRate: Int) -> Int {
        (sourceFrames * deviceRate + sourceRate - 1) / sourceRate
    }

    /// The device frame at which source frame `sourceFrame` is heard.
    public func deviceFrame(forSourceFrame sourceFrame: Int) -> Int {
        Self.deviceFrameCount(sourceFrames: sourceFrame, sourceRate: sourceRate, deviceRate: deviceRate)
    }

    /// Takes interleaved source samples (a whole number of frames) and returns the interleaved device
    /// samples that are now complete (a few frames lag behind until more source or `finish` arrives).
    public mutating func convert(_ samples: ArraySlice<Int16>) -> [Int16] {
        precondition(!isFinished, "convert after finish")
        let frames = samples.count / sourceChannels
        guard frames > 0 else { return [] }
        guard kernel != nil else { return passThrough(samples.prefix(frames * sourceChannels), frames: frames) }
        samples.withUnsafeBufferPointer { source in
            for channel in 0..<sourceChannels {
                history[channel].reserveCapacity(history[channel].count + frames)
                for frame in 0..<frames {
                    history[channel].append(Float(source[frame * sourceChannels + channel]))
                }
            }
        }
        sourceFramesConsumed += frames
        return produce()
    }

    /// Ends the source: returns the last device frames (the source is taken to be silent beyond its end),
    /// so that the total is `deviceFrameCount(sourceFrames: sourceFramesConsumed, …)`.
    public mutating func finish() -> [Int16] {
        guard !isFinished else { return [] }
        isFinished = true
        return kernel == nil ? [] : produce()
    }

    private mutating func passThrough(_ samples: ArraySlice<Int16>, frames: Int) -> [Int16] {
        var output = [Int16](repeating: 0, count: frames * deviceChannels)
        var values: (Float, Float) = (0, 0)
        samples.withUnsafeBufferPointer { source in
            for frame in 0..<frames {
                values.0 = Float(source[frame * sourceChannels])
                values.1 = sourceChannels == 2 ? Float(source[frame * sourceChannels + 1]) : values.0
                store(values, into: &output, frame: frame)
            }
        }
        sourceFramesConsumed += frames
        deviceFramesProduced += frames
        return output
    }

    private mutating func produce() -> [Int16] {
        guard let kernel else { return [] }
        let reach = kernel.reach
        let end = isFinished
            ? Self.deviceFrameCount(sourceFrames: sourceFramesConsumed, sourceRate: sourceRate, deviceRate: deviceRate)
            : Int.max
        var output: [Int16] = []
        while deviceFramesProduced < end {
            let position = deviceFramesProduced * sourceRate
            let whole = position / deviceRate
            if !isFinished && whole + reach >= sourceFramesConsumed { break }
            let fraction = Double(position - whole * deviceRate) / Double(deviceRate)
            let first = whole - reach + 1
            var weightSum: Float = 0
            for tap in 0..<(2 * reach) {
                let weight = kernel.weight(at: Double(whole - first - tap) + fraction)
                weights[tap] = weight
                weightSum += weight
            }
            var values: (Float, Float) = (0, 0)
            for channel in 0..<sourceChannels {
                let value = accumulate(channel: channel, first: first) / weightSum
                if channel == 0 { values = (value, value) } else { values.1 = value }
            }
            store(values, into: &output, frame: nil)
            deviceFramesProduced += 1
        }
        trimHistory(reach: reach)
        return output
    }

    private func accumulate(channel: Int, first: Int) -> Float {
        let lower = max(first, historyStart)
        let upper = min(first + weights.count, sourceFramesConsumed)
        guard lower < upper else { return 0 }
        var sum: Float = 0
        history[channel].withUnsafeBufferPointer { samples in
            weights.withUnsafeBufferPointer { taps in
                for index in lower..<upper { sum += taps[index - first] * samples[index - historyStart] }
            }
        }
        return sum
    }

    private mutating func trimHistory(reach: Int) {
        let nextWhole = deviceFramesProduced * sourceRate / deviceRate
        let keepFrom = min(max(0, nextWhole - reach + 1), sourceFramesConsumed)
        let drop = keepFrom - historyStart
        guard drop > 0 else { return }
        for channel in 0..<sourceChannels { history[channel].removeFirst(drop) }
        historyStart = keepFrom
    }

    /// Maps one (left, right) source frame — both equal for mono — onto the device channels, with gain.
    private func store(_ values: (Float, Float), into output: inout [Int16], frame: Int?) {
        for channel in 0..<deviceChannels {
            let value: Float
            if deviceChannels == 1 {
                value = (values.0 + values.1) / 2
            } else {
                value = channel == 0 ? values.0 : channel == 1 ? values.1 : 0
            }
            let sample = Self.clamped(value * gain)
            if let frame { output[frame * deviceChannels + channel] = sample } else { output.append(sample) }
        }
    }

    private static func clamped(_ value: Float) -> Int16 {
        let rounded = value.rounded()
        if rounded >= Float(Int16.max) { return Int16.max }
        if rounded <= Float(Int16.min) { return Int16.min }
        return Int16(rounded)
    }
}
