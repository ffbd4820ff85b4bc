import EventLoopKit
import Glibc
import RouteCueCore

/// Where the daemon's routes come from: the file given at start (a tour routed from the car once the first fix is in,
/// retried while the routing engine cannot be reached), documents handed over D-Bus, and reroutes asked of the routing
/// engine when the car leaves the route. It owns the importer, the last position, the retry back-off and the reroute
/// in flight, and says what the engine is doing (`routingState`). Routes it reads for guidance go to `onRoute`;
/// `onChange` hears that `routingState` may have changed.
@RouteCueLoop
public final class RouteLoader {
    /// Reads route documents, asking the routing engine for the ways a tour lacks, the maneuvers of lines without
    /// their own, and the traffic signals on routes.
    public let importer: RouteImporter
    /// The import options of the configuration in force (the daemon sets them at start and on reload).
    public var importOptions = ImportOptions()
    /// Where the last fix put the vehicle (a tour's first way starts there).
    public private(set) var lastPosition: Coordinate?
    /// A route read for guidance (the start file, a tour once routed, a reroute's answer), with where it came from.
    public var onRoute: @RouteCueLoop (_ route: Route, _ source: String) -> Void = { _, _ in }
    /// `routingState` may have changed (D-Bus publishes it).
    public var onChange: @RouteCueLoop () -> Void = {}
    /// The engine guided by now, if any: a reroute's answer is measured against its route and progress.
    public var guided: @RouteCueLoop () -> GuidanceEngine? = { nil }

    private let scheduler: any LoopScheduler
    private let log: DaemonLog
    private var stopped = false
    /// The file whose tour the engine could not route yet, retried when `retryTimer` fires.
    private var retryPath: String?
    private var retries = 0
    private lazy var retryTimer = LoopTimer(on: scheduler) { [weak self] in
        if let path = self?.retryPath { self?.loadFile(path) }
    }
    /// True while a reroute request is with the routing engine (the back-off's next request waits for its answer).
    private var rerouting = false
    /// The tour that waits for the first fix: its first way is routed from where the car is.
    private var awaitingFix: String?
    /// A tour tried again and again while the engine hangs or is away: each kind of line is logged once, until it loads.
    private var retryTrouble = RepeatedTroubleFilter(settleSeconds: 0)

    /// A loader on `scheduler` (the daemon's loop), asking `engine` (nil: none configured), logging to `log`.
    public init(scheduler: any LoopScheduler, log: DaemonLog, engine: RoutingEngine? = nil) {
        self.scheduler = scheduler
        self.log = log
        importer = RouteImporter(engine: engine, scheduler: scheduler)
        importer.report = { [weak self] note, isProblem in
            if isProblem { self?.log.warning(note) } else { self?.log.info(note) }
        }
    }

    /// What the routing engine is doing (D-Bus `RoutingState`): none (no engine configured), unreachable (the last
    /// request did not reach it; RouteCue keeps trying), rerouting, routing (a tour's ways asked for), waiting-for-fix
    /// (a tour waits for the first fix to be routed from the car), ready.
    public var routingState: RoutingState {
        RoutingState(engineConfigured: importer.engine != nil, unreachable: importer.engineUnreachable,
                     rerouting: rerouting, busy: importer.isBusy, awaitingFix: awaitingFix != nil)
    }

    // MARK: - Files

    /// Loads the route or tour at `path`: a file that does not import is an error line and changes nothing. A tour
    /// whose first way starts at the car waits for the first fix; a tour whose ways the routing engine could not give
    /// (unreachable, timed out) is tried again, 2 s later and then doubling up to a minute.
    public func loadFile(_ path: String) {
        guard !stopped else { return }
        // Read, and for a tour whose first way starts at the car checked (a parse), off the loop.
        let options = importOptions, mayWaitForFix = importer.engine != nil && lastPosition == nil
        importer.offLoop({ () -> Result<(bytes: [UInt8], startsAtVehicle: Bool), InputError> in
            Result { () throws(InputError) in
                let bytes = try InputFile.read(path, maxBytes: options.maxBytes, as: .route)
                return (bytes, mayWaitForFix && TourRouting.startsAtVehicle(bytes, options: options))
            }
        }) { [weak self] read in
            guard let self, !self.stopped else { return }
            switch read {
            case .failure(let error):
                self.log.error("route not loaded: \(error)")
            case .success(let (bytes, startsAtVehicle)):
                guard startsAtVehicle, self.lastPosition == nil else { return self.importFile(bytes, from: path) }
                if self.awaitingFix == nil { self.log.info("\(path): a tour; waiting for the first fix to route its first way from where the car is") }
                self.awaitingFix = path
                self.onChange()
            }
        }
    }

    /// Imports the route file `path` read as `bytes`: guides along it, or retries a tour whose ways the engine could
    /// not give, 2 s later and then doubling up to a minute.
    private func importFile(_ bytes: [UInt8], from path: String) {
        importDocument(bytes, name: path, source: path) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let route):
                if let leftOut = self.retryTrouble.well(at: self.scheduler.now.seconds) {
                    self.log.info("\(path): routed after \(self.retries + 1) attempts (\(leftOut) repeated line\(leftOut == 1 ? "" : "s") logged at debug level only)")
                }
                self.retries = 0
                self.retryPath = nil
                self.onRoute(route, path)
            case .failure(let error):
                guard error.isTransient else {
                    self.log.error("route not loaded: \(error)")
                    return
                }
                let seconds = min(60, 2 * pow(2, Double(self.retries)))
                self.retries += 1
                self.retryLog(.warning, "route not loaded yet: \(error); trying again in \(Int(seconds)) s")
                self.retryPath = path
                self.retryTimer.set(self.scheduler.now.advanced(bySeconds: seconds))
            }
        }
    }

    /// Imports `bytes` (named `name` in errors; `source` in the log) with the import options in force — with a
    /// routing engine, a tour's first way from where the car is; `format` when the caller forces one — asking the
    /// engine for what a tour lacks. `completion` hears the route or the error on the loop, unless the loader has
    /// stopped by then. The document's bytes and its parse tree (several times the file) are gone when it hears of a
    /// route: the freed heap is handed back first, or the daemon would keep the import's peak resident for as long as
    /// it runs.
    public func importDocument(_ bytes: [UInt8], name: String, source: String, format: RouteFormat? = nil,
                               completion: @escaping @RouteCueLoop (Result<Route, InputError>) -> Void) {
        var options = importOptions
        // With an engine, a tour's first way starts where the car is (without one, at the first station).
        if importer.engine != nil { options.vehiclePosition = lastPosition }
        if let format { options.format = format }
        importer.read(bytes, name: name, options: options, asking: { [weak self] asking in
            self?.retryLog(.info, "\(source): asking the routing engine for \(asking)")
            self?.onChange()
        }) { [weak self] result in
            guard let self, !self.stopped else { return }
            self.onChange()
            if case .success = result { ProcessMemory.releaseFreeHeap() }
            completion(result)
        }
    }

    /// Logs a line of loading a route: while a tour is being tried again, repeats of a kind go to the debug level.
    private func retryLog(_ severity: DaemonLog.Severity, _ line: String) {
        log.log(severity, line, through: &retryTrouble, at: scheduler.now.seconds)
    }

    // MARK: - Fixes

    /// A fix with a position: remembered for tours and reroutes; a tour waiting for the first fix is routed now.
    public func vehicle(at position: Coordinate) {
        lastPosition = position
        guard let path = awaitingFix else { return }
        awaitingFix = nil
        loadFile(path)
    }

    // MARK: - Rerouting

    /// Serves a reroute request with the routing engine (the car off the route, or SkipDestination): the car's
    /// position and course to the waypoints still ahead (`RerouteTour`), asked off the loop. The answer goes to
    /// `onRoute` unless `RerouteAnswer` drops it (the car came back onto the old route meanwhile, or another route was
    /// loaded). A failure is logged and the back-off's next request (`RouteProgress`) asks again; while one request is
    /// out, the next is not sent.
    public func reroute(_ request: RerouteRequest) {
        guard !stopped else { return }
        guard let bytes = RerouteTour.document(for: request) else {
            log.warning("reroute needed (\(request.reason)) but there is \(request.position == nil ? "no position" : "no waypoint left") to route")
            return
        }
        guard !rerouting else {
            log.info("reroute needed (\(request.reason), attempt \(request.attempt)): the routing engine has not answered the last request yet")
            return
        }
        rerouting = true
        let generation = guided()?.routeGeneration
        let asked = scheduler.now
        let options = RerouteTour.options(for: request, base: importOptions)
        log.info("rerouting (\(request.reason), attempt \(request.attempt)) to \(request.remainingWaypoints.count) waypoint\(request.remainingWaypoints.count == 1 ? "" : "s") through the routing engine")
        defer { onChange() }
        importer.read(bytes, name: "reroute", options: options) { [weak self] result in
            guard let self, !self.stopped else { return }
            self.rerouting = false
            self.onChange()
            let ms = Int((self.scheduler.now.seconds(since: asked) * 1000).rounded())
            let engine = self.guided()
            let answer = RerouteAnswer.verdict(on: request, askedAt: generation, current: engine?.routeGeneration,
                                               state: engine?.progress.state ?? .acquiring)
            if answer == .dropAnotherRouteLoaded {
                self.log.info("reroute answer after \(ms) ms dropped: \(answer.dropReason)")
                return
            }
            switch result {
            case .success(let route):
                guard answer == .take else {
                    self.log.info("reroute answer after \(ms) ms dropped: \(answer.dropReason)")
                    return
                }
                self.onRoute(route, "the routing engine after \(ms) ms (reroute attempt \(request.attempt))")
            case .failure(let error):
                self.log.warning("reroute failed after \(ms) ms: \(error); asking again after the back-off")
            }
        }
    }

    // MARK: - Stopping

    /// Stops for good: no retry, imports under way fail, nothing more reaches `onRoute`.
    public func stop() {
        stopped = true
        retryTimer.set(nil)
        importer.stop()
    }
}
