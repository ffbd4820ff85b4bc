import ALSAOutput
import DBusKit
import Dispatch
import EventLoopKit
import Glibc
import RouteCueCore
import Speech

/// `routecue run`: the head unit's one process, as a composition root. It builds the parts — `RouteLoader` (where
/// routes come from), `AudioRouting` (which route speaks, the policy in force), `ApplicationOutputs` (the UI's Speak
/// and PlayFile), `CarAudio` (hands-free device, ducking, calls), `ControlSignals` (what the UI hears) — connects them
/// and owns the life cycle (`DaemonPhase`), the gpsd client, the guidance engine speaking through the audio service
/// (the very `GuidanceAudio` wiring `simulate` replays), the cue log, the log on standard error and systemd's
/// notifications and watchdog. SIGTERM/SIGINT stop the cue at its next word boundary and exit 0, SIGHUP reloads the
/// configuration (a bad file keeps the running one). Bad input — a route that does not import, a device that does not
/// open, gpsd gone — is a log line, never the end. It runs on a `DaemonEnvironment`: the process's loop and audio, or
/// a `ManualLoop` and a virtual sink in tests.
@RouteCueLoop
public final class GuidanceDaemon {
    /// The command line's options.
    public let options: DaemonOptions
    /// The log.
    public let log: DaemonLog
    /// The configuration in force.
    public internal(set) var config = RouteCueConfiguration() {
        didSet { routing?.config = config }
    }
    /// The gpsd client.
    public private(set) var gps: GPSClient!
    /// The audio service.
    public private(set) var audio: AudioOutputService!
    /// The guidance, once a route is loaded.
    public internal(set) var guidance: GuidanceAudio?

    private let environment: DaemonEnvironment
    /// The loop's clock and timers (`environment.scheduler`).
    let scheduler: any LoopScheduler
    private let finished: @Sendable (DaemonExit) -> Void
    var language: LanguageChoice?
    var wording = CueWording.plainEnglish
    var recorder: CueLogRecorder?
    private var cueLog: CueLogFile?
    /// Where the daemon is in its life.
    public private(set) var phase = DaemonPhase.starting
    /// What systemd hears: READY, STATUS, WATCHDOG, RELOADING, STOPPING.
    private lazy var systemd: SystemdStatus = {
        let status = SystemdStatus(scheduler: scheduler, log: log) { [unowned self] in self.statusText() }
        status.logChange = { [unowned self] line in self.gpsLog(.info, line) }
        return status
    }()
    /// Lines about a flapping GPS feed and the status it sets are written once per episode of trouble.
    private var gpsTrouble = RepeatedTroubleFilter()
    private lazy var stopTimer = LoopTimer(on: scheduler) { [weak self] in self?.stopDeadline() }
    /// How long a stop waits for a device that never answers, and then for the journal's last write (a slow disk),
    /// well within the 5 s systemd's unit allows.
    private static let stopSeconds = 0.8, journalStopSeconds = 3.0
    private lazy var trimTimer = LoopTimer(on: scheduler) { [weak self] in self?.trimHeap() }

    /// The bus the control interface is offered on (nil with `--bus none`), and what the UI hears on it.
    var control: ControlBus?
    var signals: ControlSignals?
    /// The route guided along, or loaded and waiting for Start.
    var loadedRoute: Route?
    /// The guidance journal in the state directory (none without one, or with `journal.resume` off).
    var journal: GuidanceJournalKeeper?
    /// A journal found at start and offered to the UI (`journal.resume: ask`), until it resumes or discards it.
    var offeredJournal: StoredJournal?
    /// What became of the journal found at start.
    var journalState = JournalState.none
    /// The journal's last write on stopping is under way.
    private(set) var journalFlushing = false
    /// The stop's deadline was moved once for the journal's last write.
    private var journalWaited = false
    /// Maneuvers a cue has been spoken for (GetManeuvers' `announced`).
    var announcedManeuvers: Set<Int> = []
    /// Where routes come from: the start file, D-Bus documents, the routing engine's reroutes.
    lazy var routes: RouteLoader = {
        let routes = RouteLoader(scheduler: scheduler, log: log)
        routes.onRoute = { [weak self] route, source in self?.load(route, from: source) }
        routes.onChange = { [weak self] in self?.signals?.publishGuidance() }
        routes.guided = { [weak self] in self?.guidance?.engine }
        return routes
    }()
    /// Which audio route speaks, and the queue's policy in force (once the audio has started).
    var routing: AudioRouting!
    /// What the UI asked to be played besides the guidance (Speak, PlayFile).
    var outputs: ApplicationOutputs!
    /// The car's audio world: the hands-free device, the ducked music, phone calls (after READY).
    var carAudio: CarAudio?
    /// The music ducker, once the car's audio has started.
    var ducker: MediaDucker? { carAudio?.ducker }
    /// Whether a phone call is going on.
    var inCall: Bool { carAudio?.inCall ?? false }
    /// Reads and parses files off the loop: the configuration on SIGHUP, a language's phrases for SetOptions.
    lazy var files = BackgroundWork(label: "daemon-files", scheduler: scheduler)
    /// How often freed heap is handed back to the system.
    private static let trimSeconds = 30.0

    /// Runs the daemon until it stops; returns its exit status. Call on the main thread, after blocking
    /// `ProcessSignals.daemon` and before anything else starts a thread.
    public nonisolated static func run(_ options: DaemonOptions, log: DaemonLog = DaemonLog()) -> DaemonExit {
        let outcome = LockedValue<DaemonExit?>(nil)
        let done = DispatchSemaphore(value: 0)
        let finished: @Sendable (DaemonExit) -> Void = { exit in
            outcome.withLock { $0 = $0 ?? exit }
            done.signal()
        }
        do {
            try RouteCueLoop.loop.execute {
                RouteCueLoop.assumeIsolated {
                    let daemon = GuidanceDaemon(options: options, log: log, environment: .process) { exit in
                        RouteCueLoop.assumeIsolated { Self.signals?.cancel() }
                        finished(exit)
                    }
                    Self.running = daemon
                    // SIGTERM/SIGINT stop, SIGHUP reloads (blocked since `main`, so none is lost before this).
                    do {
                        Self.signals = try RouteCueLoop.loop.watchSignals(ProcessSignals.daemon) { signal in
                            RouteCueLoop.assumeIsolated { Self.running?.received(signal) }
                        }
                    } catch {
                        log.error("signals cannot be watched: \(error)")
                        return finished(.runtimeFailure)
                    }
                    daemon.start()
                }
            }
        } catch {
            log.error("the event loop cannot run: \(error)")
            return .runtimeFailure
        }
        done.wait()
        return outcome.withLock { $0 ?? .runtimeFailure }
    }

    /// The daemon of this process (kept alive while it runs).
    private static var running: GuidanceDaemon?
    /// The process's signals, watched while the daemon runs.
    private static var signals: SignalWatch?

    /// A daemon per `options` on `environment`; `finished` hears its exit status once it has ended. `start()` starts it.
    public init(options: DaemonOptions, log: DaemonLog, environment: DaemonEnvironment,
                finished: @escaping @Sendable (DaemonExit) -> Void) {
        self.options = options
        self.log = log
        self.environment = environment
        scheduler = environment.scheduler
        self.finished = finished
    }

    // MARK: - Starting

    /// Reads the configuration, opens the audio, connects to gpsd, loads the start route, tells systemd READY=1, then
    /// offers the control interface and follows the car's audio. A configuration that does not read ends it.
    public func start() {
        log.info("routecue starting (pid \(getpid()))")
        do {
            config = try ConfigurationFile.load(options.configPath)
            language = try LanguageChoice(language: options.language, phrases: options.phrases)
            wording = try Self.wording(language, markup: .plain, names: config.names)
            if let note = language?.note { log.info(note) }
            log.level = options.logLevel ?? config.logging.level
            if let path = options.cuesPath { cueLog = try CueLogFile(path: path) }
            if let directory = options.stateDirectory { try StateDirectory(path: directory).create() }
            routes.importOptions = config.importOptions
            routes.importer.engine = try routingEngine(config)
            if let engine = routes.importer.engine { log.info("routing engine \(engine.endpoint): \(engine.kind)") }
        } catch {
            log.error("\(error)")
            end(.configuration)
            return
        }
        do {
            audio = try environment.makeAudio(audioSettings())
        } catch {
            log.error("audio cannot start: \(error)")
            end(.runtimeFailure)
            return
        }
        audio.addListener { [weak self] report in self?.heard(report) }
        outputs = ApplicationOutputs(audio: audio)
        routing = AudioRouting(audio: audio, config: config, defaultDevice: options.device, followsBlueZ: options.bus != nil)
        routing.onTiming = { @RouteCueLoop [weak self] timing, openAhead in
            self?.guidance?.handle(.audioRoute(timing))
            if let openAhead { self?.guidance?.openAheadSeconds = openAhead }
        }
        routing.onActiveRoute = { @RouteCueLoop [weak self] route, why in
            self?.log.info("audio route: \(route) (\(why))")
            self?.signals?.routeChanged(to: route, why: why)
        }
        // The configured route may have no device yet (`hfp` before BlueZ is asked): ActiveRoute says what plays.
        routing.apply(reason: "start")
        do {
            gps = GPSClient(settings: try gpsSettings(), scheduler: scheduler)
        } catch {
            log.error("\(error)")
            end(.configuration)
            return
        }
        gps.addListener { [weak self] event in self?.gpsReported(event) }
        gps.start()
        // A journal resumed replaces the start file's route: it is the driver's latest, and it was under way.
        openJournal { [weak self] resumed in
            guard let self, let path = self.options.routePath else { return }
            if resumed {
                self.log.info("start route \(path) not loaded: the journal's route is resumed")
            } else {
                self.routes.loadFile(path)
            }
        }
        let status = systemd.ready()
        phase = .running
        // After READY=1: connecting to the bus (a thread of its own) would only compete with start-up; the name is
        // owned a few milliseconds later.
        startControl()
        startCarAudio()
        log.info("ready: gpsd \(gps.settings.host):\(gps.settings.port), audio on \(audio.settings.device.device), language \(language?.language ?? "en-US"); \(status)")
        if let block = options.blockLoop { scheduleLoopBlock(block) }
        // Start-up parsed the configuration and every phrase pack to choose one: hand what it freed back.
        ProcessMemory.releaseFreeHeap()
        trimTimer.set(scheduler.now.advanced(bySeconds: Self.trimSeconds))
    }

    /// The audio service's settings for the configured route, with `--device` for the `default` route.
    private func audioSettings() -> AudioOutputService.Settings {
        let pcm = AudioRouting.pcm(forRoute: config.audio.route, config: config, defaultDevice: options.device, handsFreePCM: nil)
        var settings = AudioServiceSettings.make(config: config, pcm: pcm,
                                                 voice: language?.voice ?? "en-us")
        settings.voice.markup = SpeechMarkup(wording.markup)
        return settings
    }

    /// The gpsd client's settings from the configuration, with `--gpsd` when given.
    private func gpsSettings() throws -> GPSClient.Settings {
        let g = config.gps
        var settings = GPSClient.Settings(host: g.host, port: g.port, staleAfter: g.staleAfterSeconds, reconnect: g.reconnectPolicy)
        if let endpoint = options.gpsd {
            let parsed = try GPSSettings.endpoint(endpoint)
            settings.host = parsed.host
            settings.port = parsed.port
        }
        return settings
    }

    /// The cues' wording in `choice`'s language (plain English without one), reading its abbreviation tables.
    nonisolated static func wording(_ choice: LanguageChoice?, markup: CueMarkup, names: NameSettings) throws -> CueWording {
        guard let choice else { return .plainEnglish }
        return CueWording(pack: choice.pack, abbreviations: try choice.abbreviations(), markup: markup,
                          names: .configured(names), nameAbbreviations: choice.nameAbbreviations)
    }

    // MARK: - Routes

    /// The routing engine `config` names, for the guidance's language and units (nil: none).
    func routingEngine(_ config: RouteCueConfiguration) throws(InputError) -> RoutingEngine? {
        var settings = config.routing
        if let url = options.engineURL { settings.engineURL = url }
        return try RoutingEngine(settings: settings, language: language?.language ?? options.language, units: config.timingOptions.units,
                          mode: config.timingOptions.mode, limits: config.importSettings)
    }

    /// Guides along `route` from now on (the first route starts the engine; a later one replaces the old route
    /// without repeating what was said); with `resumed`, continues where that journal was.
    public func load(_ route: Route, from source: String, resuming resumed: GuidanceJournal? = nil) {
        log.info("route loaded from \(source): \(route.maneuvers.count) maneuvers, \(GuidanceStatus.distance(route.length)), \(route.legs.count) leg\(route.legs.count == 1 ? "" : "s")")
        loadedRoute = route
        announcedManeuvers = []
        if let guidance {
            guidance.handle(.newRoute(route))
            signals?.publishGuidance()
            return
        }
        let routeName = routing.active ?? config.audio.route
        var engine = GuidanceEngine(route: route, progress: config.progressOptions, timing: config.timingOptions,
                                    audio: audio.effectiveTiming, wording: wording)
        if let resumed { engine.resume(from: resumed.progress, destination: resumed.destination) }
        let guidance = GuidanceAudio(engine: engine, service: audio,
                                     openAheadSeconds: config.audio.routes[routeName]?.openAheadSeconds ?? 0)
        self.guidance = guidance
        guidance.addListener { [weak self] event in self?.guidanceEvent(event) }
        guidance.onNextCue = { [weak self] heard in self?.ducker?.cuePlanned(heard) }
        if let seconds = ducker?.preparationSeconds, seconds > 0 { guidance.handle(.audioPreparation(seconds: seconds)) }
        recorder = CueLogRecorder(guidance: guidance) { [weak self] entry in self?.logged(entry) }
        journal?.follow(guidance, source: source, resumed: resumed)
        updateStatus(force: true)
        signals?.publishGuidance()
    }

    // MARK: - Events

    /// What the gpsd client reports: fixes go to the route loader and the guidance, the feed's state to the log,
    /// systemd's status and D-Bus. (The daemon listens to its client; a test hands events in directly.)
    public func gpsReported(_ event: GPSClient.Event) {
        switch event {
        case .fix(let fix):
            if let leftOut = gpsTrouble.well(at: scheduler.now.seconds) {
                log.info("gps: steady again; \(leftOut) repeated line\(leftOut == 1 ? " was" : "s were") logged at debug level only")
            }
            if let position = fix.position { routes.vehicle(at: position) }
            guidance?.handle(.fix(fix))
            updateStatus(force: false)
            signals?.publishGuidance()
        case .state(let state):
            switch state {
            case .unreachable, .lost: gpsLog(.warning, "gps: \(state)")
            default: gpsLog(.info, "gps: \(state)")
            }
            updateStatus(force: true)
            signals?.publishGuidance()
        case .note(let note):
            gpsLog(.info, "gps: \(note)")
        case .problem(let problem):
            gpsLog(.warning, "gps: \(problem)")
        }
    }

    /// Logs a line about the GPS feed (or the status it sets): a warning starts or keeps an episode of trouble, in
    /// which each kind of line is written once and its repeats only at debug level (`RepeatedTroubleFilter`).
    func gpsLog(_ severity: DaemonLog.Severity, _ line: String) {
        log.log(severity, line, through: &gpsTrouble, at: scheduler.now.seconds)
    }

    private func guidanceEvent(_ event: GuidanceAudio.Event) {
        signals?.guidanceEvent(event)
        guard case .action(let action) = event else { return }
        switch action {
        case .logged(let entry):
            if entry.event == .spoken, let maneuver = entry.maneuver { announcedManeuvers.insert(maneuver) }
        case .progress(let progress):
            switch progress {
            case .acquired(let along): log.info("on the route at \(GuidanceStatus.distance(along)) from its start")
            case .offRoute(let reason): log.warning("off route: \(reason)")
            case .backOnRoute: log.info("back on the route")
            case .waypointReached(let leg, _): log.info("waypoint reached: leg \(leg) done")
            case .waypointSkipped(let leg): log.info("waypoint of leg \(leg) skipped")
            case .arrived:
                if let rest = guidance?.engine.route.unresolvedWaypoints, !rest.isEmpty {
                    log.info("arrived at the last stop that has its way; the rest of the tour (\(rest.count) waypoint\(rest.count == 1 ? "" : "s")) is still asked for")
                } else {
                    log.info("arrived at the destination")
                }
            case .gpsLost: log.info("guidance: no fix, predicting the position")
            case .gpsRegained(let seconds): log.info("guidance: fixes back after \(Int(seconds.rounded())) s")
            case .fixRejected(let reason): log.debug("fix not used: \(reason)")
            case .rerouteRequested: break
            }
            updateStatus(force: true)
            signals?.publishGuidance()
        case .reroute(let request):
            if routes.importer.engine != nil {
                routes.reroute(request)
            } else {
                log.info("reroute needed (\(request.reason), attempt \(request.attempt)); no routing engine is configured")
            }
        default:
            break
        }
    }

    private func heard(_ report: AudioOutputService.Report) {
        switch report {
        case .deviceOpened(let request, let configuration, let timing):
            log.debug("audio device \(request.device) open: \(configuration.rate) Hz, \(configuration.channels) channels, output latency \(Int((timing.outputLatency * 1000).rounded())) ms")
        case .deviceError(let device, let message):
            log.warning("audio device \(device): \(message)")
            if routing.handsFreeFollowsBlueZ {
                // The SCO link broke under a cue while BlueZ may still list the device: default until it changes.
                carAudio?.handsFreePCMFailed(device, message: message)
            }
        case .underrun:
            log.debug("audio underrun (recovered)")
        case .firstSample(let id, let latency, let cacheHit):
            log.debug("playing #\(id): first sample \(Int((latency * 1000).rounded())) ms after due, \(cacheHit ? "pre-rendered" : "synthesized on demand")")
        case .playbackEnded(let id, .stoppedAtWordBoundary, let frames):
            log.info("stopped #\(id) at a word boundary after \(frames) frames")
        case .playbackEnded(let id, .stoppedImmediately, _):
            log.info("stopped #\(id) at once")
        case .output(.awaitingAudio(let id)):
            log.debug("output #\(id) waits for the music to be down")
            ducker?.outputsChanged(busy: true)
        case .output(.willPlay(let id, let rendition)):
            let context = ControlSignals.CueContext(language: language?.language ?? PhrasePackLibrary.defaultLanguage,
                                                    wording: wording, engine: guidance?.engine)
            signals?.willPlay(id, rendition: rendition, context: context, outputs: outputs, inCall: inCall)
            ducker?.outputsChanged(busy: true)
        case .output(.didPlay(let id, let outcome)):
            signals?.didPlay(id, outcome: outcome, quiet: audio.current == nil)
            // A Speak cut off on a lost device goes into the queue again.
            outputs.ended(id)
            // After every listener has heard this report (the cue log records the interrupted cue), when the queue
            // has moved on: the music comes back, or the daemon ends.
            scheduler.deliver { [weak self] in
                guard let self else { return }
                self.ducker?.outputsChanged(busy: !self.audio.isIdle)
                self.endWhenQuiet()
            }
        default:
            break
        }
    }

    /// A cue-log entry: a log line, and a line of the cue log file when one is kept.
    private func logged(_ entry: CueLogEntry) {
        let what = "\(entry.stage?.rawValue ?? entry.kind.rawValue)\(entry.maneuver.map { " m\($0)" } ?? "")"
        let reason = entry.reason.map { " (\($0))" } ?? ""
        switch entry.event {
        case .spoken: log.info("spoken #\(entry.seq) \(what): \"\(entry.text)\"\(reason)")
        case .skipped: log.info("skipped #\(entry.seq) \(what): \"\(entry.text)\"\(reason)")
        case .cancelled: log.warning("cancelled #\(entry.seq) \(what): \"\(entry.text)\"\(reason)")
        }
        guard let cueLog else { return }
        let clock = guidance?.engine.progress.clock
        do {
            try cueLog.append(entry.jsonLine(fixTime: { clock?.fixTime(at: $0) }, monotonic: true))
        } catch {
            log.error("cue log: \(error); no more entries are written")
            self.cueLog = nil
        }
    }

    // MARK: - Status and watchdog

    private func statusText() -> String {
        GuidanceStatus.text(gps: gps?.state ?? .connecting, engine: guidance?.engine, at: scheduler.now)
    }

    /// Sends systemd the status when it changed: at once for a change of state, at most every 2 s for distances.
    func updateStatus(force: Bool) {
        systemd.update(force: force)
    }

    /// `--debug-block-loop`: blocks the loop's thread, so the watchdog pings stop (for testing systemd's watchdog).
    private func scheduleLoopBlock(_ block: (after: Double, duration: Double)) {
        log.warning("debug: the event loop will block for \(block.duration) s after \(block.after) s")
        _ = try? scheduler.schedule(atNanoseconds: scheduler.nowNanoseconds + UInt64(block.after * 1e9)) {
            usleep(UInt32(min(block.duration, 4000) * 1e6))
        }
    }

    /// Hands freed heap back to the system (espeak-ng's and the audio thread's buffers come and go with every cue;
    /// glibc keeps what they freed otherwise), every `trimSeconds`: a few hundred microseconds on the loop.
    private func trimHeap() {
        ProcessMemory.releaseFreeHeap()
        trimTimer.set(scheduler.now.advanced(bySeconds: Self.trimSeconds))
    }

    // MARK: - Signals

    /// A signal of the process: SIGHUP reloads, SIGTERM and SIGINT stop.
    public func received(_ signal: Int32) {
        switch signal {
        case SIGHUP:
            reload()
        case SIGTERM, SIGINT:
            stop(signal == SIGTERM ? "SIGTERM" : "SIGINT")
        default:
            break
        }
    }

    /// Stops: the cue playing ends at its next word boundary, nothing else is spoken, then exit 0 (within 0.8 s
    /// even if the device never answers). A second signal ends at once.
    public func stop(_ why: String) {
        guard !phase.isStopping else {
            end(.stopped)
            return
        }
        phase = .stopping(musicRestored: ducker == nil)
        log.info("stopping (\(why))")
        systemd.stopping()
        control?.stop()
        gps.stop()
        routes.stop()
        // Written before the cue playing is cut: it was not heard whole, so a restart says it again.
        if let journal {
            journalFlushing = true
            journal.finish { [weak self] in
                self?.journalFlushing = false
                self?.endWhenQuiet()
            }
        }
        silenceGuidance()
        ducker?.restoreNow { [weak self] in
            guard let self, case .stopping = self.phase else { return }
            self.phase = .stopping(musicRestored: true)
            self.endWhenQuiet()
        }
        stopTimer.set(scheduler.now.advanced(bySeconds: Self.stopSeconds))
        endWhenQuiet()
    }

    /// No more cues: the engine's timers stop, what is queued is dropped, and the cue playing ends at its next word
    /// boundary (Stop over D-Bus, SIGTERM).
    func silenceGuidance() {
        guidance?.stopTimers()
        audio.perform(.clearQueue)
        audio.perform(.supersedeCurrent)
    }

    /// The stop's deadline: the end, unless the journal's last write is still under way (then up to
    /// `journalStopSeconds` from the stop).
    private func stopDeadline() {
        if journalFlushing, !journalWaited {
            journalWaited = true
            log.info("stopping: waiting for the journal's last write")
            stopTimer.set(scheduler.now.advanced(bySeconds: Self.journalStopSeconds - Self.stopSeconds))
            return
        }
        end(.stopped)
    }

    /// Ends a stop once nothing plays and the music is back.
    private func endWhenQuiet() {
        guard phase == .stopping(musicRestored: true), audio.isIdle, !journalFlushing else { return }
        end(.stopped)
    }

    func end(_ exit: DaemonExit) {
        guard phase != .ended else { return }
        phase = .ended
        systemd.ended()
        recorder?.detach()
        audio?.shutdown()
        control?.stop()
        carAudio?.stop()
        if exit == .stopped { log.info("stopped") }
        finished(exit)
    }

    /// SIGHUP: reads the configuration file again; a file with problems is reported problem by problem and the
    /// running configuration kept. The route and the progress along it are kept either way.
    public func reload() {
        guard let path = ConfigurationFile.chosen(options.configPath) else {
            log.info("reload: no configuration file (\(ConfigurationFile.defaultPath) absent); keeping the built-in defaults")
            return
        }
        systemd.reloading()
        // Read and parsed on the file worker, with the wording rebuilt there when the name settings change (it reads
        // abbreviation tables); the loop goes on meanwhile.
        let language = language, markup = wording.markup, names = config.names
        files.run({ () -> Result<Result<(RouteCueConfiguration, CueWording?), ConfigurationProblems>, InputError> in
            Result { () throws(InputError) in try InputFile.read(path, maxBytes: ConfigurationFile.maxBytes, as: .configuration) }
                .map { bytes in
                    RouteCueConfiguration.parseReportingProblems(bytes).map { new in
                        (new, new.names == names ? nil : try? Self.wording(language, markup: markup, names: new.names))
                    }
                }
        }) { [weak self] outcome in
            guard let self, !self.phase.isStopping else { return }
            defer { self.systemd.reloaded() }
            switch outcome {
            case .failure(let error):
                self.log.error("reload: \(error); keeping the running configuration")
            case .success(.failure(let problems)):
                for problem in problems.problems { self.log.error("reload: \(problem.inFile(path))") }
                self.log.error("reload: \(path) has \(problems.problems.count) problem\(problems.problems.count == 1 ? "" : "s"); keeping the running configuration")
            case .success(.success(let (new, rewording))):
                // SetOptions may have changed the language or the markup meanwhile: then the wording is made again here.
                let current = self.language?.language == language?.language && self.wording.markup == markup
                let again = current || new.names == self.config.names ? nil
                    : try? Self.wording(self.language, markup: self.wording.markup, names: new.names)
                self.apply(new, wording: current ? rewording : again)
                self.log.info("reload: \(path) applied")
            }
        }
    }

    /// Puts `new` in force, with the wording `rewording` when the name settings changed.
    private func apply(_ new: RouteCueConfiguration, wording rewording: CueWording?) {
        routes.importOptions = new.importOptions
        do {
            routes.importer.engine = try routingEngine(new)
        } catch {
            log.error("reload: \(error); tours are read without a routing engine")
            routes.importer.engine = nil
        }
        if let rewording { wording = rewording }
        config = new
        log.level = options.logLevel ?? new.logging.level
        if let settings = try? gpsSettings() { gps.apply(settings) }
        carAudio?.reconfigure(new)
        routing.applyPolicy()
        routing.apply(reason: "configuration reloaded")
        guidance?.reconfigure(timing: new.timingOptions, progress: new.progressOptions, wording: wording)
    }
}
