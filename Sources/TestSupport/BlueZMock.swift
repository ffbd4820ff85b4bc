import Foundation

/// Drives dbusmock's `bluez5` template on a private bus through `gdbus call`, for the tests that follow hands-free
/// devices. AddDevice leaves a device's UUIDs empty: `addDevice` sets them with the generic
/// `org.freedesktop.DBus.Mock.UpdateProperties`.
public struct BlueZMock: Sendable {
    /// The bus the mock is on.
    public let bus: DBusDaemonProcess
    /// The mock's log, for failure messages.
    public let log: @Sendable () -> String

    /// The mock on `bus`; `log` reads what it logged.
    public init(bus: DBusDaemonProcess, log: @escaping @Sendable () -> String = { "" }) {
        self.bus = bus
        self.log = log
    }

    /// The object path BlueZ gives the device `address` on `hci0`.
    public static func devicePath(_ address: String) -> String {
        "/org/bluez/hci0/dev_" + address.replacingOccurrences(of: ":", with: "_")
    }

    /// `org.bluez.Mock.METHOD ARGUMENTS` (AddAdapter, ConnectDevice, DisconnectDevice, …), arguments in GVariant text.
    public func call(_ method: String, _ arguments: [String]) throws {
        let result = try bus.gdbusCall(destination: "org.bluez", path: "/", method: "org.bluez.Mock.\(method)", arguments)
        guard result.status == 0 else { throw DBusDaemonError(message: "\(method): \(result.stderr)\n\(log())") }
    }

    /// `org.freedesktop.DBus.Mock.UpdateProperties org.bluez.Device1 PROPERTIES` on the device at `path`.
    public func update(_ path: String, _ properties: String) throws {
        let result = try bus.gdbusCall(destination: "org.bluez", path: path, method: "org.freedesktop.DBus.Mock.UpdateProperties",
                                       ["'org.bluez.Device1'", properties])
        guard result.status == 0 else { throw DBusDaemonError(message: "UpdateProperties \(properties): \(result.stderr)") }
    }

    /// Adds a device on `hci0` with `uuids`, connected or not; its path.
    @discardableResult
    public func addDevice(_ address: String, alias: String, uuids: [String], connected: Bool) throws -> String {
        try call("AddDevice", ["'hci0'", "'\(address)'", Self.gvariantString(alias)])
        let path = Self.devicePath(address)
        try update(path, "{'UUIDs': <[" + uuids.map { "'\($0)'" }.joined(separator: ", ") + "]>}")
        if connected { try call("ConnectDevice", ["'hci0'", "'\(address)'"]) }
        return path
    }

    /// `text` as a GVariant string literal.
    public static func gvariantString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            .replacingOccurrences(of: "\n", with: "\\n") + "'"
    }
}
