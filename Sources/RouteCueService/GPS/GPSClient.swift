import EventLoopKit
import GPSD
import RouteCueCore

/// RouteCue's gpsd client on the event loop: connects (and reconnects with back-off) through `GPSDConnection`,
/// turns each TPV into the core's `Fix` stamped with the loop's instant it was read, and keeps the feed's state —
/// gpsd unreachable, waiting for a fix, fixes flowing, or lost (gpsd silent for `staleAfter`, which is all a silent
/// receiver gives: gpsd then sends nothing at all; the receiver deactivated; no fix any more). gpsd absent
/// at start, killed or restarted, a connect that hangs, and garbage on its socket are all states to log and
/// recover from, never a reason to stop. As measured against gpsd 3.22 (Tests/IntegrationTests/GPSClient*Tests; the
/// hanging connect and the garbage against a loopback stand-in, Tests/EdgeTests/GPSClient*Tests): fixes resume
/// 0.2–0.5 s after a killed gpsd is started again; a silent receiver is lost 3.00 s after its last fix.
@RouteCueLoop
public final class GPSClient {
    /// How the client behaves (`gps` section of the configuration).
    public struct Settings: Sendable, Equatable {
        /// Where gpsd listens.
        public var host: String
        public var port: Int
        /// No report from gpsd for this long marks the GPS lost.
        public var staleAfter: Double
        /// When to try again after the connection failed or broke.
        public var reconnect: GPSReconnectPolicy
        /// A connect still unanswered after this long makes gpsd unreachable (it goes on in the background: a host
        /// that drops the SYNs holds it for about two minutes, and one attempt at a time is enough).
        public var connectTimeout: Double

        /// Settings for gpsd at `host`:`port` (defaults: 3 s staleness, `GPSReconnectPolicy`'s defaults,
        /// unreachable after 5 s without an answer).
        public init(host: String = "localhost", port: Int = 2947, staleAfter: Double = 3,
                    reconnect: GPSReconnectPolicy = GPSReconnectPolicy(), connectTimeout: Double = 5) {
            self.host = host
            self.port = port
            self.staleAfter = staleAfter
            self.reconnect = reconnect
            self.connectTimeout = connectTimeout
        }
    }

    /// The feed's state.
    public enum State: Sendable, Equatable, CustomStringConvertible {
        /// The first connection attempt is under way.
        case connecting
        /// gpsd cannot be reached (or the connection broke); the client keeps trying.
        case unreachable(String)
        /// Connected; no position yet.
        case waitingForFix
        /// Positions are flowing.
        case fix
        /// Connected, but no positions any more: gpsd silent, the receiver deactivated or without a fix.
        case lost(String)

        /// One line for the log and systemd's status.
        public var description: String {
            switch self {
            case .connecting: return "connecting to gpsd"
            case .unreachable(let why): return "gpsd unreachable (\(why))"
            case .waitingForFix: return "waiting for a fix"
            case .fix: return "fix"
            case .lost(let why): return "GPS lost (\(why))"
            }
        }

        /// The D-Bus `GpsState` word.
        public var name: String {
            switch self {
            case .connecting: return "connecting"
            case .unreachable: return "unreachable"
            case .waitingForFix: return "waiting-for-fix"
            case .fix: return "fix"
            case .lost: return "lost"
            }
        }
    }

    /// What listeners hear.
    public enum Event: Sendable, Equatable {
        /// A position fix.
        case fix(Fix)
        /// The feed's state changed.
        case state(State)
        /// Something worth a log line that changes no state (gpsd's version).
        case note(String)
        /// Something wrong worth a warning (an unreadable line from gpsd: the connection is reset).
        case problem(String)
    }

    /// The settings in force.
    public private(set) var settings: Settings
    /// The feed's state.
    public private(set) var state: State = .connecting
    /// Reports read since start (any class).
    public private(set) var reportCount = 0

    private let scheduler: any LoopScheduler
    private let listeners = Listeners<Event>()
    private var connection: GPSDConnection?
    private var running = false
    /// True while a connect is under way (on its thread).
    private var connecting = false
    /// Failed attempts since the last fix: the back-off's exponent. Reset by a fix, not by a connect, so a gpsd
    /// that accepts and then breaks the connection (garbage) is retried ever more slowly, as an absent one is.
    private var attempt = 0
    /// Bumped for every connection attempt and by stop and a new address, so a late answer to an abandoned one is
    /// dropped.
    private var generation = 0
    /// The receiver time of the last fix handed on, kept across reconnects.
    private var lastFixTime: Double?
    /// When the last fix was handed on (the reconnect policy's clock).
    private var lastFixAt: MonotonicInstant?
    private var hadFix = false
    private lazy var reconnectTimer = LoopTimer(on: scheduler) { [weak self] in self?.connect() }
    private lazy var connectTimer = LoopTimer(on: scheduler) { [weak self] in self?.connectTimedOut() }
    private lazy var staleTimer = LoopTimer(on: scheduler) { [weak self] in self?.stale() }

    /// A client of gpsd per `settings`, on `scheduler` (the event loop: the gpsd socket is registered there).
    public init(settings: Settings, scheduler: any LoopScheduler = RouteCueLoop.loop) {
        self.settings = settings
        self.scheduler = scheduler
    }

    /// Adds a listener; returns the id that removes it.
    @discardableResult
    public func addListener(_ listener: @escaping @RouteCueLoop (Event) -> Void) -> ListenerID {
        listeners.add(listener)
    }

    /// Starts connecting (returns at once: the connection is made off the loop). Listeners hear `connecting`
    /// first, also on the first start (the state it starts in).
    public func start() {
        guard !running else { return }
        running = true
        state = .connecting
        listeners.notify(.state(.connecting))
        connect()
    }

    /// Disconnects and stops retrying.
    public func stop() {
        running = false
        generation += 1
        connecting = false
        reconnectTimer.set(nil)
        connectTimer.set(nil)
        staleTimer.set(nil)
        connection?.close()
        connection = nil
    }

    /// New settings; a changed host or port reconnects.
    public func apply(_ newSettings: Settings) {
        let reconnect = newSettings.host != settings.host || newSettings.port != settings.port
        settings = newSettings
        guard running, reconnect else { return }
        connection?.close()
        connection = nil
        generation += 1
        connecting = false
        reconnectTimer.set(nil)
        connectTimer.set(nil)
        staleTimer.set(nil)
        attempt = 0
        set(.connecting)
        connect()
    }

    // MARK: Connecting

    private func connect() {
        guard running, connection == nil, !connecting else { return }
        generation += 1
        let generation = self.generation
        connecting = true
        connectTimer.set(scheduler.now.advanced(bySeconds: settings.connectTimeout))
        GPSDConnection.open(host: settings.host, port: String(settings.port)) { [weak self] result in
            guard let self, self.running, self.generation == generation else {
                if case .success(let connection) = result { connection.close() }
                return
            }
            self.connecting = false
            self.connectTimer.set(nil)
            self.opened(result)
        }
    }

    /// The connect has had no answer for `connectTimeout`: unreachable, while it goes on (its end reconnects).
    private func connectTimedOut() {
        guard running, connecting else { return }
        set(.unreachable("no answer from \(settings.host):\(settings.port) within \(Self.seconds(settings.connectTimeout)) s"))
    }

    private func opened(_ result: Result<GPSDConnection, GPSDError>) {
        switch result {
        case .failure(let error):
            connectionEnded(error.description)
        case .success(let connection):
            do {
                try connection.watch { [weak self, weak connection] event in
                    // A listener may have stopped the client or changed its address meanwhile: that connection's
                    // last events are not the current one's.
                    guard let self, let connection, self.connection === connection else { return }
                    self.handle(event)
                }
            } catch {
                connection.close()
                connectionEnded(error.description)
                return
            }
            self.connection = connection
            set(.waitingForFix)
            staleTimer.set(scheduler.now.advanced(bySeconds: settings.staleAfter))
        }
    }

    /// The connection failed or broke: unreachable, and another attempt after the back-off.
    private func connectionEnded(_ reason: String) {
        connection = nil
        staleTimer.set(nil)
        set(.unreachable(reason))
        let delay = settings.reconnect.delay(afterFailedAttempts: attempt, sinceLastFix: lastFixAt.map { scheduler.now.seconds(since: $0) })
        attempt += 1
        reconnectTimer.set(scheduler.now.advanced(bySeconds: delay))
    }

    // MARK: Reports

    private func handle(_ event: GPSDEvent) {
        switch event {
        case .report(let report):
            reportCount += 1
            staleTimer.set(scheduler.now.advanced(bySeconds: settings.staleAfter))
            handle(report)
        case .unreadable(let line, let why):
            listeners.notify(.problem("unreadable line from gpsd (\(why)), reconnecting: \(line.debugDescription)"))
        case .closed(let reason):
            connectionEnded(reason)
        }
    }

    private func handle(_ report: GPSDReport) {
        switch report {
        case .tpv(let tpv):
            guard tpv.mode.rawValue >= 2, let lat = tpv.latitude, let lon = tpv.longitude else {
                if tpv.mode != .notSeen || hadFix {
                    set(hadFix ? .lost("the receiver has no fix") : .waitingForFix)
                }
                return
            }
            // gpsd may report an epoch more than once as its sentences come in, and a reconnect may bring an epoch
            // already handed on: one fix per receiver time, never an older one. A jump back of more than
            // `Self.timeReset` is a receiver (or replay) starting over, and is followed.
            if let time = tpv.time, let last = lastFixTime, time <= last, last - time < Self.timeReset { return }
            if tpv.time != nil { lastFixTime = tpv.time }
            let fix = Self.fix(tpv, latitude: lat, longitude: lon, received: scheduler.now)
            hadFix = true
            lastFixAt = scheduler.now
            attempt = 0
            set(.fix)
            listeners.notify(.fix(fix))
        case .device(let path, let activated):
            if !activated {
                set(.lost("receiver \(path) deactivated"))
            } else if state != .fix {
                set(.waitingForFix)
            }
        case .devices(let paths):
            if paths.isEmpty { set(.lost("gpsd reads no receiver")) }
        case .version(let release, let proto):
            listeners.notify(.note("gpsd \(release) (protocol \(proto)) at \(settings.host):\(settings.port)"))
        case .other:
            break
        }
    }

    /// A receiver time this much before the last one starts the sequence over instead of being dropped as a repeat.
    static let timeReset = 60.0

    private func stale() {
        guard connection != nil else { return }
        set(.lost("no report from gpsd for \(Self.seconds(settings.staleAfter)) s"))
    }

    private func set(_ new: State) {
        guard new != state else { return }
        // A lost feed stays lost with its first reason until positions flow again.
        if case .lost = state, case .lost = new { return }
        state = new
        listeners.notify(.state(new))
    }

    /// The core's fix for a TPV with a position.
    static func fix(_ tpv: GPSDFix, latitude: Double, longitude: Double, received: MonotonicInstant) -> Fix {
        Fix(time: tpv.time, received: received, position: Coordinate(latitude: latitude, longitude: longitude),
            altitudeMSL: tpv.altitudeMSL, altitudeHAE: tpv.altitudeHAE, speed: tpv.speed, course: tpv.track,
            climb: tpv.climb, mode: FixMode(gpsdMode: tpv.mode.rawValue), status: FixStatus(gpsdStatus: tpv.status),
            errors: FixErrorEstimates(horizontal: tpv.eph, longitude: tpv.epx, latitude: tpv.epy, vertical: tpv.epv,
                                      speed: tpv.eps, course: tpv.epd, time: tpv.ept, horizontalOrigin: .receiver))
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }
}
