#if canImport(Glibc)
import Glibc
#endif
import ALSAOutput
import RouteCueCore

/// Plays a drive's guidance timeline into an ALSA PCM: silence and cues at their sample positions, converted to
/// the device's rate and channels on the way. Meant for unpaced PCMs (ALSA's `file` plugin): the timeline plays
/// as fast as the device takes it, so a test can check where each cue landed. On a real device it plays the
/// drive in real time. Writes block (polling the PCM) until the device has taken every frame.
public final class PCMTimelineWriter: DriveAudioSink {
    /// The device.
    public let device: PCMDevice
    /// Source samples (mono, at the synthesizer's rate) on the timeline so far.
    public private(set) var sampleCount = 0
    /// The synthesizer's rate.
    public let sourceRate: Int
    /// Device frames handed to ALSA so far.
    public private(set) var deviceFramesWritten = 0

    /// Opens `request.device` for a mono timeline at `sourceRate`.
    public init(request: PCMRequest, sourceRate: Int) throws(ALSAError) {
        device = try PCMDevice(request: request)
        self.sourceRate = sourceRate
    }

    /// Opens PCM `pcm` with the configured device parameters for a mono timeline at `sourceRate`.
    public convenience init(pcm: String, device: AudioSettings.Device, sourceRate: Int) throws(ALSAError) {
        try self.init(request: AudioServiceSettings.request(pcm: pcm, device: device), sourceRate: sourceRate)
    }

    /// Moves the timeline on; the silence is written when the next cue (or the end) comes.
    public func appendSilence(sampleCount count: Int) throws {
        sampleCount += max(0, count)
    }

    /// Writes a cue: silence up to its place (source sample `sampleCount` is device frame
    /// ⌈sampleCount · deviceRate / sourceRate⌉), then its samples converted to the device's rate and channels.
    public func append(_ samples: [Int16]) throws {
        try padToTimeline()
        let configuration = device.configuration
        var converter = FrameConverter(sourceRate: sourceRate, sourceChannels: 1,
                                       deviceRate: configuration.rate, deviceChannels: configuration.channels)
        try writeAll(converter.convert(samples[...]) + converter.finish())
        sampleCount += samples.count
    }

    /// Writes the silence left on the timeline and lets the device play out what it holds.
    public func finish() throws {
        try padToTimeline()
        var waited = 0
        while try device.delay() > 0, waited < 10_000 {
            usleep(2_000)
            waited += 2
        }
    }

    /// Writes silence until the device is at the timeline's position, a second at a time.
    private func padToTimeline() throws {
        let configuration = device.configuration
        let target = FrameConverter.deviceFrameCount(sourceFrames: sampleCount, sourceRate: sourceRate,
                                                     deviceRate: configuration.rate)
        let second = [Int16](repeating: 0, count: configuration.rate * configuration.channels)
        while deviceFramesWritten < target {
            let frames = min(target - deviceFramesWritten, configuration.rate)
            try writeAll(Array(second[0..<(frames * configuration.channels)]))
        }
    }

    /// Hands every frame of `samples` to the device, polling while its buffer is full.
    private func writeAll(_ samples: [Int16]) throws {
        let channels = device.configuration.channels
        var offset = 0
        var stalls = 0
        while offset < samples.count {
            let frames = try device.write(samples[offset...])
            if frames > 0 {
                offset += frames * channels
                deviceFramesWritten += frames
                stalls = 0
                continue
            }
            stalls += 1
            guard stalls < 5_000 else {
                throw ALSAError(call: "snd_pcm_writei", device: device.name, code: -EAGAIN,
                                message: "the device took no audio for 5 s")
            }
            var descriptors = device.pollDescriptors()
            _ = poll(&descriptors, nfds_t(descriptors.count), 1)
        }
    }
}
