import ALSAOutput
import RouteCueCore
import Speech

extension AudioOutputService {
    /// What the service reports to its owner (the daemon's D-Bus signals, `routecue say`, tests, the bench).
    public enum Report: Sendable {
        /// The queue's should-play / will-play / did-play events.
        case output(OutputEvent)
        /// The first sample of output `id` was handed to ALSA, `dueToFirstSample` seconds after the queue started it
        /// (at once when it was queued to an idle queue; synthesis on a cache miss included).
        case firstSample(id: Int, dueToFirstSample: Double, cacheHit: Bool)
        /// The audio thread ended output `id`: how, and how many of its source frames (at the clip's rate,
        /// pre-roll included) were handed to the device.
        case playbackEnded(id: Int, PlaybackOutcome, playedSourceFrames: Int)
        /// The words of output `id` were heard from `from` to `to` (its first frame handed to the device plus the
        /// route's output latency and pre-roll, to its last frame played): reported when it ended, before
        /// `playbackEnded`, unless none of its words was played.
        case heard(id: Int, from: MonotonicInstant, to: MonotonicInstant)
        /// The device was opened: its configuration and output latency, for the core's timing.
        case deviceOpened(PCMRequest, PCMConfiguration, timing: AudioRouteTiming)
        /// The device failed (to open, or while playing); outputs on it end cancelled.
        case deviceError(device: String, message: String)
        /// The device underran (a write came late); playback recovered.
        case underrun
        /// The device was closed (after its idle hold, or `closeDevice()`): everything sent has been heard.
        case deviceClosed
    }

    /// Everything the service needs to know about the car.
    public struct Settings: Sendable {
        /// The PCM of the active audio route and its parameters.
        public var device: PCMRequest
        /// Latency and pre-roll of the active audio route, as configured.
        public var routeTiming: AudioRouteTiming
        /// The voice cues are spoken in.
        public var voice: VoiceSettings
        /// The most bytes the pre-rendered speech may take.
        public var cacheBytes: Int
        /// Seconds between trims of the speech cache: speech not used for that long (at most twice that), and not
        /// queued or among the cues that can come next, leaves it.
        public var cacheTrimSeconds = 300.0
        /// Panning of maneuver cues toward their side, or nil for centred speech.
        public var spatial: SpatialPanning?
        /// The side traffic drives on (a U-turn is panned to the side it is made on).
        public var drivingSide: DrivingSide = .right
        /// Seconds the device is kept open playing silence after the last output.
        public var idleHold: Double
        /// Queue policy: mute, prompt style, volume.
        public var policy: OutputPolicy

        /// Settings for `device` speaking with `voice`; the rest at their defaults.
        public init(device: PCMRequest, voice: VoiceSettings, routeTiming: AudioRouteTiming = AudioRouteTiming(),
                    cacheBytes: Int = 8 << 20, spatial: SpatialPanning? = nil, idleHold: Double = 2,
                    policy: OutputPolicy = OutputPolicy()) {
            self.device = device
            self.voice = voice
            self.routeTiming = routeTiming
            self.cacheBytes = cacheBytes
            self.spatial = spatial
            self.idleHold = idleHold
            self.policy = policy
        }
    }
}
