import Glibc

/// Which bus to connect to: the system bus, the user's session bus, or an explicit address (`unix:path=…`,
/// `unix:abstract=…`, as `dbus-daemon --print-address` prints it).
public enum BusAddress: Sendable, Equatable, CustomStringConvertible {
    case system
    case session
    case address(String)

    /// `system`, `session`, or anything else as an address (how `--bus` reads its argument).
    public init(argument: String) {
        switch argument {
        case "system": self = .system
        case "session": self = .session
        default: self = .address(argument)
        }
    }

    /// The address to open: `DBUS_SYSTEM_BUS_ADDRESS` or `/run/dbus/system_bus_socket` for the system bus,
    /// `DBUS_SESSION_BUS_ADDRESS` or `$XDG_RUNTIME_DIR/bus` for the session bus. A session bus that cannot be found
    /// is NoServer.
    public func resolved(environment: [String: String]) throws(BusError) -> String {
        switch self {
        case .address(let address): return address
        case .system:
            if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
            return "unix:path=/run/dbus/system_bus_socket"
        case .session:
            if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
            if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, access(runtime + "/bus", F_OK) == 0 {
                return "unix:path=\(runtime)/bus"
            }
            throw BusError(.noServer, "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist")
        }
    }

    /// `system bus`, `session bus` or the address.
    public var description: String {
        switch self {
        case .system: "system bus"
        case .session: "session bus"
        case .address(let address): address
        }
    }
}
