import EventLoopKit
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// A `GPSClient` on `RouteCueLoop.loop` with a listener that records every event, with the monotonic instant it was
/// heard, for the test thread to wait for by polling. Stop it in `tearDown` (or `defer`).
public final class GPSClientRecorder: Sendable {
    /// One event the client reported and when it was heard.
    public struct Entry: Sendable {
        /// When it was heard (CLOCK_MONOTONIC, nanoseconds).
        public let at: UInt64
        /// The event.
        public let event: GPSClient.Event
    }

    /// The listener's log, shared by reference with the listener on the loop.
    private final class Log: Sendable {
        let entries = LockedValue<[Entry]>([])
    }

    /// The client under test.
    public let client: GPSClient
    private let log = Log()

    /// A client of gpsd at 127.0.0.1:`port`, started. Defaults as the daemon's, except as given.
    public init(port: UInt16, staleAfter: Double = 3, reconnect: GPSReconnectPolicy = GPSReconnectPolicy(),
         connectTimeout: Double = 5) throws {
        let settings = GPSClient.Settings(host: "127.0.0.1", port: Int(port), staleAfter: staleAfter,
                                          reconnect: reconnect, connectTimeout: connectTimeout)
        let log = self.log
        client = try RouteCueLoop.runAndWait {
            let client = GPSClient(settings: settings)
            client.addListener { event in
                let entry = Entry(at: MonotonicClock.nanoseconds(), event: event)
                log.entries.withLock { $0.append(entry) }
            }
            client.start()
            return client
        }
    }

    /// Disconnects the client and stops its retries.
    public func stop() {
        let client = self.client
        try? RouteCueLoop.runAndWait { client.stop() }
    }

    /// Everything heard so far.
    public var entries: [Entry] { log.entries.withLock { $0 } }

    /// The fixes heard so far, in order, with the instant each was heard.
    public var fixes: [(at: UInt64, fix: Fix)] {
        entries.compactMap { if case .fix(let fix) = $0.event { return ($0.at, fix) } else { return nil } }
    }

    /// The states heard so far, in order, with the instant each was heard.
    public var states: [(at: UInt64, state: GPSClient.State)] {
        entries.compactMap { if case .state(let state) = $0.event { return ($0.at, state) } else { return nil } }
    }

    /// The notes heard so far.
    public var notes: [String] {
        entries.compactMap { entry -> String? in
            switch entry.event {
            case .note(let note), .problem(let note): return note
            default: return nil
            }
        }
    }

    /// The state names heard, in order, with repeats of one name collapsed (`["connecting", "waiting-for-fix", "fix"]`).
    public var stateNames: [String] {
        states.map(\.state.name).reduce(into: []) { names, name in if names.last != name { names.append(name) } }
    }

    /// The client's state now.
    public var state: GPSClient.State {
        let client = self.client
        return (try? RouteCueLoop.runAndWait { client.state }) ?? .connecting
    }

    /// Waits until `condition` holds of what was heard (true) or `timeout` seconds pass (false).
    @discardableResult
    public func wait(_ timeout: Double, until condition: (GPSClientRecorder) -> Bool) -> Bool {
        PollingWait.until(timeout: timeout) { condition(self) }
    }

    /// The first instant, at or after `after`, at which a state satisfying `matches` was heard.
    public func firstState(after: UInt64 = 0, _ matches: (GPSClient.State) -> Bool) -> UInt64? {
        states.first { $0.at >= after && matches($0.state) }?.at
    }

    /// The fixes heard at or after `after`.
    public func fixes(after: UInt64) -> [Fix] { fixes.filter { $0.at >= after }.map(\.fix) }

    /// One line per event, for a failure message.
    public var transcript: String {
        guard let start = entries.first?.at else { return "(nothing heard)" }
        return entries.map { entry in
            let t = String(format: "%7.3f", Double(entry.at - start) / 1e9)
            switch entry.event {
            case .fix(let fix): return "\(t) fix \(fix.time.map { String($0) } ?? "-")"
            case .state(let state): return "\(t) state \(state)"
            case .note(let note): return "\(t) note \(note)"
            case .problem(let problem): return "\(t) problem \(problem)"
            }
        }.joined(separator: "\n")
    }
}

extension GPSClient.State {
    /// Whether this is the unreachable state.
    public var isUnreachable: Bool { if case .unreachable = self { return true } else { return false } }
    /// Whether this is the lost state.
    public var isLost: Bool { if case .lost = self { return true } else { return false } }
    /// The reason an unreachable or lost state gives.
    public var reason: String? {
        switch self {
        case .unreachable(let why), .lost(let why): return why
        default: return nil
        }
    }
}

/// Seconds between two monotonic instants.
public func seconds(from start: UInt64, to end: UInt64) -> Double { (Double(end) - Double(start)) / 1e9 }
