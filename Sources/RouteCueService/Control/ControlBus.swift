import DBusKit
import EventLoopKit
import RouteCueCore

/// The control interface's life on its bus (a `BusLink`: connects, retrying with back-off while there is no bus), exports the
/// objects, owns `org.routecue` (`DO_NOT_QUEUE`), and when the bus goes away connects again, exports and owns the
/// name again and tells the UI the current state. Guidance never waits for any of it. The name owned by another
/// process, or taken away, is fatal (`onFatal`): systemd restarts the unit, and two RouteCues never both speak.
@RouteCueLoop
public final class ControlBus {
    /// The well-known name.
    public nonisolated static let name: BusName = "org.routecue"
    /// The object both interfaces live on.
    public nonisolated static let path: ObjectPath = "/org/routecue/Guidance"

    /// The link to the bus (shared with the BlueZ, bluez-alsa and oFono clients, which live on the same bus).
    public let link: BusLink
    /// Where it connects.
    public var bus: BusAddress { link.bus }
    /// The connection, while there is one.
    public var connection: BusConnection? { link.connection }
    /// True while the connection owns `name`.
    public private(set) var ownsName = false
    /// What the bus has: interfaces to export on each connection, and what to emit once the name is owned again.
    private let interfaces: @RouteCueLoop () -> [ExportedInterface]
    private let owned: @RouteCueLoop () -> Void
    private let log: DaemonLog
    /// Called once with why the process must end (the name belongs to someone else).
    public var onFatal: (@RouteCueLoop (String) -> Void)?
    private var stopped = false

    /// A control bus on `bus` exporting `interfaces()` at `path`; `owned` runs each time the name is (re)acquired.
    /// Its retries and timeouts run on `scheduler`.
    public init(bus: BusAddress, log: DaemonLog, scheduler: any LoopScheduler = RouteCueLoop.loop,
                interfaces: @escaping @RouteCueLoop () -> [ExportedInterface], owned: @escaping @RouteCueLoop () -> Void) {
        link = BusLink(bus: bus, label: "control", log: log, scheduler: scheduler)
        self.log = log
        self.interfaces = interfaces
        self.owned = owned
        link.onConnected { [weak self] connection in self?.connected(connection) }
        link.onLost { [weak self] in self?.ownsName = false }
    }

    /// Starts connecting.
    public func start() { link.start() }

    /// Releases the name and closes the connection (SIGTERM): the UI sees the name go at once.
    public func stop() {
        stopped = true
        if let connection, ownsName { connection.releaseName(Self.name) }
        ownsName = false
        link.stop()
    }

    /// Emits a signal of `interface` on the object, when the name is owned (nothing is queued for later: a UI that
    /// connects afterwards reads the properties).
    public func emit(_ interface: InterfaceName, _ member: MemberName, _ arguments: [DBusValue]) {
        guard ownsName, let connection else { return }
        do {
            try connection.emit(path: Self.path, interface: interface, member: member, arguments: arguments)
        } catch {
            log.warning("control: \(interface).\(member) not emitted: \(error)")
        }
    }

    /// Emits PropertiesChanged for `interface`, when the name is owned and something changed.
    public func propertiesChanged(_ interface: InterfaceName, _ changed: [String: DBusValue]) {
        guard ownsName, let connection, !changed.isEmpty else { return }
        do {
            try connection.emitPropertiesChanged(path: Self.path, interface: interface, changed: changed)
        } catch {
            log.warning("control: PropertiesChanged of \(interface) not emitted: \(error)")
        }
    }

    private func connected(_ connection: BusConnection) {
        do {
            try connection.export(interfaces(), at: Self.path)
        } catch {
            log.error("control: cannot export \(Self.path): \(error)")
        }
        connection.onNameLost { [weak self] name in
            guard let self, name == Self.name.rawValue, self.ownsName, !self.stopped else { return }
            self.ownsName = false
            self.onFatal?("lost the bus name \(name) to another process")
        }
        connection.requestName(Self.name) { [weak self] result in
            guard let self, !self.stopped else { return }
            switch result {
            case .success(.primaryOwner), .success(.alreadyOwner):
                self.ownsName = true
                self.log.info("control: \(Self.name) on the \(self.bus) (\(connection.uniqueName))")
                self.owned()
            case .success:
                self.onFatal?("the bus name \(Self.name) is owned by another process on the \(self.bus)")
            case .failure(let error) where error.is(.accessDenied):
                // The bus policy does not let this user own the name (an install problem, not a reason to stop
                // guiding): the objects stay reachable at the unique name.
                self.log.error("control: the \(self.bus) refuses \(Self.name) to this user: \(error.message); reachable as \(connection.uniqueName) only")
            case .failure(let error):
                self.log.error("control: RequestName \(Self.name): \(error)")
            }
        }
    }
}
