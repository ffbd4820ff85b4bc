import DBusKit
import EventLoopKit
import RouteCueService
import TestSupport
import XCTest

/// A private dbus-daemon, `routecue run`'s daemon in the test's process offering its control interface there, and the
/// UI's connection to it: what the in-process bus tests share. `stop()` closes the connection, stops the daemon (the
/// SIGTERM path) and the bus, by PID.
final class InProcessDaemonOnBus {
    /// The private bus.
    let bus: DBusDaemonProcess
    /// The daemon, once started.
    private(set) var daemon: InProcessDaemon?
    private var client: BusConnection?

    /// A private session bus; skips the test where dbus-daemon is not installed.
    init() throws {
        try DBusDaemonProcess.require()
        bus = try DBusDaemonProcess(.session)
    }

    /// Starts the daemon per `options` (whose `bus` is this bus), waits for it to own its name, and connects the UI.
    func start(_ options: DaemonOptions, file: StaticString = #filePath, line: UInt = #line) throws -> InProcessDaemon {
        let daemon = try InProcessDaemon.start(options)
        self.daemon = daemon
        XCTAssertTrue(bus.waitForOwner(of: ControlBus.name.rawValue, within: 10), daemon.log.lines.joined(), file: file, line: line)
        client = try connectToBus(bus.address)
        return daemon
    }

    /// Calls `method` of `interface` on the daemon and waits for its reply.
    func call(_ interface: InterfaceName, _ method: MemberName, _ arguments: [DBusValue] = []) throws -> Result<[DBusValue], BusError> {
        try callAndWait(client!, ControlBus.name, ControlBus.path, interface, method, arguments)
    }

    /// Reads property `name` of `interface` from the daemon.
    func property(_ interface: InterfaceName, _ name: String) throws -> DBusValue? {
        try propertyAndWait(client!, ControlBus.name, ControlBus.path, interface, name)
    }

    /// Closes the connection, stops the daemon and the bus.
    func stop() {
        let client = client
        _ = try? onLoop { client?.close() }
        try? daemon?.stop()
        bus.stop()
    }
}
