import EventLoopKit
import HTTPKit
import RouteCueCore

/// Reads route documents for the daemon on its loop: at once when the document carries all its geometry and
/// maneuvers, or after asking the routing engine for the ways a tour lacks, or for the maneuvers of lines that bring
/// none of their own (`ManeuverMatching`), and then, when `routing.traffic_signals` is on, for the traffic signals on
/// the route (cached per route). The engine's requests run on a thread of their own (`HTTPClient`), which also reads
/// the answers; they come back as jobs on the loop; nothing waits on the loop.
@RouteCueLoop
public final class RouteImporter {
    /// The engine asked for tours' missing ways (nil: none configured; such tours are refused).
    public var engine: RoutingEngine?
    /// Where a note on an import that succeeded goes, and whether it is a problem (a line whose maneuvers the engine
    /// could not match keeps the ones derived from its geometry; a failed signal lookup) or news (how many traffic
    /// signals were marked).
    public var report: @RouteCueLoop (_ note: String, _ isProblem: Bool) -> Void = { _, _ in }
    private var client: HTTPClient?
    /// Imports waiting for the engine, by number, with the completion a stop fails them through.
    private var pending: [Int: (name: String, completion: @RouteCueLoop (Result<Route, RouteImportError>) -> Void)] = [:]
    private var nextID = 0
    /// The traffic signals of the routes looked up last, by the route's line (`lineKey`), newest last.
    private var signalCache: [(key: [UInt64], signals: [Coordinate])] = []
    /// How many routes' signals are kept.
    static let signalCacheSize = 8

    /// Answers collected for one import on the loop, by the request's index.
    @RouteCueLoop
    private final class Answers<Answer: Sendable> {
        var results: [Int: Result<Answer, RouteImportError>] = [:]
    }

    /// True while an import waits for the engine's answers.
    public var isBusy: Bool { !pending.isEmpty }
    /// True from an import whose request could not reach the engine (down, timed out, a server error) until an
    /// import's requests are all answered.
    public private(set) var engineUnreachable = false

    /// An importer asking `engine`.
    public init(engine: RoutingEngine?) {
        self.engine = engine
    }

    /// Reads `bytes` (named `name` in errors) and calls `completion` with the route: before returning when nothing
    /// needs the engine, else on the loop once every answer has come back. A tour whose way fails is read up to the
    /// last stop before that way (its later stations left for guidance to ask for again), and fails with that way's
    /// error when there is no such stop; a line the engine cannot match keeps its derived maneuvers and a failed signal
    /// lookup leaves the route without those landmarks (both said through `report`). What the engine was first asked
    /// for (`the tour's ways`, `the maneuvers of its lines`, `the traffic signals on it`), nil when it was not (the
    /// completion has been called).
    @discardableResult
    public func read(_ bytes: [UInt8], name: String, options: ImportOptions,
                     completion: @escaping @RouteCueLoop (Result<Route, RouteImportError>) -> Void) -> String? {
        guard let engine else {
            completion(Result { () throws(RouteImportError) in try RouteReader.read(bytes, name: name, options: options) })
            return nil
        }
        let finish: @RouteCueLoop (Result<Route, RouteImportError>) -> String? = { [weak self] result in
            guard let self, case .success(let route) = result else {
                completion(result)
                return nil
            }
            return self.markTrafficSignals(route, engine, name: name, completion: completion) ? "the traffic signals on it" : nil
        }
        // Parsed once: what a tour needs, and the import itself.
        let document: RouteDocument
        let legs: [RoutingRequest]
        do {
            document = try RouteDocument(bytes, name: name, options: options)
            legs = try TourRouting.legRequests(in: document, options: options)
        } catch {
            completion(.failure(error))
            return nil
        }
        if !legs.isEmpty {
            let asked = ask(engine, legs, name: name, completion: completion, read: { engine.route(from: $0, for: $1) }) { [weak self] results in
                _ = finish(Result { () throws(RouteImportError) in
                    let (route, missing) = try RoutingEngine.readPartially(document, options: options, legs: legs, partly: true) { k, _ in results[k] }
                    if let missing { self?.report("\(name): \(RoutingEngine.partialNote(route, missing))", true) }
                    return route
                })
            }
            return asked ? "the tour's ways" : nil
        }
        let route: Route
        do {
            route = try document.read(options: options)
        } catch {
            completion(.failure(error))
            return nil
        }
        let pieces = ManeuverMatching.pieces(for: route, maxPoints: engine.maxMatchPoints)
        guard !pieces.isEmpty else { return finish(.success(route)) }
        let asked = ask(engine, pieces.map(\.request), name: name, completion: completion, read: { engine.route(from: $0, for: $1) }) { [weak self] answers in
            let outcome = ManeuverMatching.apply(answers, of: pieces, to: route)
            for note in RoutingEngine.fallbackNotes(outcome, name: name) { self?.report(note, true) }
            _ = finish(.success(outcome.route))
        }
        return asked ? "the maneuvers of its lines" : nil
    }

    /// Completes with `route` marked with the traffic signals on its line, from the cache or asked for, when the
    /// engine's `trafficSignals` is on; at once otherwise. True when the engine was asked.
    private func markTrafficSignals(_ route: Route, _ engine: RoutingEngine, name: String,
                                    completion: @escaping @RouteCueLoop (Result<Route, RouteImportError>) -> Void) -> Bool {
        guard engine.trafficSignals else {
            completion(.success(route))
            return false
        }
        let key = Self.lineKey(route)
        if let cached = signalCache.last(where: { $0.key == key }) {
            let (marked, placed) = TrafficSignalLandmarks.apply(cached.signals, to: route)
            report("\(name): \(placed) traffic signal\(placed == 1 ? "" : "s") marked as landmarks (from the cache)", false)
            completion(.success(marked))
            return false
        }
        let requests = TrafficSignalLandmarks.requests(for: route)
        return ask(engine, requests, name: name, completion: completion, read: { engine.signals(from: $0, for: $1) }) { [weak self] answers in
            let (marked, note) = RoutingEngine.withTrafficSignals(route, answers)
            if let self {
                let signals = answers.compactMap { try? $0.get() }
                if let note { self.report("\(name): \(note)", signals.count != answers.count) }
                if signals.count == answers.count {
                    self.signalCache.removeAll { $0.key == key }
                    self.signalCache.append((key, TrafficSignalLandmarks.merged(signals)))
                    if self.signalCache.count > Self.signalCacheSize { self.signalCache.removeFirst() }
                }
            }
            completion(.success(marked))
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

    /// Sends `requests` to `engine`; each answer is read by `read` on the client's thread; `finish` gets them all, by
    /// the request's index, once the last is in (at once when there are none). True when they were sent (else
    /// `completion` has the error, or `finish` has been called).
    private func ask<Answer: Sendable>(_ engine: RoutingEngine, _ requests: [RoutingRequest], name: String,
                                       completion: @escaping @RouteCueLoop (Result<Route, RouteImportError>) -> Void,
                                       read: @escaping @Sendable (Result<HTTPResponse, HTTPError>, RoutingRequest) -> Result<Answer, RouteImportError>,
                                       finish: @escaping @RouteCueLoop ([Result<Answer, RouteImportError>]) -> Void) -> Bool {
        guard !requests.isEmpty else {
            finish([])
            return false
        }
        let client: HTTPClient
        do {
            client = try self.client ?? HTTPClient(name: "routing")
        } catch {
            completion(.failure(RouteImportError(file: name, message: "cannot start the routing client: \(error)")))
            return false
        }
        self.client = client
        let id = nextID
        nextID += 1
        pending[id] = (name, completion)
        let answers = Answers<Answer>()
        let count = requests.count
        for (k, request) in requests.enumerated() {
            client.send(engine.request(for: request), to: engine.endpoint, timeout: engine.timeout, maxBodyBytes: engine.maxBytes) { answer in
                let result = read(answer, request)
                try? RouteCueLoop.loop.execute {
                    RouteCueLoop.assumeIsolated { [weak self] in
                        guard let self, self.pending[id] != nil else { return }
                        answers.results[k] = result
                        guard answers.results.count == count else { return }
                        self.pending[id] = nil
                        self.engineUnreachable = answers.results.values.contains { if case .failure(let e) = $0 { e.isTransient } else { false } }
                        finish((0..<count).map { answers.results[$0]! })
                    }
                }
            }
        }
        return true
    }

    /// Fails every import still waiting and stops the client's thread.
    public func stop() {
        let waiting = pending
        pending = [:]
        client?.stop()
        client = nil
        for (_, import_) in waiting.sorted(by: { $0.key < $1.key }) {
            import_.completion(.failure(RouteImportError(file: import_.name, message: "RouteCue is stopping")))
        }
    }
}

extension Result where Success == Route, Failure == RouteImportError {
    /// True for a failure to reach the routing engine (unreachable, timed out, a server error): trying again may work.
    public var isTransientFailure: Bool {
        if case .failure(let error) = self { return error.isTransient }
        return false
    }
}
