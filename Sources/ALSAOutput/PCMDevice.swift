import CALSA
import Glibc

/// One open playback PCM (`snd_pcm_t`), non-blocking, S16 interleaved, with low-latency parameters set
/// explicitly. Owned by one thread (the audio thread); `deinit` closes it (`snd_pcm_close`).
public final class PCMDevice {
    /// The PCM name it was opened with.
    public let name: String
    /// The shape the device took.
    public let configuration: PCMConfiguration
    /// Underruns (and suspends) met and recovered by `write` and `delay` (`snd_pcm_recover`).
    public private(set) var underrunCount = 0

    private let pcm: OpaquePointer

    /// Opens `request.device` for playback in non-blocking mode (`snd_pcm_open` with `SND_PCM_NONBLOCK`) and
    /// sets hardware parameters (RW interleaved, S16, channels/rate near the request, period near
    /// `periodSeconds`, buffer near `periods` periods) and software parameters (start threshold and
    /// avail_min one period).
    public init(request: PCMRequest) throws(ALSAError) {
        name = request.device
        ALSALibrary.silenceErrorPrinting()
        var handle: OpaquePointer?
        let opened = snd_pcm_open(&handle, request.device, SND_PCM_STREAM_PLAYBACK, routecue_SND_PCM_NONBLOCK)
        guard opened >= 0, let handle else { throw ALSAError(call: "snd_pcm_open", device: request.device, code: opened) }
        do {
            configuration = try Self.setHardwareParameters(handle, request)
            try Self.setSoftwareParameters(handle, request.device, configuration)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        pcm = handle
    }

    deinit { snd_pcm_close(pcm) }

    /// Writes interleaved frames without blocking (`snd_pcm_writei`); returns how many frames the device took
    /// (0 when its buffer is full). An underrun or suspend is recovered (`snd_pcm_recover`), counted, and the
    /// write retried once.
    public func write(_ samples: ArraySlice<Int16>) throws(ALSAError) -> Int {
        let channels = configuration.channels
        let frames = samples.count / channels
        guard frames > 0 else { return 0 }
        for _ in 0..<2 {
            let result = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress, snd_pcm_uframes_t(frames))
            }
            if result >= 0 { return result }
            let code = Int32(result)
            if code == -EAGAIN { return 0 }
            try recover(code, call: "snd_pcm_writei")
        }
        return 0
    }

    /// Frames written but not yet played (`snd_pcm_delay`); an underrun found here is recovered and counted.
    public func delay() throws(ALSAError) -> Int {
        if try recoverStoppedState() { return 0 }
        var frames: snd_pcm_sframes_t = 0
        let code = snd_pcm_delay(pcm, &frames)
        if code < 0 {
            try recover(code, call: "snd_pcm_delay")
            return 0
        }
        return max(0, frames)
    }

    /// Frames that can be written now (`snd_pcm_avail`); an underrun found here is recovered and counted.
    public func available() throws(ALSAError) -> Int {
        _ = try recoverStoppedState()
        let frames = snd_pcm_avail(pcm)
        if frames < 0 {
            try recover(Int32(frames), call: "snd_pcm_avail")
            return configuration.bufferFrames
        }
        return frames
    }

    /// The descriptors to poll for this PCM (`snd_pcm_poll_descriptors`).
    public func pollDescriptors() -> [pollfd] {
        let count = Int(snd_pcm_poll_descriptors_count(pcm))
        guard count > 0 else { return [] }
        var descriptors = [pollfd](repeating: pollfd(), count: count)
        let filled = descriptors.withUnsafeMutableBufferPointer { buffer in
            snd_pcm_poll_descriptors(pcm, buffer.baseAddress, UInt32(count))
        }
        return Array(descriptors.prefix(Int(max(0, filled))))
    }

    /// What the polled descriptors mean for this PCM (`snd_pcm_poll_descriptors_revents`): `POLLOUT`, `POLLERR`…
    public func events(from polled: [pollfd]) throws(ALSAError) -> Int16 {
        guard !polled.isEmpty else { return 0 }
        var descriptors = polled
        var revents: UInt16 = 0
        let code = descriptors.withUnsafeMutableBufferPointer { buffer in
            snd_pcm_poll_descriptors_revents(pcm, buffer.baseAddress, UInt32(buffer.count), &revents)
        }
        if code < 0 { throw ALSAError(call: "snd_pcm_poll_descriptors_revents", device: name, code: code) }
        return Int16(bitPattern: revents)
    }

    /// Takes back up to `frames` queued frames that the device has not started to play (`snd_pcm_rewindable`,
    /// `snd_pcm_rewind`), so that new frames replace them; returns how many were taken back.
    public func rewind(upTo frames: Int) throws(ALSAError) -> Int {
        guard frames > 0 else { return 0 }
        let rewindable = snd_pcm_rewindable(pcm)
        guard rewindable > 0 else { return 0 }
        let rewound = snd_pcm_rewind(pcm, snd_pcm_uframes_t(min(frames, rewindable)))
        if rewound < 0 { throw ALSAError(call: "snd_pcm_rewind", device: name, code: Int32(rewound)) }
        return rewound
    }

    /// Stops at once and discards what is queued (`snd_pcm_drop`), then makes the device ready for the next
    /// write (`snd_pcm_prepare`): it starts again when a period has been written.
    public func dropAndPrepare() throws(ALSAError) {
        let dropped = snd_pcm_drop(pcm)
        if dropped < 0 { throw ALSAError(call: "snd_pcm_drop", device: name, code: dropped) }
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { throw ALSAError(call: "snd_pcm_prepare", device: name, code: prepared) }
    }

    /// Stops at once and discards what is queued (`snd_pcm_drop`), leaving the device in the setup state.
    public func drop() throws(ALSAError) {
        let dropped = snd_pcm_drop(pcm)
        if dropped < 0 { throw ALSAError(call: "snd_pcm_drop", device: name, code: dropped) }
    }

    /// The ALSA state name (`snd_pcm_state_name`), e.g. `RUNNING`, `PREPARED`, `XRUN`.
    public var stateName: String { String(cString: snd_pcm_state_name(snd_pcm_state(pcm))) }

    /// Some plugins (jack through ioplug) enter XRUN without any call returning -EPIPE: recover from the
    /// state itself. Returns whether a recovery happened.
    private func recoverStoppedState() throws(ALSAError) -> Bool {
        let state = snd_pcm_state(pcm)
        if state == SND_PCM_STATE_XRUN {
            try recover(-EPIPE, call: "snd_pcm_state")
            return true
        }
        if state == SND_PCM_STATE_SUSPENDED {
            try recover(-ESTRPIPE, call: "snd_pcm_state")
            return true
        }
        return false
    }

    private func recover(_ code: Int32, call: String) throws(ALSAError) {
        guard code == -EPIPE || code == -ESTRPIPE || code == -EINTR else {
            throw ALSAError(call: call, device: name, code: code)
        }
        if code != -EINTR { underrunCount += 1 }
        let recovered = snd_pcm_recover(pcm, code, 1)
        if recovered < 0 { throw ALSAError(call: "snd_pcm_recover", device: name, code: recovered) }
    }

    private static func setHardwareParameters(_ pcm: OpaquePointer, _ request: PCMRequest) throws(ALSAError) -> PCMConfiguration {
        let device = request.device
        var allocated: OpaquePointer?
        let code = snd_pcm_hw_params_malloc(&allocated)
        guard code >= 0, let params = allocated else { throw ALSAError(call: "snd_pcm_hw_params_malloc", device: device, code: code) }
        defer { snd_pcm_hw_params_free(params) }
        let check = { (code: Int32, call: String) throws(ALSAError) in try Self.check(code, call, device) }
        try check(snd_pcm_hw_params_any(pcm, params), "snd_pcm_hw_params_any")
        try check(snd_pcm_hw_params_set_access(pcm, params, routecue_SND_PCM_ACCESS_RW_INTERLEAVED), "snd_pcm_hw_params_set_access")
        try check(snd_pcm_hw_params_set_format(pcm, params, routecue_SND_PCM_FORMAT_S16), "snd_pcm_hw_params_set_format")
        // The device's own rate: conversion is done by FrameConverter, not by alsa-lib's resampler.
        try check(snd_pcm_hw_params_set_rate_resample(pcm, params, 0), "snd_pcm_hw_params_set_rate_resample")
        var channels = UInt32(max(1, request.channels))
        try check(snd_pcm_hw_params_set_channels_near(pcm, params, &channels), "snd_pcm_hw_params_set_channels_near")
        var rate = UInt32(max(1, request.rate))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, params, &rate, &direction), "snd_pcm_hw_params_set_rate_near")
        var period = try choosePeriod(pcm, params, request, rate: Int(rate))
        var buffer = period * snd_pcm_uframes_t(max(2, request.periods))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, params, &buffer), "snd_pcm_hw_params_set_buffer_size_near")
        try check(snd_pcm_hw_params(pcm, params), "snd_pcm_hw_params")

        try check(snd_pcm_hw_params_get_period_size(params, &period, &direction), "snd_pcm_hw_params_get_period_size")
        try check(snd_pcm_hw_params_get_buffer_size(params, &buffer), "snd_pcm_hw_params_get_buffer_size")
        try check(snd_pcm_hw_params_get_rate(params, &rate, &direction), "snd_pcm_hw_params_get_rate")
        try check(snd_pcm_hw_params_get_channels(params, &channels), "snd_pcm_hw_params_get_channels")
        return PCMConfiguration(rate: Int(rate), channels: Int(channels), periodFrames: Int(period), bufferFrames: Int(buffer))
    }

    /// Sets the period nearest the requested length, first among periods of 5–10 ms (or up to the requested
    /// length if it lies outside): "nearest" alone may pick 512 frames over 256 for a 384-frame target on
    /// a device that only offers powers of two.
    private static func choosePeriod(_ pcm: OpaquePointer, _ params: OpaquePointer, _ request: PCMRequest, rate: Int) throws(ALSAError) -> snd_pcm_uframes_t {
        let target = max(16, Int((request.periodSeconds * Double(rate)).rounded()))
        var period = snd_pcm_uframes_t(target)
        var direction: Int32 = 0
        var allocated: OpaquePointer?
        if snd_pcm_hw_params_malloc(&allocated) >= 0, let trial = allocated {
            defer { snd_pcm_hw_params_free(trial) }
            snd_pcm_hw_params_copy(trial, params)
            var low = snd_pcm_uframes_t(min(target, rate / 200))
            var high = snd_pcm_uframes_t(max(target, rate / 100))
            var lowDirection: Int32 = 0
            var highDirection: Int32 = 0
            if snd_pcm_hw_params_set_period_size_minmax(pcm, trial, &low, &lowDirection, &high, &highDirection) >= 0,
               snd_pcm_hw_params_set_period_size_near(pcm, trial, &period, &direction) >= 0 {
                snd_pcm_hw_params_copy(params, trial)
                return period
            }
            period = snd_pcm_uframes_t(target)
        }
        let code = snd_pcm_hw_params_set_period_size_near(pcm, params, &period, &direction)
        if code < 0 { throw ALSAError(call: "snd_pcm_hw_params_set_period_size_near", device: request.device, code: code) }
        return period
    }

    private static func setSoftwareParameters(_ pcm: OpaquePointer, _ device: String, _ configuration: PCMConfiguration) throws(ALSAError) {
        var allocated: OpaquePointer?
        let code = snd_pcm_sw_params_malloc(&allocated)
        guard code >= 0, let params = allocated else { throw ALSAError(call: "snd_pcm_sw_params_malloc", device: device, code: code) }
        defer { snd_pcm_sw_params_free(params) }
        let check = { (code: Int32, call: String) throws(ALSAError) in try Self.check(code, call, device) }
        let period = snd_pcm_uframes_t(configuration.periodFrames)
        try check(snd_pcm_sw_params_current(pcm, params), "snd_pcm_sw_params_current")
        try check(snd_pcm_sw_params_set_start_threshold(pcm, params, period), "snd_pcm_sw_params_set_start_threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm, params, period), "snd_pcm_sw_params_set_avail_min")
        try check(snd_pcm_sw_params(pcm, params), "snd_pcm_sw_params")
    }

    /// Throws the error of `call` on `device` when `code` is negative (an alsa-lib failure).
    private static func check(_ code: Int32, _ call: String, _ device: String) throws(ALSAError) {
        if code < 0 { throw ALSAError(call: call, device: device, code: code) }
    }
}
