import ALSAOutput
import DBusKit
import Dispatch
import EventLoopKit
import Glibc
import RouteCueCore
import Speech
import Synchronization

/// `routecue run`: the head unit's one process. On the event loop it owns the gpsd client, the guidance engine
/// speaking through the audio service (the very `GuidanceAudio` wiring `simulate` replays), the cue log, the log on
/// standard error, systemd's notifications and watchdog, and the signals: SIGTERM/SIGINT stop the cue at its next
/// word boundary and exit 0, SIGHUP reloads the configuration (a bad file keeps the running one). Bad input — a
/// route that does not import, a device that does not open, gpsd gone — is a log line, never the end.
@RouteCueLoop
public final class GuidanceDaemon {
    /// The command line's options.
    public let options: DaemonOptions
    /// The log.
    public let log: DaemonLog
    /// The configuration in force.
    public internal(set) var config = RouteCueConfiguration()
    /// The gpsd client.
    public private(set) var gps: GPSClient!
    /// The audio service.
    public private(set) var audio: AudioOutputService!
    /// The guidance, once a route is loaded.
    public internal(set) var guidance: GuidanceAudio?

    private let notifier: SystemdNotifier
    private let finished: @Sendable (DaemonExit) -> Void
    var language: LanguageChoice?
    var wording = CueWording.plainEnglish
    var recorder: CueLogRecorder?
    private var cueLog: CueLogFile?
    private var signals: SignalWatch?
    var stopping = false
    private var ended = false
    /// READY=1 was sent: status updates go to systemd from then on.
    private var isReady = false
    private var lastStatus = ""
    private var lastStatusAt = MonotonicInstant.zero
    private lazy var watchdogTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in self?.watchdogPing() }
    private lazy var stopTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in self?.end(.stopped) }
    private lazy var statusTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in self?.updateStatus(force: true) }
    private lazy var trimTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in self?.trimHeap() }

    // The control interface (GuidanceDaemon+Control.swift).
    /// The bus the interface is offered on (nil with `--bus none`).
    var control: ControlBus?
    /// The route guided along, or loaded and waiting for Start.
    var loadedRoute: Route?
    /// Reads route documents, asking the routing engine for the ways a tour lacks, the maneuvers of lines without
    /// their own, and the traffic signals on routes.
    lazy var routeImporter: RouteImporter = {
        let importer = RouteImporter(engine: nil)
        importer.report = { [weak self] note, isProblem in
            if isProblem { self?.log.warning(note) } else { self?.log.info(note) }
        }
        return importer
    }()
    /// Where the last fix put the vehicle (a tour's first way starts there).
    var lastPosition: Coordinate?
    /// Retries of the route given at start while the routing engine cannot be reached.
    private lazy var routeRetryTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in
        if let path = self?.options.routePath { self?.loadRoute(path) }
    }
    private var routeRetries = 0
    /// True while a reroute request is with the routing engine (the back-off's next request waits for its answer).
    var rerouting = false
    /// The tour given at start that waits for the first fix: its first way is routed from where the car is.
    private var routeAwaitingFix: String?
    /// What the routing engine is doing (D-Bus `RoutingState`): none (no engine configured), unreachable (the last
    /// request did not reach it; RouteCue keeps trying), rerouting, routing (a tour's ways asked for), waiting-for-fix
    /// (a tour waits for the first fix to be routed from the car), ready.
    var routingState: RoutingState {
        RoutingState(engineConfigured: routeImporter.engine != nil, unreachable: routeImporter.engineUnreachable,
                     rerouting: rerouting, busy: routeImporter.isBusy, awaitingFix: routeAwaitingFix != nil)
    }
    /// Maneuvers a cue has been spoken for (GetManeuvers' `announced`).
    var announcedManeuvers: Set<Int> = []
    /// The engine's cues queued or playing, by output id (EventText's words and details).
    var spokenCues: [Int: Cue] = [:]
    /// Texts of Speak requests queued or playing, by output id.
    var applicationTexts: [Int: String] = [:]
    /// Names of PlayFile clips queued or playing (registered with the audio service until they end), by output id.
    var applicationClips: [Int: String] = [:]
    /// Ids of Speak requests (far above the engine's cue numbers).
    var nextApplicationOutput = 1 << 30
    /// Guidance1's values as last sent in PropertiesChanged, position-driven ones at most once a second.
    var guidancePublishing = PropertyChangeThrottle<GuidanceProperty, DBusValue>(positionDriven: GuidanceProperty.positionDriven)
    /// Audio1's Muted, PromptStyle and Volume as the UI set them (they outlive a configuration reload).
    var uiAudio = UIAudioSettings()
    /// Audio1's RequestedRoute (nil: the configuration's `audio.route`), the route in use, and the extra output
    /// latency the UI set (LatencyCompensationMs).
    var requestedRoute: AudioRouteName?
    var activeRoute: AudioRouteName?
    var latencyCompensationMs: UInt32 = 0
    // The car's audio world (GuidanceDaemon+CarAudio.swift).
    /// Lowers the music while cues speak.
    var ducker: MediaDucker?
    /// The session bus of the media players and PipeWire's telephony.
    var sessionLink: BusLink?
    var mediaDirectory: MediaPlayerDirectory?
    /// Phone-call followers, by service name.
    var callMonitors: [String: CallMonitor] = [:]
    /// Whether a phone call is going on.
    var inCall = false
    /// Cues played as a chime because of a call (DidPlay says so).
    var tonesForCall: Set<Int> = []
    /// BlueZ and bluez-alsa: the `hfp` route's device.
    var handsFree: HandsFreeDevices?
    /// The hands-free device the `hfp` route plays on now.
    var hfpDevice: HandsFreeDevice?
    /// A hands-free PCM that failed while BlueZ still lists its device: not used until the device changes.
    var failedHandsFreePCM: String?
    /// Speak requests cut off by a lost hands-free device, to be said again once their DidPlay is out.
    var resaid: [Int: (request: OutputRequest, text: String)] = [:]
    /// The music was put back (or nothing was ducked) after SIGTERM.
    var musicRestored = false
    lazy var publishTimer = LoopTimer(on: RouteCueLoop.loop) { [weak self] in self?.publishProperties() }
    /// How often freed heap is handed back to the system.
    private static let trimSeconds = 30.0

    /// Runs the daemon until it stops; returns its exit status. Call on the main thread, after blocking
    /// `ProcessSignals.daemon` and before anything else starts a thread.
    public nonisolated static func run(_ options: DaemonOptions, log: DaemonLog = DaemonLog()) -> DaemonExit {
        let outcome = Mutex<DaemonExit?>(nil)
        let done = DispatchSemaphore(value: 0)
        let finished: @Sendable (DaemonExit) -> Void = { exit in
            outcome.withLock { $0 = $0 ?? exit }
            done.signal()
        }
        do {
            try RouteCueLoop.loop.execute {
                RouteCueLoop.assumeIsolated {
                    let daemon = GuidanceDaemon(options: options, log: log, finished: finished)
                    Self.running = daemon
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

    init(options: DaemonOptions, log: DaemonLog, finished: @escaping @Sendable (DaemonExit) -> Void) {
        self.options = options
        self.log = log
        self.finished = finished
        notifier = SystemdNotifier()
    }

    // MARK: - Starting

    private func start() {
        log.info("routecue starting (pid \(getpid()))")
        do {
            config = try ConfigurationFile.load(options.configPath)
            language = try LanguageChoice(language: options.language, phrases: options.phrases)
            wording = try Self.wording(language, markup: .plain, names: config.names)
            if let note = language?.note { log.info(note) }
            log.level = options.logLevel ?? config.logging.level
            if let path = options.cuesPath { cueLog = try CueLogFile(path: path) }
            if let directory = options.stateDirectory { try Self.makeDirectory(directory) }
            routeImporter.engine = try routingEngine(config)
            if let engine = routeImporter.engine { log.info("routing engine \(engine.endpoint): \(engine.kind)") }
        } catch {
            log.error("\(error)")
            end(.configuration)
            return
        }
        do {
            audio = try AudioOutputService(settings: audioSettings())
        } catch {
            log.error("audio cannot start: \(error)")
            end(.runtimeFailure)
            return
        }
        audio.addListener { [weak self] report in self?.heard(report) }
        // The configured route may have no device yet (`hfp` before BlueZ is asked): ActiveRoute says what plays.
        applyAudioRoute(reason: "start")
        do {
            gps = GPSClient(settings: try gpsSettings())
        } catch {
            log.error("\(error)")
            end(.configuration)
            return
        }
        gps.addListener { [weak self] event in self?.gpsEvent(event) }
        do {
            signals = try RouteCueLoop.loop.watchSignals(ProcessSignals.daemon) { signal in
                RouteCueLoop.assumeIsolated { [weak self] in self?.received(signal) }
            }
        } catch {
            log.error("signals cannot be watched: \(error)")
            end(.runtimeFailure)
            return
        }
        gps.start()
        if let path = options.routePath { loadRoute(path) }
        let status = statusText()
        notifier.ready(status: status)
        isReady = true
        // After READY=1: connecting to the bus (a thread of its own) would only compete with start-up; the name is
        // owned a few milliseconds later.
        startControl()
        startCarAudio()
        lastStatus = status
        log.info("ready: gpsd \(gps.settings.host):\(gps.settings.port), audio on \(audio.settings.device.device), language \(language?.language ?? "en-US"); \(status)")
        if let interval = notifier.watchdogInterval {
            log.debug("watchdog: pinging systemd every \(interval) s")
            watchdogPing()
        }
        if let block = options.blockLoop { scheduleLoopBlock(block) }
        // Start-up parsed the configuration and every phrase pack to choose one: hand what it freed back.
        ProcessMemory.releaseFreeHeap()
        trimTimer.set(RouteCueLoop.loop.now.advanced(bySeconds: Self.trimSeconds))
    }

    /// The audio service's settings for the configured route, with `--device` for the `default` route.
    private func audioSettings() -> AudioOutputService.Settings {
        var settings = AudioServiceSettings.make(config: config, pcm: pcm(forRoute: config.audio.route),
                                                 voice: language?.voice ?? "en-us")
        settings.voice.markup = SpeechMarkup(wording.markup)
        return settings
    }

    /// The PCM of audio route `name`: `--device` or the configuration's for `default`, the configuration's for the
    /// others (`hfp`: the connected hands-free device's, unless configured); nil when the route has no device now.
    func pcm(forRoute name: AudioRouteName) -> String? {
        switch name {
        case .default: return options.device ?? config.audio.routes[.default]?.pcm
        case .handsFree:
            if let pcm = config.audio.routes[name]?.pcm { return pcm }
            guard let device = hfpDevice, device.pcm != failedHandsFreePCM else { return nil }
            return device.pcm
        case .speaker: return config.audio.routes[name]?.pcm
        }
    }

    /// The gpsd client's settings from the configuration, with `--gpsd` when given.
    private func gpsSettings() throws -> GPSClient.Settings {
        let g = config.gps
        var settings = GPSClient.Settings(host: g.host, port: g.port, staleAfter: g.staleAfterSeconds,
                                          reconnectMinimum: g.reconnectMinimumSeconds, reconnectMaximum: g.reconnectMaximumSeconds)
        if let endpoint = options.gpsd {
            let parsed = try GPSSettings.endpoint(endpoint)
            settings.host = parsed.host
            settings.port = parsed.port
        }
        return settings
    }

    static func wording(_ choice: LanguageChoice?, markup: CueMarkup, names: NameSettings) throws -> CueWording {
        guard let choice else { return .plainEnglish }
        return CueWording(pack: choice.pack, abbreviations: try choice.abbreviations(), markup: markup,
                          names: .configured(names), nameAbbreviations: choice.nameAbbreviations)
    }

    private static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw InputError(.unwritable, input: .stateDirectory, file: path, message: "cannot create the state directory: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Routes

    /// Loads the route or tour at `path`: a file that does not import is an error line and changes nothing. A tour
    /// whose ways the routing engine could not give (unreachable, timed out) is tried again, 2 s later and then
    /// doubling up to a minute.
    public func loadRoute(_ path: String) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: config.importOptions.maxBytes, as: .route)
        } catch {
            log.error("route not loaded: \(error)")
            return
        }
        guard routeImporter.engine != nil, lastPosition == nil else { return importRoute(bytes, from: path) }
        // A tour whose first way starts at the car waits for the first fix (the check parses: off the loop).
        let options = config.importOptions
        routeImporter.offLoop({ TourRouting.startsAtVehicle(bytes, options: options) }) { [weak self] startsAtVehicle in
            guard let self, !self.stopping else { return }
            guard startsAtVehicle, self.lastPosition == nil else { return self.importRoute(bytes, from: path) }
            if self.routeAwaitingFix == nil { self.log.info("\(path): a tour; waiting for the first fix to route its first way from where the car is") }
            self.routeAwaitingFix = path
            self.publishProperties()
        }
    }

    /// Imports the route file `path` read as `bytes`: guides along it, or retries a tour whose ways the engine could
    /// not give, 2 s later and then doubling up to a minute.
    private func importRoute(_ bytes: [UInt8], from path: String) {
        importRoute(bytes, name: path, source: path) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let route):
                self.routeRetries = 0
                self.load(route, from: path)
            case .failure(let error):
                guard error.isTransient else {
                    self.log.error("route not loaded: \(error)")
                    return
                }
                let seconds = min(60, 2 * pow(2, Double(self.routeRetries)))
                self.routeRetries += 1
                self.log.warning("route not loaded yet: \(error); trying again in \(Int(seconds)) s")
                self.routeRetryTimer.set(RouteCueLoop.loop.now.advanced(bySeconds: seconds))
            }
        }
    }

    /// Imports `bytes` (named `name` in errors; `source` in the log) with the import options in force — with a
    /// routing engine, a tour's first way from where the car is; `format` when the caller forces one — asking the
    /// engine for what a tour lacks. `completion` hears the route or the error on the loop, unless RouteCue is
    /// stopping by then. The document's bytes and its parse tree (several times the file) are gone when it hears of a
    /// route: the freed heap is handed back first, or the daemon would keep the import's peak resident for as long as
    /// it runs.
    func importRoute(_ bytes: [UInt8], name: String, source: String, format: RouteFormat? = nil,
                     completion: @escaping @RouteCueLoop (Result<Route, InputError>) -> Void) {
        var options = config.importOptions
        // With an engine, a tour's first way starts where the car is (without one, at the first station).
        if routeImporter.engine != nil { options.vehiclePosition = lastPosition }
        if let format { options.format = format }
        routeImporter.read(bytes, name: name, options: options, asking: { [weak self] asking in
            self?.log.info("\(source): asking the routing engine for \(asking)")
            self?.publishProperties()
        }) { [weak self] result in
            guard let self, !self.stopping else { return }
            self.publishProperties()
            if case .success = result { ProcessMemory.releaseFreeHeap() }
            completion(result)
        }
    }

    /// The routing engine `config` names, for the guidance's language and units (nil: none).
    func routingEngine(_ config: RouteCueConfiguration) throws(InputError) -> RoutingEngine? {
        var settings = config.routing
        if let url = options.engineURL { settings.engineURL = url }
        return try RoutingEngine(settings: settings, language: language?.language ?? options.language, units: config.timingOptions.units,
                          mode: config.timingOptions.mode, maxBytes: config.importSettings.maxFileBytes)
    }

    /// Guides along `route` from now on (the first route starts the engine; a later one replaces the old route
    /// without repeating what was said).
    public func load(_ route: Route, from source: String) {
        log.info("route loaded from \(source): \(route.maneuvers.count) maneuvers, \(GuidanceStatus.distance(route.length)), \(route.legs.count) leg\(route.legs.count == 1 ? "" : "s")")
        loadedRoute = route
        announcedManeuvers = []
        if let guidance {
            guidance.handle(.newRoute(route))
            publishProperties()
            return
        }
        let routeName = activeRoute ?? config.audio.route
        let engine = GuidanceEngine(route: route, progress: config.progressOptions, timing: config.timingOptions,
                                    audio: audio.effectiveTiming, wording: wording)
        let guidance = GuidanceAudio(engine: engine, service: audio,
                                     openAheadSeconds: config.audio.routes[routeName]?.openAheadSeconds ?? 0)
        self.guidance = guidance
        guidance.addListener { [weak self] event in self?.guidanceEvent(event) }
        guidance.onNextCue = { [weak self] heard in self?.ducker?.cuePlanned(heard) }
        if let seconds = ducker?.preparationSeconds, seconds > 0 { guidance.handle(.audioPreparation(seconds: seconds)) }
        recorder = CueLogRecorder(guidance: guidance) { [weak self] entry in self?.logged(entry) }
        updateStatus(force: true)
        publishProperties()
    }

    // MARK: - Events

    private func gpsEvent(_ event: GPSClient.Event) {
        switch event {
        case .fix(let fix):
            if let position = fix.position {
                lastPosition = position
                if let path = routeAwaitingFix {
                    routeAwaitingFix = nil
                    loadRoute(path)
                }
            }
            guidance?.handle(.fix(fix))
            updateStatus(force: false)
            publishProperties()
        case .state(let state):
            switch state {
            case .unreachable, .lost: log.warning("gps: \(state)")
            default: log.info("gps: \(state)")
            }
            updateStatus(force: true)
            publishProperties()
        case .note(let note):
            log.info("gps: \(note)")
        case .problem(let problem):
            log.warning("gps: \(problem)")
        }
    }

    private func guidanceEvent(_ event: GuidanceAudio.Event) {
        emitGuidanceSignals(event)
        guard case .action(let action) = event else { return }
        switch action {
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
            publishProperties()
        case .reroute(let request):
            if routeImporter.engine != nil {
                reroute(request)
            } else {
                log.info("reroute needed (\(request.reason), attempt \(request.attempt)); no routing engine is configured")
            }
        default:
            break
        }
    }

    private func heard(_ report: AudioOutputService.Report) {
        emitAudioSignals(report)
        switch report {
        case .deviceOpened(let request, let configuration, let timing):
            log.debug("audio device \(request.device) open: \(configuration.rate) Hz, \(configuration.channels) channels, output latency \(Int((timing.outputLatency * 1000).rounded())) ms")
        case .deviceError(let device, let message):
            log.warning("audio device \(device): \(message)")
            if device == hfpDevice?.pcm, config.audio.routes[.handsFree]?.pcm == nil {
                // The SCO link broke under a cue while BlueZ may still list the device: default until it changes.
                handsFreePCMFailed(device, message: message)
            }
        case .underrun:
            log.debug("audio underrun (recovered)")
        case .firstSample(let id, let latency, let cacheHit):
            log.debug("playing #\(id): first sample \(Int((latency * 1000).rounded())) ms after due, \(cacheHit ? "pre-rendered" : "synthesized on demand")")
        case .playbackEnded(let id, .stoppedAtWordBoundary, let frames):
            log.info("stopped #\(id) at a word boundary after \(frames) frames")
        case .playbackEnded(let id, .stoppedImmediately, _):
            log.info("stopped #\(id) at once")
        case .output(.willPlay):
            ducker?.outputsChanged(busy: true)
        case .output(.didPlay(let id, _)):
            resayIfInterrupted(id)
            // After every listener has heard this report (the cue log records the interrupted cue), when the queue
            // has moved on: the music comes back, or the daemon ends.
            RouteCueLoop.loop.deliver { [weak self] in
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
        GuidanceStatus.text(gps: gps?.state ?? .connecting, engine: guidance?.engine, at: RouteCueLoop.loop.now)
    }

    /// Sends systemd the status when it changed: at once for a change of state, at most every 2 s for distances.
    func updateStatus(force: Bool) {
        guard isReady, !stopping else { return }
        let now = RouteCueLoop.loop.now
        let text = statusText()
        guard text != lastStatus else { return }
        let kind = { (s: String) in s.prefix { $0 != ":" } }
        if !force, kind(text) == kind(lastStatus), now.seconds(since: lastStatusAt) < 2 {
            statusTimer.set(lastStatusAt.advanced(bySeconds: 2))
            return
        }
        if kind(text) != kind(lastStatus) { log.info("status: \(text)") }
        lastStatus = text
        lastStatusAt = now
        notifier.status(text)
    }

    private func watchdogPing() {
        guard let interval = notifier.watchdogInterval, !ended else { return }
        notifier.watchdog()
        watchdogTimer.set(RouteCueLoop.loop.now.advanced(bySeconds: interval))
    }

    /// `--debug-block-loop`: blocks the loop's thread, so the watchdog pings stop (for testing systemd's watchdog).
    private func scheduleLoopBlock(_ block: (after: Double, duration: Double)) {
        log.warning("debug: the event loop will block for \(block.duration) s after \(block.after) s")
        _ = try? RouteCueLoop.loop.schedule(atNanoseconds: RouteCueLoop.loop.nowNanoseconds + UInt64(block.after * 1e9)) {
            usleep(UInt32(min(block.duration, 4000) * 1e6))
        }
    }

    /// Hands freed heap back to the system (espeak-ng's and the audio thread's buffers come and go with every cue;
    /// glibc keeps what they freed otherwise), every `trimSeconds`: a few hundred microseconds on the loop.
    private func trimHeap() {
        ProcessMemory.releaseFreeHeap()
        trimTimer.set(RouteCueLoop.loop.now.advanced(bySeconds: Self.trimSeconds))
    }

    // MARK: - Signals

    private func received(_ signal: Int32) {
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
        guard !stopping else {
            end(.stopped)
            return
        }
        stopping = true
        log.info("stopping (\(why))")
        notifier.stopping(status: "stopping")
        control?.stop()
        gps.stop()
        routeRetryTimer.set(nil)
        routeImporter.stop()
        silenceGuidance()
        if let ducker {
            ducker.restoreNow { [weak self] in
                self?.musicRestored = true
                self?.endWhenQuiet()
            }
        } else {
            musicRestored = true
        }
        stopTimer.set(RouteCueLoop.loop.now.advanced(bySeconds: 0.8))
        endWhenQuiet()
    }

    /// No more cues: the engine's timers stop, what is queued is dropped, and the cue playing ends at its next word
    /// boundary (Stop over D-Bus, SIGTERM).
    func silenceGuidance() {
        guidance?.stopTimers()
        audio.perform(.clearQueue)
        audio.perform(.supersedeCurrent)
    }

    /// Ends a stop once nothing plays and the music is back.
    private func endWhenQuiet() {
        guard stopping, audio.isIdle, musicRestored else { return }
        end(.stopped)
    }

    func end(_ exit: DaemonExit) {
        guard !ended else { return }
        ended = true
        watchdogTimer.set(nil)
        recorder?.detach()
        audio?.shutdown()
        signals?.cancel()
        control?.stop()
        stopCarAudio()
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
        notifier.reloading()
        defer { notifier.ready(status: statusText()) }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: ConfigurationFile.maxBytes, as: .configuration)
        } catch {
            log.error("reload: \(error); keeping the running configuration")
            return
        }
        switch RouteCueConfiguration.parseReportingProblems(bytes) {
        case .failure(let problems):
            for problem in problems.problems { log.error("reload: \(problem.inFile(path))") }
            log.error("reload: \(path) has \(problems.problems.count) problem\(problems.problems.count == 1 ? "" : "s"); keeping the running configuration")
        case .success(let new):
            apply(new)
            log.info("reload: \(path) applied")
        }
    }

    private func apply(_ new: RouteCueConfiguration) {
        do {
            routeImporter.engine = try routingEngine(new)
        } catch {
            log.error("reload: \(error); tours are read without a routing engine")
            routeImporter.engine = nil
        }
        if new.names != config.names, let rebuilt = try? Self.wording(language, markup: wording.markup, names: new.names) {
            wording = rebuilt
        }
        config = new
        log.level = options.logLevel ?? new.logging.level
        if let settings = try? gpsSettings() { gps.apply(settings) }
        ducker?.settings = new.ducking
        handsFree?.settings = handsFreeSettings
        callsChanged()
        applyAudioPolicy()
        applyAudioRoute(reason: "configuration reloaded")
        guidance?.reconfigure(timing: new.timingOptions, progress: new.progressOptions, wording: wording)
    }
}
