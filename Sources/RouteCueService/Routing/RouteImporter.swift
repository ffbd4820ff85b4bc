import EventLoopKit
import HTTPKit
import RouteCueCore

/// Reads route documents for the daemon on its loop: at once when the document carries all its geometry, or after
/// asking the routing engine for the ways a tour lacks. The engine's requests run on a thread of their own
/// (`HTTPClient`); their answers come back as jobs on the loop; nothing waits on the loop.
@RouteCueLoop
public final class RouteImporter {
    /// The engine asked for tours' missing ways (nil: none configured; such tours are refused).
    public var engine: RoutingEngine?
    private var client: HTTPClient?
    /// Imports waiting for the engine, by number, so a stop can fail them.
    private var pending: [Int: Waiting] = [:]
    private var nextID = 0

    /// An import waiting for the engine's ways.
    private final class Waiting {
        let bytes: [UInt8]
        let name: String
        let options: ImportOptions
        let legs: [TourLegRequest]
        let completion: @RouteCueLoop (Result<Route, RouteImportError>) -> Void
        /// The answers by the leg's index in `legs` (a trace's station has two: the way to it and the way along it).
        var results: [Int: Result<Route, RouteImportError>] = [:]

        init(bytes: [UInt8], name: String, options: ImportOptions, legs: [TourLegRequest],
             completion: @escaping @RouteCueLoop (Result<Route, RouteImportError>) -> Void) {
            self.bytes = bytes
            self.name = name
            self.options = options
            self.legs = legs
            self.completion = completion
        }
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
    /// needs the engine, else on the loop once every way has come back (the first failure, in station order, fails
    /// the whole import). True when the engine was asked (the completion comes later).
    @discardableResult
    public func read(_ bytes: [UInt8], name: String, options: ImportOptions,
                     completion: @escaping @RouteCueLoop (Result<Route, RouteImportError>) -> Void) -> Bool {
        let legs: [TourLegRequest]
        do {
            legs = engine == nil ? [] : try TourRouting.legRequests(in: bytes, name: name, options: options)
        } catch {
            completion(.failure(error))
            return false
        }
        guard let engine, !legs.isEmpty else {
            completion(Result { () throws(RouteImportError) in try RouteReader.read(bytes, name: name, options: options) })
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
        pending[id] = Waiting(bytes: bytes, name: name, options: options, legs: legs, completion: completion)
        for (k, leg) in legs.enumerated() {
            client.send(engine.request(for: leg), to: engine.endpoint, timeout: engine.timeout, maxBodyBytes: engine.maxBytes) { answer in
                let route = engine.route(from: answer, for: leg)
                try? RouteCueLoop.loop.execute {
                    RouteCueLoop.assumeIsolated { [weak self] in self?.received(route, forLeg: k, import: id) }
                }
            }
        }
        return true
    }

    private func received(_ route: Result<Route, RouteImportError>, forLeg k: Int, import id: Int) {
        guard let waiting = pending[id] else { return }
        waiting.results[k] = route
        guard waiting.results.count == waiting.legs.count else { return }
        pending[id] = nil
        let results = waiting.results
        engineUnreachable = results.values.contains { $0.isTransientFailure }
        waiting.completion(Result { () throws(RouteImportError) in
            try RoutingEngine.read(waiting.bytes, name: waiting.name, options: waiting.options, legs: waiting.legs) { k, leg in
                results[k] ?? .failure(RouteImportError(location: leg.path, message: "no answer from the routing engine"))
            }
        })
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
