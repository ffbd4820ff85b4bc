/// The `audio` section besides the route timings: which route plays, the voice, the device parameters, the queue's
/// policy and the pre-rendering bound. The service turns these into its speech, ALSA and queue settings.
public struct AudioSettings: Sendable, Equatable {
    /// The espeak-ng voice parameters (the voice itself comes from the language's phrase pack).
    public struct Voice: Sendable, Equatable {
        /// Words per minute (espeak-ng 80…450; 175 is its normal rate).
        public var wordsPerMinute = 175
        /// espeak-ng volume, 0…200 (100 normal).
        public var volume = 100
        /// espeak-ng pitch, 0…100 (50 normal).
        public var pitch = 50
        /// An espeak-ng voice variant such as `f3` (spoken as `voice+f3`), or nil for the voice's own.
        public var variant: String?
        /// The defaults.
        public init() {}
    }

    /// The ALSA parameters RouteCue asks of every PCM (the device may grant nearby values).
    public struct Device: Sendable, Equatable {
        /// Frames per second.
        public var rate = 48000
        /// Channels (2 for panned cues; a mono device gets the channels mixed down).
        public var channels = 2
        /// Period length in milliseconds (5–10 ms, so stop and preemption act within milliseconds).
        public var periodMilliseconds = 8.0
        /// Periods in the device buffer (RouteCue never queues more than two).
        public var periods = 4
        /// Seconds the PCM stays open playing silence after the last output, so a burst of cues opens it once.
        public var idleHoldSeconds = 2.0
        /// The defaults.
        public init() {}
    }

    /// What each audio route plays on, besides its timing.
    public struct Route: Sendable, Equatable {
        /// The ALSA PCM name, or nil when it is found at run time (`hfp`: the connected hands-free device's
        /// `bluealsa:DEV=…,PROFILE=sco`).
        public var pcm: String?
        /// Seconds before a due cue to open the PCM (a Bluetooth hands-free link needs time to come up).
        public var openAheadSeconds: Double
        /// The PipeWire `media.role` of the stream (`Navigation`: the session's role-based policy ducks the music
        /// for it), for a `pcm` of pipewire-alsa (`pipewire`, `pipewire:NODE=…`); nil: none.
        public var mediaRole: String?
        /// A route on `pcm`, opened `openAheadSeconds` before a due cue, its stream of `mediaRole`.
        public init(pcm: String?, openAheadSeconds: Double, mediaRole: String? = nil) {
            self.pcm = pcm
            self.openAheadSeconds = openAheadSeconds
            self.mediaRole = mediaRole
        }

        /// The PCM to open: `pcm` with the role as pipewire-alsa's `ROLE` argument (`pipewire:ROLE=Navigation`).
        public var device: String? {
            guard let pcm, let mediaRole else { return pcm }
            return pcm + (pcm.contains(":") ? "," : ":") + "ROLE=" + mediaRole
        }

        /// Whether `pcm` names pipewire-alsa's PCM (`pipewire`, with or without arguments).
        public static func isPipeWire(_ pcm: String) -> Bool {
            pcm == "pipewire" || pcm.hasPrefix("pipewire:")
        }
    }

    /// The audio route used when nothing else is chosen (`default`, `speaker`, `hfp`).
    public var route = AudioRouteName.default
    /// Volume factor of every output, 0…1.
    public var volume = 1.0
    /// How prompts are given when no call is active: `normal`, `short`, `tone` or `none`.
    public var promptStyle = PromptStyle.normal
    /// Whether maneuver cues are panned toward their side.
    public var spatialEnabled = false
    /// The azimuths and sweep of panned cues.
    public var spatial = SpatialPanning()
    /// Most bytes of pre-rendered speech kept ready (8 MiB holds about three minutes of espeak-ng speech).
    public var cacheBytes = 8 << 20
    /// The voice parameters.
    public var voice = Voice()
    /// The device parameters.
    public var device = Device()
    /// Per route: PCM and open-ahead time.
    public var routes: [AudioRouteName: Route] = [
        .default: Route(pcm: "default", openAheadSeconds: 0),
        .speaker: Route(pcm: "default", openAheadSeconds: 0),
        .handsFree: Route(pcm: nil, openAheadSeconds: 2),
    ]

    /// The built-in defaults.
    public init() {}

    /// The queue's policy these settings give (not muted).
    public var policy: OutputPolicy { OutputPolicy(muted: false, promptStyle: promptStyle, volume: volume) }
}
