/// One clip on its way to a device: converts its source a little ahead of the writes, and knows where a
/// word-boundary stop cuts it. Owned by the audio thread.
final class ClipPlayer {
    /// The clip being played.
    let clip: PlaybackClip
    /// How the clip will end if nothing else happens (`.completed` until a stop changes it).
    private(set) var outcome: PlaybackOutcome = .completed
    /// Source frames that will have been played when the clip ends: its length, or the boundary it is cut at.
    private(set) var limit: Int
    /// The route's written-frame count when the clip's first frame was written (nil before).
    var deviceStart: Int?

    private var converter: FrameConverter
    private var fadeStart: Int?
    private var pending: [Int16] = []
    private var pendingOffset = 0
    private static let fadeSeconds = 0.003

    /// A player converting `clip` to `configuration`'s rate and channels.
    init(clip: PlaybackClip, configuration: PCMConfiguration) {
        self.clip = clip
        limit = clip.frameCount
        converter = FrameConverter(
            sourceRate: clip.sampleRate, sourceChannels: clip.channels,
            deviceRate: configuration.rate, deviceChannels: configuration.channels, gain: clip.gain)
    }

    /// Whether every frame up to `limit` has been converted and handed out.
    var isExhausted: Bool { converter.isFinished && pendingOffset == pending.count }

    /// Up to `frames` converted device frames, interleaved, ready to write (fewer only at the clip's end).
    func next(frames: Int) -> ArraySlice<Int16> {
        let channels = converter.deviceChannels
        while (pending.count - pendingOffset) / channels < frames && !converter.isFinished {
            let cursor = converter.sourceFramesConsumed
            if cursor >= limit {
                pending += converter.finish()
                break
            }
            let wanted = frames * clip.sampleRate / converter.deviceRate + 16
            let count = min(limit - cursor, max(64, wanted))
            pending += converter.convert(sourceSamples(from: cursor, count: count))
        }
        let available = (pending.count - pendingOffset) / channels
        let take = min(frames, available)
        return pending[pendingOffset..<(pendingOffset + take * channels)]
    }

    /// Marks `frames` of what `next` gave as written to the device.
    func consumed(frames: Int) {
        pendingOffset += frames * converter.deviceChannels
        if pendingOffset == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
        }
    }

    /// Cuts the clip at the first word boundary after what has been converted that leaves room for a fade of
    /// about 3 ms ending on it (the clip's end if none); returns that boundary.
    @discardableResult
    func stopAtWordBoundary() -> Int {
        if outcome == .completed { outcome = .stoppedAtWordBoundary }
        guard !converter.isFinished else { return limit }
        let cursor = converter.sourceFramesConsumed
        let fadeFrames = Int(Self.fadeSeconds * Double(clip.sampleRate))
        let boundary = clip.boundaries.first { $0 >= cursor + fadeFrames && $0 <= limit } ?? limit
        limit = boundary
        fadeStart = max(cursor, boundary - fadeFrames)
        return boundary
    }

    /// Source frames heard so far when the device has played `playedDeviceFrames` of the route's frames.
    func playedSourceFrames(routePlayed playedDeviceFrames: Int) -> Int {
        guard let deviceStart else { return 0 }
        let played = max(0, playedDeviceFrames - deviceStart)
        return min(limit, played * clip.sampleRate / converter.deviceRate)
    }

    /// The source samples of frames `start..<start+count`, faded where they overlap the fade before `limit`.
    private func sourceSamples(from start: Int, count: Int) -> ArraySlice<Int16> {
        let channels = clip.channels
        let slice = clip.samples[(start * channels)..<((start + count) * channels)]
        guard let fadeStart, start + count > fadeStart else { return slice }
        var faded = Array(slice)
        let length = Double(max(1, limit - fadeStart))
        for frame in max(start, fadeStart)..<(start + count) {
            let gain = max(0, Double(limit - frame) / length)
            for channel in 0..<channels {
                let index = (frame - start) * channels + channel
                faded[index] = Int16((Double(faded[index]) * gain).rounded())
            }
        }
        return faded[...]
    }
}
