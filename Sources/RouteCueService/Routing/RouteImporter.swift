import Dispatch
import EventLoopKit
import HTTPKit
import RouteCueCore

/// Reads route documents for the daemon: the parse and the import run on a thread of their own (a large route takes
/// a noticeable part of a second on a head unit's core, which the loop must not lose: gpsd, D-Bus and the watchdog
/// wait on it), and so does the work on the engine's answers; the route comes back as a job on the loop. With a
/// routing engine it asks for the ways a tour lacks, or for the maneuvers of lines that bring none of their own
/// (`ManeuverMatching`), and then, when `routing.traffic_signals` is on, for the traffic signals on the route (cached
/// per route). The engine's requests run on a thread of their own (`HTTPClient`), which also reads the answers.
@RouteCueLoop
public final class RouteImporter {
    /// The engine asked for tours' missing ways (nil: none configured; such tours are refused).
    public var engine: RoutingEngine?
    /// Where a note on an import that succeeded goes, and whether it is a problem (a line whose maneuvers the engine
    /// could not match keeps the ones derived from its geometry; a failed signal lookup) or news (how many traffic
    /// signals were marked).
    public var report: @RouteCueLoop (_ note: String, _ isProblem: Bool) -> Void = { _, _ in }
    private var client: HTTPClient?
    /// The imports under way, by number: the name, the completion a stop fails them through, and whether the engine
    /// has been asked and not yet answered.
    private var imports: [Int: (name: String, completion: @RouteCueLoop (Result<Route, InputError>) -> Void, askingEngine: Bool)] = [:]
    private var nextID = 0
    /// Where documents are parsed and imported, one at a time, in order.
    private let parsing: BackgroundWork
    /// The traffic signals of the routes looked up last, by the route's line (`lineKey`), newest last.
    private var signalCache: [(key: [UInt64], signals: [Coordinate])] = []
    /// How many routes' signals are kept.
    static let signalCacheSize = 8

    /// Answers collected for one import on the loop, by the request's index.
    @RouteCueLoop
    private final class Answers<Answer: Sendable> {
        var results: [Int: Result<Answer, InputError>] = [:]
    }

    /// True while an import waits for the engine's answers.
    public var isBusy: Bool { imports.values.contains { $0.askingEngine } }
    /// True from an import whose request could not reach the engine (down, timed out, a server error) until an
    /// import's requests are all answered.
    public private(set) var engineUnreachable = false

    /// The loop the results are handed back on.
    private let scheduler: any LoopScheduler

    /// An importer asking `engine`, handing results back on `scheduler` (the daemon's loop).
    public init(engine: RoutingEngine?, scheduler: any LoopScheduler = RouteCueLoop.loop) {
        self.engine = engine
        self.scheduler = scheduler
        parsing = BackgroundWork(label: "route-import", scheduler: scheduler)
    }

    /// Reads `bytes` (named `name` in errors) off the loop and calls `completion` with the route on the loop, once
    /// every answer of the engine has come back when it was asked. A tour whose way fails is read up to the last stop
    /// before that way (its later stations left for guidance to ask for again), and fails with that way's error when
    /// there is no such stop; a line the engine cannot match keeps its derived maneuvers and a failed signal lookup
    /// leaves the route without those landmarks (both said through `report`). `asking` hears what the engine is asked
    /// for (`the tour's ways`, `the maneuvers of its lines`, `the traffic signals on it`) when it is. `stop()` fails an
    /// import under way with "RouteCue is stopping".
    public func read(_ bytes: [UInt8], name: String, options: ImportOptions,
                     asking: @escaping @RouteCueLoop (String) -> Void = { _ in },
                     completion: @escaping @RouteCueLoop (Result<Route, InputError>) -> Void) {
        let id = nextID
        nextID += 1
        imports[id] = (name, completion, false)
        guard let engine else {
            offLoop(id, { Result { () throws(InputError) in try RouteReader.read(bytes, name: name, options: options) } }) { [weak self] result in
                self?.complete(id, result)
            }
            return
        }
        let finish: @RouteCueLoop (Result<Route, InputError>) -> Void = { [weak self] result in
            guard let self else { return }
            guard case .success(let route) = result else { return self.complete(id, result) }
            if self.markTrafficSignals(route, engine, id: id, name: name) { asking("the traffic signals on it") }
        }
        // Parsed once: what a tour needs, and the import itself.
        offLoop(id, { () -> Result<(RouteDocument, [RoutingRequest]), InputError> in
            Result { () throws(InputError) in
                let document = try RouteDocument(bytes, name: name, options: options)
                return (document, try TourRouting.legRequests(in: document, options: options))
            }
        }) { [weak self] parsed in
            guard let self else { return }
            let document: RouteDocument, legs: [RoutingRequest]
            switch parsed {
            case .failure(let error): return self.complete(id, .failure(error))
            case .success(let value): (document, legs) = value
            }
            if !legs.isEmpty {
                let asked = self.ask(engine, legs, id: id, read: { engine.route(from: $0, for: $1) }) { [weak self] results in
                    self?.offLoop(id, { () -> (Result<Route, InputError>, String?) in
                        do throws(InputError) {
                            let (route, missing) = try RoutingEngine.readPartially(document, options: options, legs: legs, partly: true) { k, _ in results[k] }
                            return (.success(route), missing.map { "\(name): \(RoutingEngine.partialNote(route, $0))" })
                        } catch {
                            return (.failure(error), nil)
                        }
                    }) { [weak self] outcome in
                        if let note = outcome.1 { self?.report(note, true) }
                        finish(outcome.0)
                    }
                }
                if asked { asking("the tour's ways") }
                return
            }
            self.offLoop(id, { () -> Result<(Route, [ManeuverMatching.Piece]), InputError> in
                Result { () throws(InputError) in
                    let route = try document.read(options: options)
                    return (route, ManeuverMatching.pieces(for: route, maxPoints: engine.maxMatchPoints))
                }
            }) { [weak self] imported in
                guard let self else { return }
                let route: Route, pieces: [ManeuverMatching.Piece]
                switch imported {
                case .failure(let error): return self.complete(id, .failure(error))
                case .success(let value): (route, pieces) = value
                }
                guard !pieces.isEmpty else { return finish(.success(route)) }
                let asked = self.ask(engine, pieces.map(\.request), id: id, read: { engine.route(from: $0, for: $1) }) { [weak self] answers in
                    self?.offLoop(id, { ManeuverMatching.apply(answers, of: pieces, to: route) }) { [weak self] outcome in
                        for note in RoutingEngine.fallbackNotes(outcome, name: name) { self?.report(note, true) }
                        finish(.success(outcome.route))
                    }
                }
                if asked { asking("the maneuvers of its lines") }
            }
        }
    }

    /// Runs `work` on the import thread (after the imports queued before it) and hands its result to `then` on the
    /// loop, unless the importer or the loop has gone meanwhile.
    public func offLoop<T: Sendable>(_ work: @escaping @Sendable () -> T, then: @escaping @RouteCueLoop (T) -> Void) {
        parsing.run(work, then: then)
    }

    /// `offLoop` for import `id`: `then` is not called once the import has ended (stopped).
    private func offLoop<T: Sendable>(_ id: Int, _ work: @escaping @Sendable () -> T, then: @escaping @RouteCueLoop (T) -> Void) {
        offLoop(work) { [weak self] result in
            guard self?.imports[id] != nil else { return }
            then(result)
        }
    }

    /// Ends import `id` with `result` (nothing when it has ended already).
    private func complete(_ id: Int, _ result: Result<Route, InputError>) {
        guard let import_ = imports.removeValue(forKey: id) else { return }
        import_.completion(result)
    }

    /// Completes import `id` with `route` marked with the traffic signals on its line, from the cache or asked for,
    /// when the engine's `trafficSignals` is on; at once otherwise. True when the engine was asked.
    private func markTrafficSignals(_ route: Route, _ engine: RoutingEngine, id: Int, name: String) -> Bool {
        guard engine.trafficSignals else {
            complete(id, .success(route))
            return false
        }
        let key = Self.lineKey(route)
        if let cached = signalCache.last(where: { $0.key == key }) {
            let (marked, placed) = TrafficSignalLandmarks.apply(cached.signals, to: route)
            report("\(name): \(placed) traffic signal\(placed == 1 ? "" : "s") marked as landmarks (from the cache)", false)
            complete(id, .success(marked))
            return false
        }
        let requests = TrafficSignalLandmarks.requests(for: route)
        return ask(engine, requests, id: id, read: { engine.signals(from: $0, for: $1) }) { [weak self] answers in
            let (marked, note) = RoutingEngine.withTrafficSignals(route, answers)
            guard let self else { return }
            let signals = answers.compactMap { try? $0.get() }
            if let note { self.report("\(name): \(note)", signals.count != answers.count) }
            if signals.count == answers.count {
                self.signalCache.removeAll { $0.key == key }
                self.signalCache.append((key, TrafficSignalLandmarks.merged(signals)))
                if self.signalCache.count > Self.signalCacheSize { self.signalCache.removeFirst() }
            }
            self.complete(id, .success(marked))
        }
    }

    /// A route's line in a few numbers: its point count, length and a hash of its coordinates' bits.
    static func lineKey(_ route: Route) -> [UInt64] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in route.geometry.coordinates {
            for bits in [c.latitude.bitPattern, c.longitude.bitPattern] {
                hash = (hash ^ bits) &* 0x100_0000_01b3
            }
        }
        return [UInt64(route.geometry.count), route.length.bitPattern, hash]
    }

    /// Sends `requests` to `engine` for import `id`; each answer is read by `read` on the client's thread; `finish`
    /// gets them all, by the request's index, once the last is in (at once when there are none). True when they were
    /// sent (else the import has ended with the error, or `finish` has been called).
    private func ask<Answer: Sendable>(_ engine: RoutingEngine, _ requests: [RoutingRequest], id: Int,
                                       read: @escaping @Sendable (Result<HTTPResponse, HTTPError>, RoutingRequest) -> Result<Answer, InputError>,
                                       finish: @escaping @RouteCueLoop ([Result<Answer, InputError>]) -> Void) -> Bool {
        guard !requests.isEmpty else {
            finish([])
            return false
        }
        let client: HTTPClient
        do {
            client = try self.client ?? HTTPClient(name: "routing")
        } catch {
            complete(id, .failure(InputError(.unreadable, input: .routingEngine, file: imports[id]?.name ?? "route", message: "cannot start the routing client: \(error)")))
            return false
        }
        self.client = client
        imports[id]?.askingEngine = true
        let answers = Answers<Answer>()
        let count = requests.count
        let scheduler = self.scheduler
        for (k, request) in requests.enumerated() {
            client.send(engine.request(for: request), to: engine.endpoint, timeout: engine.timeout, maxBodyBytes: engine.maxBytes) { answer in
                let result = read(answer, request)
                try? scheduler.execute {
                    RouteCueLoop.assumeIsolated { [weak self] in
                        guard let self, self.imports[id]?.askingEngine == true else { return }
                        answers.results[k] = result
                        guard answers.results.count == count else { return }
                        self.imports[id]?.askingEngine = false
                        self.engineUnreachable = answers.results.values.contains { if case .failure(let e) = $0 { e.isTransient } else { false } }
                        finish((0..<count).map { answers.results[$0]! })
                    }
                }
            }
        }
        return true
    }

    /// Fails every import under way and stops the client's thread.
    public func stop() {
        let underWay = imports
        imports = [:]
        client?.stop()
        client = nil
        for (_, import_) in underWay.sorted(by: { $0.key < $1.key }) {
            import_.completion(.failure(InputError(.cancelled, input: .route, file: import_.name, message: "RouteCue is stopping")))
        }
    }
}

extension Result where Success == Route, Failure == InputError {
    /// True for a failure to reach the routing engine (unreachable, timed out, a server error): trying again may work.
    public var isTransientFailure: Bool {
        if case .failure(let error) = self { return error.isTransient }
        return false
    }
}
