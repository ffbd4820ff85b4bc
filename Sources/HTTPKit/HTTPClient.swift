import EventLoopKit

/// Runs HTTP exchanges one after another on a thread of its own (`HTTPExchange`, blocking there, never on the
/// event loop) and hands each result to its completion, called on that thread: callers hop back to their loop.
/// `stop()` cancels what waits and the exchange under way, and returns once the thread has ended.
public final class HTTPClient: Sendable {
    /// One queued exchange.
    private struct Job: Sendable {
        var request: HTTPRequest
        var endpoint: HTTPEndpoint
        var timeout: Double
        var maxBodyBytes: Int
        var completion: @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    }

    private struct State: Sendable {
        var jobs: [Job] = []
        var stopping = false
    }

    /// What the client and its thread share.
    private final class Core: Sendable {
        let state = LockedValue(State())
        let wakeup: EventFD
        /// Signalled once by `stop()`: the exchange under way ends at once.
        let cancel: EventFD

        init() throws(SystemCallError) {
            wakeup = try EventFD(nonBlocking: false)
            cancel = try EventFD()
        }
    }

    private let core: Core
    private let thread = LockedValue<SystemThread?>(nil)

    /// A client with its thread named `name` (as `top -H` shows it).
    public init(name: String = "http-client") throws(SystemCallError) {
        let core = try Core()
        self.core = core
        let started = try SystemThread(name: name) { Self.run(core) }
        thread.withLock { $0 = started }
    }

    deinit { stop() }

    /// Queues `request` for `endpoint`; `completion` gets the response or why there is none, within `timeout`
    /// seconds of the exchange's start (`.cancelled` once stopped).
    public func send(_ request: HTTPRequest, to endpoint: HTTPEndpoint, timeout: Double, maxBodyBytes: Int = 64 << 20,
                     completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        let job = Job(request: request, endpoint: endpoint, timeout: timeout, maxBodyBytes: maxBodyBytes, completion: completion)
        let accepted = core.state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.jobs.append(job)
            return true
        }
        guard accepted else {
            completion(.failure(.cancelled))
            return
        }
        core.wakeup.signal()
    }

    /// Exchanges queued and not yet started.
    public var waiting: Int { core.state.withLock { $0.jobs.count } }

    /// Cancels the queued exchanges and the one under way (their completions get `.cancelled`) and ends the thread.
    /// Idempotent.
    public func stop() {
        let cancelled = core.state.withLock { state -> [Job] in
            state.stopping = true
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in cancelled { job.completion(.failure(.cancelled)) }
        core.cancel.signal()
        core.wakeup.signal()
        let running = thread.withLock { thread -> SystemThread? in
            defer { thread = nil }
            return thread
        }
        running?.join()
    }

    private static func run(_ core: Core) {
        while true {
            let next = core.state.withLock { state -> (job: Job?, stop: Bool) in
                if state.stopping { return (nil, true) }
                return (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), false)
            }
            if next.stop { return }
            guard let job = next.job else {
                core.wakeup.wait()
                continue
            }
            let result = HTTPExchange.perform(job.request, at: job.endpoint, timeout: job.timeout, maxBodyBytes: job.maxBodyBytes,
                                              cancel: core.cancel.descriptor)
            job.completion(result)
        }
    }
}
