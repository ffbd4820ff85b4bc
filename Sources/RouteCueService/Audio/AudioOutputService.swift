import ALSAOutput
import EventLoopKit
import RouteCueCore
import Speech

/// The speech and audio engine, wired together on the event loop: the core's `OutputQueue` decides what
/// plays (priorities, deadlines, policy), the speech renderer renders text (ahead into its cache, or on demand when
/// a due cue was not rendered yet), and the playback device plays clips on the active route's PCM. In the daemon
/// those are the espeak-ng thread and the ALSA thread on `CLOCK_MONOTONIC`; `routecue simulate` gives the same
/// service inline speech and a virtual device on a `ManualLoop`. Reports from both come back as loop jobs;
/// nothing here blocks.
@RouteCueLoop
public final class AudioOutputService {
    /// The settings in force.
    public private(set) var settings: Settings
    /// The loop it runs on: its clock and timers.
    public nonisolated let scheduler: any LoopScheduler
    /// Where speech comes from.
    public nonisolated let speech: any SpeechRendering
    /// The pre-rendered speech.
    public nonisolated var cache: SpeechCache { speech.cache }
    /// The audio route's timing as the open device showed it: its latency when larger than configured, and no pre-roll
    /// while the route's PCM is open (opened ahead or held): silence is played first only where it could not be
    /// opened ahead (a hands-free link clips its first syllables while it comes up, not once it is up).
    public private(set) var effectiveTiming: AudioRouteTiming
    /// The PCM the device has open now (nil: closed, or failed).
    private var openDevice: String?

    /// Every report, for each listener in turn.
    private let listeners = Listeners<Report>()
    private var queue: OutputQueue
    /// The playback device; set once in `init`.
    private var playback: (any PlaybackDevice)!
    /// Wakes the queue at its `nextWakeup` (a waiting output's deadline).
    private lazy var wakeTimer = LoopTimer(on: scheduler) { [weak self] in self?.feed(.tick) }
    /// When the queue started each output (its moment of being due), and whether its speech came from the cache.
    private var dueAt: [Int: UInt64] = [:]
    private var cacheHits: [Int: Bool] = [:]
    /// Each output handed to the device: its clip's rate and the frames of pre-roll silence before its words, when its
    /// first frame was handed over, and the PCM it plays on.
    private var clips: [Int: (rate: Int, preRollFrames: Int, handedAt: UInt64?, device: String)] = [:]
    /// Outputs due now whose speech is being synthesized (their result is dropped if they are stopped meanwhile).
    private var synthesizing: Set<Int> = []
    /// Whether `carryOut` is running, and the actions that arose meanwhile.
    private var carryingOut = false
    private var deferredActions: [OutputQueueAction] = []
    /// PCM the UI registered for `application` outputs, by name.
    private var applicationAudio: [String: WAVDecoder.Audio] = [:]
    /// The texts of the cues that can come next (`keepRendered`): never trimmed from the cache.
    private var upcoming: Set<String> = []
    /// The cache's last trim: when (loop nanoseconds) and its use mark then.
    private var lastCacheTrim: (at: UInt64, mark: UInt64)?

    /// The daemon's engine: the espeak-ng thread and the ALSA thread, on RouteCue's event loop (the device opens on
    /// the first output or `openAhead()`). Throws only when a thread cannot be started.
    public convenience init(settings: Settings) throws(SpeechError) {
        let speech = try ThreadedSpeech(cacheBytes: settings.cacheBytes)
        self.init(settings: settings, scheduler: RouteCueLoop.loop, speech: speech) { events in
            AudioPlaybackThread(events: events)
        }
    }

    /// An engine on `scheduler` with `speech` and the device `makeDevice` builds around the event handler it is given.
    public init(settings: Settings, scheduler: any LoopScheduler, speech: any SpeechRendering,
                device makeDevice: (@escaping @Sendable (PlaybackEvent) -> Void) -> any PlaybackDevice) {
        self.settings = settings
        self.scheduler = scheduler
        self.speech = speech
        effectiveTiming = settings.routeTiming
        queue = OutputQueue(policy: settings.policy, startLatency: settings.routeTiming.leadIn)
        playback = makeDevice { [weak self, scheduler] event in
            scheduler.deliver { self?.handle(event) }
        }
        playback.send(.setIdleHold(seconds: settings.idleHold))
    }

    /// Adds a listener of every report; returns the id that removes it.
    @discardableResult
    public func addListener(_ listener: @escaping @RouteCueLoop (Report) -> Void) -> ListenerID {
        listeners.add(listener)
    }

    /// Removes a listener.
    public func removeListener(_ id: ListenerID) {
        listeners.remove(id)
    }

    /// Stops both threads; queued outputs are not played.
    public func shutdown() {
        _ = perform(.stopAndClear)
        playback.shutdown()
        speech.shutdown()
    }

    /// Hands an input to the queue (enqueue, play, clear, skip, stop, policy) and carries out what it decides.
    @discardableResult
    public func perform(_ input: OutputQueueInput) -> [OutputQueueAction] {
        let actions = queue.handle(input, at: scheduler.now)
        carryOut(actions)
        return actions
    }

    /// Queues a cue of the guidance engine, its text read as `markup`. With spatial audio on, a cue about
    /// `maneuver` is panned toward its side and every other cue is centred by the same pan law, so all cues are
    /// equally loud.
    public func enqueue(_ cue: Cue, language: String, markup: CueMarkup = .plain, maneuver: Maneuver?) {
        let pan = settings.spatial.map { spatial in
            spatial.sweep(for: maneuver?.modifier, drivingSide: maneuver?.drivingSide ?? settings.drivingSide)
        }
        perform(.enqueue(OutputRequest(cue: cue, language: language, markup: markup, pan: pan)))
    }

    /// Renders `texts` ahead (the cues that can come next), read as `markup`, so that a due cue starts from ready
    /// PCM; `measured`, when given, hears each text's spoken seconds once it is ready (on the loop).
    public func prerender(_ texts: [String], markup: CueMarkup = .plain,
                          measured: (@RouteCueLoop (String, Double) -> Void)? = nil) {
        trimCacheIfDue()
        let voice = settings.voice.reading(markup)
        guard let measured else {
            speech.renderAhead(texts, settings: voice, rendered: nil)
            return
        }
        speech.renderAhead(texts, settings: voice) { [scheduler] text, result in
            guard case .success(let speech) = result else { return }
            scheduler.deliver { measured(text, speech.duration) }
        }
    }

    /// The cues that can come next are `texts`, each read as `markup(text)`: one not among them before is rendered
    /// ahead (nothing happens when it is ready or in flight), and all stay in the cache through its trims.
    /// New texts are rendered in the order given, never in a `Set`'s (seeded per process): espeak-ng carries state from
    /// one synthesis to the next, so the order decides each text's samples, and a replay must give the same ones.
    public func keepRendered(_ texts: [String], markup: (String) -> CueMarkup) {
        var known = upcoming
        let new = texts.filter { known.insert($0).inserted }
        upcoming = Set(texts)
        guard !new.isEmpty else { return }
        trimCacheIfDue()
        for text in new { speech.renderAhead([text], settings: settings.voice.reading(markup(text)), rendered: nil) }
    }

    /// At most every `cacheTrimSeconds`, when speech is asked for: speech neither stored nor used since the previous
    /// trim leaves the cache unless it is queued, playing, or among the cues that can come next. So the one-off texts
    /// of a long drive (an instruction repeated with the distance of that moment, the cues of maneuvers passed, an
    /// app's prompt) do not pile up to the cache's bound, and its memory stays flat.
    private func trimCacheIfDue() {
        let now = scheduler.nowNanoseconds
        guard let last = lastCacheTrim else {
            lastCacheTrim = (now, cache.useMark)
            return
        }
        guard Double(now &- last.at) >= settings.cacheTrimSeconds * 1e9 else { return }
        var keep = upcoming
        for request in queue.queued + [queue.current].compactMap({ $0 }) {
            if case .speech(let text, _, _) = request.content { keep.insert(text) }
        }
        let mark = cache.useMark
        cache.removeUnused(since: last.mark) { keep.contains($0.text) }
        lastCacheTrim = (now, mark)
    }

    /// Opens the active route's PCM now, playing silence, so a cue due soon starts without opening delay
    /// (a Bluetooth hands-free link clips the first syllables otherwise).
    public func openAhead() {
        playback.send(.open(settings.device))
    }

    /// Closes the device once what was sent to it has played (reported as `deviceClosed`).
    public func closeDevice() {
        playback.send(.close)
    }

    /// Makes `audio` playable as the application output `name`.
    public func registerApplicationAudio(_ audio: WAVDecoder.Audio, named name: String) {
        applicationAudio[name] = audio
    }

    /// Forgets the application output `name` (once it has played: a UI's clips do not pile up).
    public func unregisterApplicationAudio(named name: String) {
        applicationAudio[name] = nil
    }

    /// Pans cues with `spatial` from now on (nil: every cue centred).
    public func setSpatial(_ spatial: SpatialPanning?) {
        settings.spatial = spatial
    }

    /// Speaks with `voice` from now on (a language or markup change; what is pre-rendered for the old voice is not used).
    public func setVoice(_ voice: VoiceSettings) {
        settings.voice = voice
    }

    /// Changes the policy (mute, prompt style, volume factor).
    public func setPolicy(_ policy: OutputPolicy) {
        settings.policy = policy
        perform(.setPolicy(policy))
    }

    /// Switches to another audio route: new outputs play on `device` with `timing`.
    public func setRoute(device: PCMRequest, timing: AudioRouteTiming) {
        settings.device = device
        settings.routeTiming = timing
        effectiveTiming = timing
        perform(.setStartLatency(timing.leadIn))
    }

    /// Whether nothing plays or waits.
    public var isIdle: Bool { queue.current == nil && queue.queued.isEmpty }

    /// The queue's view: what plays and what waits.
    public var current: OutputRequest? { queue.current }
    /// The PCM the output playing now was handed to (nil: nothing plays, or it is still being synthesized and goes to
    /// the route in force when it is ready).
    public var currentDevice: String? { queue.current.flatMap { clips[$0.id]?.device } }
    /// Outputs waiting, in the order they will play.
    public var queued: [OutputRequest] { queue.queued }

    // MARK: - Carrying out the queue's decisions

    /// Carries out `actions`; reports that arise meanwhile (a file that fails to decode) are fed to the queue only
    /// after the whole list, so its events keep their order.
    private func carryOut(_ actions: [OutputQueueAction]) {
        if carryingOut {
            deferredActions += actions
            return
        }
        carryingOut = true
        var list = actions
        while !list.isEmpty {
            for action in list { carryOut(action) }
            list = deferredActions
            deferredActions = []
        }
        carryingOut = false
        rearmTimer()
    }

    private func carryOut(_ action: OutputQueueAction) {
        switch action {
        case .prepare(let request):
            if case .speech(let text, _, let markup) = request.content {
                trimCacheIfDue()
                speech.renderAhead([text], settings: settings.voice.reading(markup), rendered: nil)
            }
        case .start(let request, let rendition, let volume):
            dueAt[request.id] = scheduler.nowNanoseconds
            start(request, rendition: rendition, volume: volume)
        case .stop(let id, let mode):
            if synthesizing.remove(id) != nil {
                // Not handed to ALSA yet: nothing to stop but the wait (the speech still lands in the cache).
                feed(.finished(id: id, .stopped(mode)))
            } else {
                playback.send(.stop(id: id, mode == .immediately ? .immediately : .atWordBoundary))
            }
        case .event(let event):
            if case .didPlay(let id, _) = event {
                dueAt[id] = nil
                cacheHits[id] = nil
                clips[id] = nil
            }
            listeners.notify(.output(event))
        }
    }

    /// Feeds a report from the threads into the queue.
    private func feed(_ input: OutputQueueInput) {
        carryOut(queue.handle(input, at: scheduler.now))
    }

    private func start(_ request: OutputRequest, rendition: OutputRendition, volume: Double) {
        if rendition == .tone {
            play(request, mono: Chime.samples(sampleRate: OutputClips.chimeRate), rate: OutputClips.chimeRate,
                 boundaries: [], volume: volume)
            return
        }
        switch request.content {
        case .speech(let text, _, let markup):
            let voice = settings.voice.reading(markup)
            if let ready = speech.cache.speech(for: text, settings: voice) {
                cacheHits[request.id] = true
                play(request, speech: ready, volume: volume)
                return
            }
            cacheHits[request.id] = false
            let id = request.id
            synthesizing.insert(id)
            speech.speechNow(text, settings: voice) { [weak self, scheduler] result in
                scheduler.deliver { self?.synthesized(id, result, volume: volume) }
            }
        case .audioFile(let path):
            do {
                let audio = try OutputClips.readWAV(path)
                play(request, audio: audio, volume: volume)
            } catch {
                feed(.failed(id: request.id, message: "\(error)"))
            }
        case .application(let name):
            guard let audio = applicationAudio[name] else {
                feed(.failed(id: request.id, message: "no application audio named \"\(name)\""))
                return
            }
            play(request, audio: audio, volume: volume)
        }
    }

    private func synthesized(_ id: Int, _ result: Result<SynthesizedSpeech, SpeechError>, volume: Double) {
        guard synthesizing.remove(id) != nil, let request = queue.current, request.id == id else { return }
        switch result {
        case .success(let speech):
            if let deadline = request.deadline,
               scheduler.now.advanced(bySeconds: effectiveTiming.leadIn) > deadline {
                feed(.failed(id: id, message: "deadline passed during synthesis"))
                return
            }
            play(request, speech: speech, volume: volume)
        case .failure(let error):
            feed(.failed(id: id, message: "\(error)"))
        }
    }

    private func play(_ request: OutputRequest, speech: SynthesizedSpeech, volume: Double) {
        play(request, mono: speech.samples, rate: speech.sampleRate, boundaries: speech.stopPoints, volume: volume)
    }

    private func play(_ request: OutputRequest, audio: WAVDecoder.Audio, volume: Double) {
        if audio.channels == 1 {
            play(request, mono: audio.samples, rate: audio.sampleRate, boundaries: [], volume: volume)
        } else {
            let padded = OutputClips.preceded(bySilence: preRollNow, audio.samples, channels: 2,
                                              rate: audio.sampleRate, boundaries: [])
            let clip = PlaybackClip(id: request.id, samples: padded.samples, channels: 2, sampleRate: audio.sampleRate,
                                    boundaries: [], gain: volume)
            hand(clip, preRollFrames: padded.preRollFrames)
        }
    }

    /// Plays mono PCM, panned toward the maneuver's side when spatial audio is on, after the route's pre-roll
    /// silence (the core's timing counts it: the first word is heard `leadIn` after the start).
    private func play(_ request: OutputRequest, mono: [Int16], rate: Int, boundaries: [Int], volume: Double) {
        var samples = mono
        var channels = 1
        var gain = volume
        if let pan = request.pan {
            samples = StereoRendering.render(mono: mono, gain: volume, pan: pan)
            channels = 2
            gain = 1
        }
        let padded = OutputClips.preceded(bySilence: preRollNow, samples, channels: channels,
                                          rate: rate, boundaries: boundaries)
        let clip = PlaybackClip(id: request.id, samples: padded.samples, channels: channels, sampleRate: rate,
                                boundaries: padded.boundaries, gain: gain)
        hand(clip, preRollFrames: padded.preRollFrames)
    }

    /// Seconds of silence before an output's words now: none while the route's PCM is open.
    private var preRollNow: Double { openDevice == settings.device.device ? 0 : settings.routeTiming.preRoll }

    private func hand(_ clip: PlaybackClip, preRollFrames: Int) {
        clips[clip.id] = (clip.sampleRate, preRollFrames, nil, settings.device.device)
        playback.send(.play(clip, on: settings.device))
    }

    // MARK: - Reports from the audio thread

    private func handle(_ event: PlaybackEvent) {
        switch event {
        case .started(let id, let nanoseconds):
            clips[id]?.handedAt = nanoseconds
            if let due = dueAt[id] {
                let latency = Double(Int64(bitPattern: nanoseconds &- due)) / 1e9
                listeners.notify(.firstSample(id: id, dueToFirstSample: latency, cacheHit: cacheHits[id] ?? false))
            }
            feed(.started(id: id))
        case .finished(let id, let outcome, let played, _):
            if let heard = heardSpan(id, playedSourceFrames: played) {
                listeners.notify(.heard(id: id, from: heard.from, to: heard.to))
            }
            listeners.notify(.playbackEnded(id: id, outcome, playedSourceFrames: played))
            switch outcome {
            case .completed: feed(.finished(id: id, nil))
            case .stoppedAtWordBoundary: feed(.finished(id: id, .stopped(.atWordBoundary)))
            case .stoppedImmediately: feed(.finished(id: id, .stopped(.immediately)))
            case .failed(let message): feed(.failed(id: id, message: message))
            }
        case .opened(let request, let configuration, let latency):
            let current = request.device == settings.device.device
            if current { openDevice = request.device }
            let timing = AudioRouteTiming(outputLatency: max(latency, settings.routeTiming.outputLatency),
                                          preRoll: current ? 0 : settings.routeTiming.preRoll)
            if current {
                effectiveTiming = timing
                perform(.setStartLatency(timing.leadIn))
            }
            listeners.notify(.deviceOpened(request, configuration, timing: timing))
        case .deviceError(let device, let message):
            deviceWentDown(device)
            listeners.notify(.deviceError(device: device, message: message))
        case .underrun:
            listeners.notify(.underrun)
        case .closed(let device):
            deviceWentDown(device)
            listeners.notify(.deviceClosed)
        }
    }

    /// The route's PCM closed or failed: the next output must open it, so its pre-roll counts again.
    private func deviceWentDown(_ device: String) {
        guard device == openDevice else { return }
        openDevice = nil
        guard effectiveTiming.preRoll != settings.routeTiming.preRoll else { return }
        effectiveTiming.preRoll = settings.routeTiming.preRoll
        perform(.setStartLatency(effectiveTiming.leadIn))
    }

    /// When the words of output `id` were heard: from its first frame handed over plus the route's latency and
    /// pre-roll, to the last frame played; nil when none of its words was played.
    private func heardSpan(_ id: Int, playedSourceFrames played: Int) -> (from: MonotonicInstant, to: MonotonicInstant)? {
        guard let clip = clips[id], let handed = clip.handedAt, played > clip.preRollFrames, clip.rate > 0 else { return nil }
        let first = MonotonicInstant(nanoseconds: handed).advanced(bySeconds: effectiveTiming.outputLatency)
        let from = first.advanced(bySeconds: Double(clip.preRollFrames) / Double(clip.rate))
        return (from, first.advanced(bySeconds: Double(played) / Double(clip.rate)))
    }

    private func rearmTimer() {
        wakeTimer.set(queue.nextWakeup)
    }
}
