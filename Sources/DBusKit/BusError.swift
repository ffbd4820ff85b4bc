/// A D-Bus error: its name (`org.freedesktop.DBus.Error.InvalidArgs`, `org.routecue.Error.BadRoute`) and a message
/// a person understands. Error replies received become one; one thrown by an exported method is sent as its reply.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error name.
    public let name: String
    /// The human-readable message.
    public let message: String

    /// An error called `name` saying `message`.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// A standard error with `message`.
    public init(_ standard: Standard, _ message: String) {
        self.init(name: standard.rawValue, message: message)
    }

    /// `name: message`, as busctl and gdbus print it.
    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    /// The errors of `org.freedesktop.DBus.Error` this library sends or maps.
    public enum Standard: String, Sendable {
        case failed = "org.freedesktop.DBus.Error.Failed"
        case noMemory = "org.freedesktop.DBus.Error.NoMemory"
        case noReply = "org.freedesktop.DBus.Error.NoReply"
        case timeout = "org.freedesktop.DBus.Error.Timeout"
        case disconnected = "org.freedesktop.DBus.Error.Disconnected"
        case noServer = "org.freedesktop.DBus.Error.NoServer"
        case invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        case invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        case unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        case unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        case unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        case unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        case propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        case accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        case serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        case nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        case notSupported = "org.freedesktop.DBus.Error.NotSupported"
        case limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    }

    /// True when this is the standard error `standard`.
    public func `is`(_ standard: Standard) -> Bool { name == standard.rawValue }
}
