#if canImport(Glibc)
import Glibc
#endif
import ALSAOutput

/// Plays a drive's guidance timeline into an ALSA PCM: silence and cues at their sample positions, converted to
/// the device's rate and channels on the way. Meant for unpaced PCMs (ALSA's `file` plugin): the timeline plays
/// as fast as the device takes it, so a test can check where each cue landed. On a real device it plays the
/// drive in real time. Writes block (polling the PCM) until the device has taken every frame.
public final class PCMTimelineWriter: DriveAudioSink {
    /// The device.
    public let device: PCMDevice
    /// Source samples (mono, at the synthesizer's rate) written so far.
    public private(set) var sampleCount = 0
    private var converter: FrameConverter

    /// Opens `request.device` for a mono timeline at `sourceRate`.
    public init(request: PCMRequest, sourceRate: Int) throws(ALSAError) {
        device = try PCMDevice(request: request)
        converter = FrameConverter(sourceRate: sourceRate, sourceChannels: 1,
                                   deviceRate: device.configuration.rate, deviceChannels: device.configuration.channels)
    }

    /// Appends silence, a second at a time so a long gap never needs a long buffer.
    public func appendSilence(sampleCount count: Int) throws {
        var left = count
        let chunk = [Int16](repeating: 0, count: max(1, converter.sourceRate))
        while left > 0 {
            let n = min(left, chunk.count)
            try play(chunk[0..<n])
            left -= n
        }
    }

    /// Appends samples.
    public func append(_ samples: [Int16]) throws {
        try play(samples[...])
    }

    /// Writes the converter's tail and lets the device play out what it holds.
    public func finish() throws {
        try writeAll(converter.finish())
        var waited = 0
        while try device.delay() > 0, waited < 10_000 {
            usleep(2_000)
            waited += 2
        }
    }

    private func play(_ samples: ArraySlice<Int16>) throws {
        sampleCount += samples.count
        try writeAll(converter.convert(samples))
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
