import ALSAOutput
import RouteCueCore
import Speech

/// The speech and audio engine, wired together on the event loop: the core's `OutputQueue` decides what
/// plays (priorities, deadlines, policy), the `SpeechThread` renders text (ahead into the `SpeechCache`, or on demand
/// when a due cue was not rendered yet), and the `AudioPlaybackThread` plays clips on the active route's ALSA PCM.
/// Reports from both threads come back here as jobs on `RouteCueLoop`; nothing here blocks.
@RouteCueLoop
public final class AudioOutputService {
    /// The settings in force.
    public private(set) var settings: Settings
    /// The pre-rendered speech.
    public nonisolated let cache: SpeechCache
    /// Receives every report, on the loop.
    public var onReport: (@RouteCueLoop (Report) -> Void)?

    private var queue: OutputQueue
    private let speech: SpeechThread
    private let renderer: SpeechPreRenderer
    /// The audio thread; set once in `init`.
    private var playback: AudioPlaybackThread!
    /// Wakes the queue at its `nextWakeup` (a waiting output's deadline).
    private lazy var wakeTimer = LoopTimer { [weak self] in self?.feed(.tick) }
    /// When the queue started each output (its moment of being due), and whether its speech came from the cache.
    private var dueAt: [Int: UInt64] = [:]
    private var cacheHits: [Int: Bool] = [:]
    /// Outputs due now whose speech is being synthesized (their result is dropped if they are stopped meanwhile).
    private var synthesizing: Set<Int> = []
    /// Whether `carryOut` is running, and the actions that arose meanwhile.
    private var carryingOut = false
    private var deferredActions: [OutputQueueAction] = []
    /// PCM the UI registered for `application` outputs, by name.
    private var applicationAudio: [String: WAVDecoder.Audio] = [:]

    /// Starts the speech and audio threads (the device opens on the first output or `openAhead()`).
    /// Throws only when a thread cannot be started.
    public init(settings: Settings) throws(SpeechError) {
        self.settings = settings
        cache = SpeechCache(maxBytes: settings.cacheBytes)
        speech = try SpeechThread()
        renderer = SpeechPreRenderer(thread: speech, cache: cache)
        queue = OutputQueue(policy: settings.policy, startLatency: settings.routeTiming.leadIn)
        playback = AudioPlaybackThread { event in
            Task { @RouteCueLoop [weak self] in self?.handle(event) }
        }
        playback.send(.setIdleHold(seconds: settings.idleHold))
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
        let actions = queue.handle(input, at: MonotonicClock.now())
        carryOut(actions)
        return actions
    }

    /// Queues a cue of the guidance engine. With spatial audio on, a cue about `maneuver` is panned toward its
    /// side and every other cue is centred by the same pan law, so all cues are equally loud.
    public func enqueue(_ cue: Cue, language: String, maneuver: Maneuver?) {
        let pan = settings.spatial.map { spatial in
            spatial.sweep(for: maneuver?.modifier, drivingSide: maneuver?.drivingSide ?? settings.drivingSide)
        }
        perform(.enqueue(OutputRequest(cue: cue, language: language, pan: pan)))
    }

    /// Renders `texts` ahead (the cues that can come next), so that a due cue starts from ready PCM;
    /// `measured`, when given, hears each text's spoken seconds once it is ready (on the loop).
    public func prerender(_ texts: [String], measured: (@RouteCueLoop (String, Double) -> Void)? = nil) {
        guard let measured else {
            renderer.renderAhead(texts, settings: settings.voice)
            return
        }
        renderer.renderAhead(texts, settings: settings.voice) { text, result in
            guard case .success(let speech) = result else { return }
            Task { @RouteCueLoop in measured(text, speech.duration) }
        }
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

    /// Changes the policy (mute, prompt style, volume factor).
    public func setPolicy(_ policy: OutputPolicy) {
        settings.policy = policy
        perform(.setPolicy(policy))
    }

    /// Switches to another audio route: new outputs play on `device` with `timing`.
    public func setRoute(device: PCMRequest, timing: AudioRouteTiming) {
        settings.device = device
        settings.routeTiming = timing
        perform(.setStartLatency(timing.leadIn))
    }

    /// The queue's view: what plays and what waits.
    public var current: OutputRequest? { queue.current }
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
            if case .speech(let text, _) = request.content { renderer.renderAhead([text], settings: settings.voice) }
        case .start(let request, let rendition, let volume):
            dueAt[request.id] = MonotonicClock.nanoseconds()
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
            }
            onReport?(.output(event))
        }
    }

    /// Feeds a report from the threads into the queue.
    private func feed(_ input: OutputQueueInput) {
        carryOut(queue.handle(input, at: MonotonicClock.now()))
    }

    private func start(_ request: OutputRequest, rendition: OutputRendition, volume: Double) {
        if rendition == .tone {
            play(request, mono: Chime.samples(sampleRate: OutputClips.chimeRate), rate: OutputClips.chimeRate,
                 boundaries: [], volume: volume)
            return
        }
        switch request.content {
        case .speech(let text, _):
            if let ready = cache.speech(for: text, settings: settings.voice) {
                cacheHits[request.id] = true
                play(request, speech: ready, volume: volume)
                return
            }
            cacheHits[request.id] = false
            let id = request.id
            synthesizing.insert(id)
            renderer.speechNow(text, settings: settings.voice) { result in
                Task { @RouteCueLoop [weak self] in self?.synthesized(id, result, volume: volume) }
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
               MonotonicClock.now().advanced(bySeconds: settings.routeTiming.leadIn) > deadline {
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
            let padded = OutputClips.preceded(bySilence: settings.routeTiming.preRoll, audio.samples, channels: 2,
                                              rate: audio.sampleRate, boundaries: [])
            let clip = PlaybackClip(id: request.id, samples: padded.samples, channels: 2, sampleRate: audio.sampleRate,
                                    boundaries: [], gain: volume)
            playback.send(.play(clip, on: settings.device))
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
        let padded = OutputClips.preceded(bySilence: settings.routeTiming.preRoll, samples, channels: channels,
                                          rate: rate, boundaries: boundaries)
        let clip = PlaybackClip(id: request.id, samples: padded.samples, channels: channels, sampleRate: rate,
                                boundaries: padded.boundaries, gain: gain)
        playback.send(.play(clip, on: settings.device))
    }

    // MARK: - Reports from the audio thread

    private func handle(_ event: PlaybackEvent) {
        switch event {
        case .started(let id, let nanoseconds):
            if let due = dueAt[id] {
                let latency = Double(Int64(bitPattern: nanoseconds &- due)) / 1e9
                onReport?(.firstSample(id: id, dueToFirstSample: latency, cacheHit: cacheHits[id] ?? false))
            }
            feed(.started(id: id))
        case .finished(let id, let outcome, let played, _):
            onReport?(.playbackEnded(id: id, outcome, playedSourceFrames: played))
            switch outcome {
            case .completed: feed(.finished(id: id, nil))
            case .stoppedAtWordBoundary: feed(.finished(id: id, .stopped(.atWordBoundary)))
            case .stoppedImmediately: feed(.finished(id: id, .stopped(.immediately)))
            case .failed(let message): feed(.failed(id: id, message: message))
            }
        case .opened(let request, let configuration, let latency):
            let timing = AudioRouteTiming(outputLatency: max(latency, settings.routeTiming.outputLatency),
                                          preRoll: settings.routeTiming.preRoll)
            onReport?(.deviceOpened(request, configuration, timing: timing))
        case .deviceError(_, let message):
            onReport?(.deviceError(message))
        case .underrun:
            onReport?(.underrun)
        case .closed:
            onReport?(.deviceClosed)
        }
    }

    private func rearmTimer() {
        wakeTimer.set(queue.nextWakeup)
    }
}
