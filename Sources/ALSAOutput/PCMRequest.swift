/// What a caller asks of a playback PCM: its name and the low-latency shape wanted (the device may round).
public struct PCMRequest: Sendable, Hashable {
    /// The ALSA PCM name (`default`, `paced`, `file:FILE=/tmp/x.wav,FORMAT=wav`, a bluealsa name…).
    public var device: String
    /// Wanted sample rate in Hz (`snd_pcm_hw_params_set_rate_near`).
    public var rate: Int = 48000
    /// Wanted channel count (`snd_pcm_hw_params_set_channels_near`).
    public var channels: Int = 2
    /// Wanted period length in seconds, 5–10 ms for low latency (`snd_pcm_hw_params_set_period_size_near`).
    public var periodSeconds = 0.008
    /// Wanted buffer length in periods (`snd_pcm_hw_params_set_buffer_size_near`).
    public var periods = 4

    /// A request for `device` with the given shape (defaults: 48 kHz stereo, 8 ms periods, 4 periods).
    public init(device: String, rate: Int = 48000, channels: Int = 2, periodSeconds: Double = 0.008, periods: Int = 4) {
        self.device = device
        self.rate = rate
        self.channels = channels
        self.periodSeconds = periodSeconds
        self.periods = periods
    }
}

/// The shape a PCM actually took after hardware parameters were set (always S16 interleaved).
public struct PCMConfiguration: Sendable, Hashable {
    /// Sample rate in Hz.
    public var rate: Int
    /// Channels per frame.
    public var channels: Int
    /// Frames per period.
    public var periodFrames: Int
    /// Frames in the whole ring buffer.
    public var bufferFrames: Int

    /// A configuration with these figures.
    public init(rate: Int, channels: Int, periodFrames: Int, bufferFrames: Int) {
        self.rate = rate
        self.channels = channels
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }

    /// One period in seconds.
    public var periodSeconds: Double { Double(periodFrames) / Double(rate) }
}
