/// A clip of ready PCM to play: interleaved S16 at its own rate, with the word boundaries speech found in it.
public struct PlaybackClip: Sendable {
    /// The caller's id, echoed in `started` / `finished` and used by `stop(id:)`.
    public var id: Int
    /// Interleaved S16 samples.
    public var samples: [Int16]
    /// Channels in `samples`: 1 or 2.
    public var channels: Int
    /// Sample rate of `samples` in Hz (converted to the device's rate while playing).
    public var sampleRate: Int
    /// Word-boundary frame indices in the source (ascending), where a word-boundary stop may cut.
    public var boundaries: [Int]
    /// Linear gain applied while playing.
    public var gain: Double = 1

    /// A clip with these samples and boundaries.
    public init(id: Int, samples: [Int16], channels: Int, sampleRate: Int, boundaries: [Int], gain: Double = 1) {
        self.id = id
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
        self.boundaries = boundaries
        self.gain = gain
    }

    /// Source frames in the clip.
    public var frameCount: Int { samples.count / max(1, channels) }
}

/// How a stop request ends a clip.
public enum PlaybackStopMode: Sendable, Equatable {
    /// Drop what is queued in the device (`snd_pcm_drop`): silent within one period.
    case immediately
    /// Play on to the next word boundary not yet converted (leaving room for the fade), fading out over ~3 ms
    /// onto it; what is already queued plays out.
    case atWordBoundary
}

/// A message to the audio thread.
public enum PlaybackCommand: Sendable {
    /// Open the PCM ahead (a Bluetooth link needs it) and play silence on it until clips come or the idle hold ends.
    case open(PCMRequest)
    /// Append a clip to the PCM's play list (opening it if needed): clips play back to back.
    case play(PlaybackClip, on: PCMRequest)
    /// Stop the clip with this id, playing or listed (a listed clip is removed unplayed). A clip whose last
    /// frames are already queued (at most two periods) finishes as it would; an unknown id is ignored.
    case stop(id: Int, PlaybackStopMode)
    /// Stop every clip at once on every PCM and clear the lists; the PCMs stay open for the idle hold.
    case stopAll
    /// Close every PCM once what is listed on it has played.
    case close
    /// Keep writing silence this long after the last clip before closing a PCM (default 2 s).
    case setIdleHold(seconds: Double)
}

/// How a clip ended.
public enum PlaybackOutcome: Sendable, Equatable {
    /// Played to its last frame.
    case completed
    /// Cut at a word boundary by `stop(id:, .atWordBoundary)`.
    case stoppedAtWordBoundary
    /// Cut at once by `stop(id:, .immediately)` or `stopAll`.
    case stoppedImmediately
    /// The device could not open or failed while playing.
    case failed(String)
}

/// What the audio thread reports (called on the audio thread: handlers must be quick and must not block).
public enum PlaybackEvent: Sendable {
    /// A PCM opened; `latencySeconds` is the two periods kept queued plus any delay the device adds.
    case opened(PCMRequest, PCMConfiguration, latencySeconds: Double)
    /// A clip's first frame was handed to ALSA at this `CLOCK_MONOTONIC` time.
    case started(id: Int, monotonicNanoseconds: UInt64)
    /// A clip ended and its last frame has left the device queue; `playedSourceFrames` counts source frames.
    case finished(id: Int, PlaybackOutcome, playedSourceFrames: Int, monotonicNanoseconds: UInt64)
    /// The device ran dry and was recovered.
    case underrun(device: String)
    /// A PCM failed to open or to play.
    case deviceError(device: String, message: String)
    /// A PCM was closed.
    case closed(device: String)
}
