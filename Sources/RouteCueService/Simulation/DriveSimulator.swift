import ALSAOutput
import EventLoopKit
import RouteCueCore
import Speech

/// `routecue simulate`: a recorded drive replayed through the daemon's own wiring — engine → `GuidanceAudio` →
/// output queue → audio service — on a `ManualLoop`'s virtual clock. Speech is synthesized by espeak-ng inline (its
/// real duration known before a cue is due, each text once across runs) and played by a `VirtualPlaybackDevice`,
/// which takes real time on the virtual clock and can write the drive's guidance audio into a WAV file or an ALSA
/// PCM timeline. The cue log comes from the wiring's `CueLogRecorder`, its times from what the audio side reported.
public final class DriveSimulator: Sendable {
    /// Everything about speech and audio (voice, route timing, queue policy, spatial audio).
    public let settings: AudioOutputService.Settings
    /// The synthesizer's output rate (the WAV timeline's rate).
    public let sampleRate: Int
    private let speech: InlineSpeech

    /// A simulator speaking with espeak-ng voice `voice` reading cue texts in `markup`, with otherwise default audio
    /// settings (output latency 50 ms, no pre-roll).
    public convenience init(voice: String, markup: CueMarkup = .plain, routeTiming: AudioRouteTiming = AudioRouteTiming()) throws(SpeechError) {
        var settings = AudioOutputService.Settings(device: PCMRequest(device: "simulated"), voice: VoiceSettings(voice: voice),
                                                   routeTiming: routeTiming)
        settings.voice.markup = SpeechMarkup(markup)
        try self.init(settings: settings)
    }

    /// A simulator with the daemon's audio settings (`AudioServiceSettings.make`); checks that the voice exists.
    public init(settings: AudioOutputService.Settings) throws(SpeechError) {
        self.settings = settings
        sampleRate = try SpeechSynthesizer(settings: settings.voice).sampleRate
        speech = InlineSpeech()
    }

    /// Runs `engine` over `fixes` (in file order, `received` from the reader's virtual receive clock); with `audio`,
    /// every spoken cue is written there at its place on the timeline (sample `heard × rate` of the synthesizer's
    /// rate; the timeline starts at the virtual clock's zero), and the sink is finished at the end. `router` answers
    /// reroute requests with a new route. Call from a thread other than the event loop's (the replay runs there as
    /// one job).
    public func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions,
                    audio sink: DriveAudioSink? = nil,
                    router: (@Sendable (RerouteRequest, MonotonicInstant) -> Route?)? = nil) throws -> DriveRecord {
        let start = engine
        let box = sink.map(SinkBox.init)
        let (record, end) = try RouteCueLoop.runAndWait { [self] in
            try DriveReplay(simulator: self, engine: start, sink: box, router: router).run(fixes: fixes, options: options)
        }
        engine = end
        try sink?.finish()
        return record
    }

    /// Runs `engine` over `fixes`; with `wavPath`, writes the audio of every spoken cue at its place in time.
    public func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions,
                    wavPath: String?) throws -> DriveRecord {
        let writer = try wavPath.map { (path) throws(WAVWriteError) in try WAVFileWriter(path: path, sampleRate: sampleRate) }
        return try run(engine: &engine, fixes: fixes, options: options, audio: writer)
    }

    fileprivate var inlineSpeech: InlineSpeech { speech }
}

/// One replay on the loop: the wiring assembled on a `ManualLoop`, the fixes scheduled at their arrival instants, the
/// loop advanced timer by timer until the drive and the tail are over and the last cue has been heard.
@RouteCueLoop
private final class DriveReplay {
    private let loop = ManualLoop()
    private let guidance: GuidanceAudio
    private let device: VirtualPlaybackDevice
    private var recorder: CueLogRecorder!
    private var log: [CueLogEntry] = []
    private var arrivals: [Fix] = []
    private var delivered = 0
    private var events: [(instant: MonotonicInstant, event: ProgressEvent)] = []
    private var reroutes: [(instant: MonotonicInstant, request: RerouteRequest)] = []
    private let router: (@Sendable (RerouteRequest, MonotonicInstant) -> Route?)?

    init(simulator: DriveSimulator, engine: GuidanceEngine, sink: SinkBox?,
         router: (@Sendable (RerouteRequest, MonotonicInstant) -> Route?)?) throws {
        let (service, device) = AudioOutputService.virtual(settings: simulator.settings, loop: loop,
                                                           speech: simulator.inlineSpeech, sink: sink?.sink,
                                                           sinkRate: simulator.sampleRate)
        self.device = device
        guidance = GuidanceAudio(engine: engine, service: service)
        self.router = router
        recorder = CueLogRecorder(guidance: guidance) { [unowned self] entry in self.log.append(entry) }
        guidance.addListener { [unowned self] event in self.observe(event) }
    }

    func run(fixes: [Fix], options: SimulationOptions) throws -> (DriveRecord, GuidanceEngine) {
        arrivals = FixDelivery.arrivals(of: fixes, options: options)
        guidance.followsEngineTimers = !options.fixTriggeredOnly
        let end = (arrivals.last?.received ?? .zero).advanced(bySeconds: options.tailSeconds)
        scheduleNextFix()
        while let due = loop.nextDue, due <= end.nanoseconds {
            loop.advance(to: due)
            if guidance.engine.progress.state == .arrived, delivered >= arrivals.count, guidance.engine.nextWakeup == nil { break }
        }
        // The drive is over: no more engine timers; what is playing or waiting is heard to its end.
        guidance.stopTimers()
        let limit = loop.nowNanoseconds + 600_000_000_000
        while !guidance.service.isIdle || recorder.cuesInFlight > 0, let due = loop.nextDue, due <= limit {
            loop.advance(to: due)
        }
        guidance.service.shutdown()
        loop.runPending()
        recorder.detach()
        if let failure = device.sinkFailure { throw DriveAudioError(message: failure) }
        log.sort { $0.seq < $1.seq }
        let record = DriveRecord(log: log, reroutes: reroutes, events: events, mapping: FixTimeMapping(fixes: fixes),
                                 fixCount: fixes.count)
        return (record, guidance.engine)
    }

    /// Delivers the next fix at its arrival instant (one timer at a time: a long drive holds no timer per fix).
    private func scheduleNextFix() {
        guard delivered < arrivals.count else { return }
        let fix = arrivals[delivered]
        _ = try? loop.schedule(atNanoseconds: fix.received.nanoseconds) { [unowned self] in
            RouteCueLoop.assumeIsolated {
                self.delivered += 1
                self.guidance.handle(.fix(fix))
                self.scheduleNextFix()
            }
        }
    }

    private func observe(_ event: GuidanceAudio.Event) {
        switch event {
        case .action(.progress(let progress)):
            events.append((loop.now, progress))
        case .action(.reroute(let request)):
            let now = loop.now
            reroutes.append((now, request))
            if let route = router?(request, now) {
                try? loop.execute { RouteCueLoop.assumeIsolated { self.guidance.handle(.newRoute(route)) } }
            }
        default:
            break
        }
    }
}

/// Writing the drive's guidance audio failed.
public struct DriveAudioError: Error, CustomStringConvertible {
    /// What failed.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension SpeechMarkup {
    /// How espeak-ng reads text the engine rendered in `markup`.
    public init(_ markup: CueMarkup) {
        switch markup {
        case .plain: self = .plain
        case .ssml: self = .ssml
        case .ssmlWithPhonemes: self = .ssmlWithPhonemes
        }
    }
}

extension VoiceSettings {
    /// These settings reading text as `markup` (each output says how its text is read).
    public func reading(_ markup: CueMarkup) -> VoiceSettings {
        var settings = self
        settings.markup = SpeechMarkup(markup)
        return settings
    }
}
