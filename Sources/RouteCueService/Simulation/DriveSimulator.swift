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
    /// `speech` keeps what espeak-ng rendered: one shared with another wiring plays the very same samples there.
    public init(settings: AudioOutputService.Settings, speech: InlineSpeech = InlineSpeech()) throws(SpeechError) {
        self.settings = settings
        sampleRate = try SpeechSynthesizer(settings: settings.voice).sampleRate
        self.speech = speech
    }

    /// Runs `engine` over `fixes` (in file order, `received` from the reader's virtual receive clock); with `audio`,
    /// every spoken cue is written there at its place on the timeline (sample `heard × rate` of the synthesizer's
    /// rate; the timeline starts at the virtual clock's zero), and the sink is finished at the end. `router` answers
    /// reroute requests with a new route. Call from a thread other than the event loop's (the replay runs there as
    /// one job).
    /// With `journal`, the guidance journal is kept in its directory as `routecue run` keeps it, and the drive may end
    /// in a power cut.
    public func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions,
                    audio sink: DriveAudioSink? = nil,
                    router: (@Sendable (RerouteRequest, MonotonicInstant) -> Route?)? = nil,
                    journal: SimulationJournal? = nil) throws -> DriveRecord {
        let start = engine
        let box = sink.map(SinkBox.init)
        let (record, end) = try RouteCueLoop.runAndWait { [self] in
            try DriveReplay(simulator: self, engine: start, sink: box, router: router, journal: journal).run(fixes: fixes, options: options)
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
    private let journal: SimulationJournal?
    private var keeper: GuidanceJournalKeeper?

    init(simulator: DriveSimulator, engine: GuidanceEngine, sink: SinkBox?,
         router: (@Sendable (RerouteRequest, MonotonicInstant) -> Route?)?, journal: SimulationJournal?) throws {
        let (service, device) = AudioOutputService.virtual(settings: simulator.settings, loop: loop,
                                                           speech: simulator.inlineSpeech, sink: sink?.sink,
                                                           sinkRate: simulator.sampleRate)
        self.device = device
        guidance = GuidanceAudio(engine: engine, service: service)
        self.router = router
        self.journal = journal
        recorder = CueLogRecorder(guidance: guidance) { [unowned self] entry in self.log.append(entry) }
        guidance.addListener { [unowned self] event in self.observe(event) }
        if let journal {
            let keeper = GuidanceJournalKeeper(directory: journal.directory, writing: .inline, scheduler: loop, log: journal.log,
                                               wallClock: journal.wallClock)
            keeper.follow(guidance, source: journal.source, resumed: journal.resumed)
            self.keeper = keeper
        }
    }

    func run(fixes: [Fix], options: SimulationOptions) throws -> (DriveRecord, GuidanceEngine) {
        arrivals = FixDelivery.arrivals(of: fixes, options: options)
        guidance.followsEngineTimers = !options.fixTriggeredOnly
        var end = (arrivals.last?.received ?? .zero).advanced(bySeconds: options.tailSeconds)
        let cut = journal?.powerCutSeconds.map { (arrivals.first?.received ?? .zero).advanced(bySeconds: max(0, $0)) }
        if let cut { end = min(end, cut) }
        scheduleNextFix()
        while let due = loop.nextDue, due <= end.nanoseconds {
            loop.advance(to: due)
            if guidance.engine.progress.state == .arrived, delivered >= arrivals.count, guidance.engine.nextWakeup == nil { break }
        }
        if let cut, loop.now <= cut, delivered < arrivals.count || loop.nextDue != nil {
            // The power is cut: nothing more happens, not even the end of the cue playing.
            recorder.detach()
            log.sort { $0.seq < $1.seq }
            journal?.report(keeper?.statistics ?? .init())
            return (DriveRecord(log: log, reroutes: reroutes, events: events, mapping: FixTimeMapping(fixes: fixes),
                                fixCount: fixes.count), guidance.engine)
        }
        // The drive is over: no more engine timers; what is playing or waiting is heard to its end.
        guidance.stopTimers()
        let limit = loop.nowNanoseconds + 600_000_000_000
        while !guidance.service.isIdle || recorder.cuesInFlight > 0, let due = loop.nextDue, due <= limit {
            loop.advance(to: due)
        }
        keeper?.finish {}
        guidance.service.shutdown()
        loop.runPending()
        recorder.detach()
        journal?.report(keeper?.statistics ?? .init())
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

/// The guidance journal of a simulated drive (`simulate --state-dir`): where it is kept, and a power cut.
public struct SimulationJournal: Sendable {
    /// The state directory.
    public var directory: StateDirectory
    /// Where the route came from (written into the journal).
    public var source: String
    /// The drive ends this many seconds after its first fix arrives as if the power were cut: no last write, the cue
    /// playing not heard to its end (nil: none).
    public var powerCutSeconds: Double?
    /// The journal the drive's engine was resumed from (its route file is on disk already).
    public var resumed: GuidanceJournal?
    /// The time written into the journal (seconds since 1970).
    public var wallClock: @Sendable () -> Double
    /// The journal's log lines.
    public var log: DaemonLog
    /// Hears what the journal wrote, at the end of the drive.
    public var report: @Sendable (GuidanceJournalKeeper.Statistics) -> Void

    /// A journal in `directory` for a route from `source`.
    public init(directory: StateDirectory, source: String, resumed: GuidanceJournal? = nil, powerCutSeconds: Double? = nil, log: DaemonLog,
                wallClock: @escaping @Sendable () -> Double = { WallClock.unixSeconds() },
                report: @escaping @Sendable (GuidanceJournalKeeper.Statistics) -> Void = { _ in }) {
        self.directory = directory
        self.source = source
        self.resumed = resumed
        self.powerCutSeconds = powerCutSeconds
        self.log = log
        self.wallClock = wallClock
        self.report = report
    }
}
