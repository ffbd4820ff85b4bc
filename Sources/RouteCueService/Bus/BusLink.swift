import DBusKit
import EventLoopKit

/// A connection to one bus that keeps itself up: connects (on a thread of its own, never blocking the loop),
/// retries with back-off while there is no bus (0.25 s doubling to 5 s), and when the bus goes away connects again.
/// Whoever uses the bus — the control interface, the BlueZ, bluez-alsa, oFono and MPRIS clients — hears each new
/// connection and each loss, and sets itself up again on the next one.
@RouteCueLoop
public final class BusLink {
    /// Where it connects.
    public let bus: BusAddress
    /// What the log calls it ("control", "media").
    public let label: String
    /// The connection, while there is one.
    public private(set) var connection: BusConnection?
    private let log: DaemonLog
    private var connectedHandlers: [@RouteCueLoop (BusConnection) -> Void] = []
    private var lostHandlers: [@RouteCueLoop () -> Void] = []
    private var retryDelay = BusLink.firstRetry
    private var started = false
    private var stopped = false
    /// The clock of the retries and of the connection's timeouts.
    private let scheduler: any LoopScheduler
    private lazy var retryTimer = LoopTimer(on: scheduler) { [weak self] in self?.connect() }

    static let firstRetry = 0.25
    static let longestRetry = 5.0

    /// A link to `bus` whose retries and timeouts run on `scheduler`; nothing happens before `start`.
    public init(bus: BusAddress, label: String, log: DaemonLog, scheduler: any LoopScheduler = RouteCueLoop.loop) {
        self.bus = bus
        self.scheduler = scheduler
        self.label = label
        self.log = log
    }

    /// Calls `handler` with every new connection (at once with the current one, if there is one).
    public func onConnected(_ handler: @escaping @RouteCueLoop (BusConnection) -> Void) {
        connectedHandlers.append(handler)
        if let connection { handler(connection) }
    }

    /// Calls `handler` each time the connection is lost (not when `stop` closes it).
    public func onLost(_ handler: @escaping @RouteCueLoop () -> Void) {
        lostHandlers.append(handler)
    }

    /// Starts connecting.
    public func start() {
        guard !started else { return }
        started = true
        connect()
    }

    /// Closes the connection and stops reconnecting.
    public func stop() {
        stopped = true
        retryTimer.set(nil)
        connection?.close()
        connection = nil
    }

    private func connect() {
        guard !stopped else { return }
        BusConnection.connect(bus, scheduler: scheduler) { [weak self] result in
            guard let self, !self.stopped else {
                if case .success(let connection) = result { connection.close() }
                return
            }
            switch result {
            case .success(let connection): self.connected(connection)
            case .failure(let error): self.retry("cannot connect to the \(self.bus): \(error.message)")
            }
        }
    }

    private func retry(_ why: String) {
        log.warning("\(label): \(why); trying again in \(retryDelay) s (guidance goes on)")
        retryTimer.set(scheduler.now.advanced(bySeconds: retryDelay))
        retryDelay = min(Self.longestRetry, retryDelay * 2)
    }

    private func connected(_ connection: BusConnection) {
        self.connection = connection
        retryDelay = Self.firstRetry
        connection.onDisconnect { [weak self] error in
            guard let self, !self.stopped, self.connection === connection else { return }
            self.connection = nil
            for handler in self.lostHandlers { handler() }
            self.retry("the \(self.bus) went away (\(error.message))")
        }
        for handler in connectedHandlers { handler(connection) }
    }
}
