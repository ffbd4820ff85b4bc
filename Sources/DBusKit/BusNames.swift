import CDBus

/// Runs one of libdbus's `dbus_validate_*` checks on `text`; the error names what is wrong with it. libdbus reads a C
/// string, so a NUL is refused first: it would validate the text before it and send only that.
private func validate(_ text: String, _ what: String,
                      _ check: (UnsafePointer<CChar>, UnsafeMutablePointer<DBusError>) -> dbus_bool_t) throws(BusError) {
    guard !text.utf8.contains(0) else {
        throw BusError(.invalidArgs, "\"\(text.replacingNUL)\" is not a valid \(what): it holds a NUL character")
    }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let valid = text.withCString { check($0, &error) } != 0
    guard valid else {
        let why = error.message.map { String(cString: $0) } ?? "malformed"
        throw BusError(.invalidArgs, "\"\(text)\" is not a valid \(what): \(why)")
    }
}

extension String {
    /// The text with each NUL shown as `\0` (for messages).
    fileprivate var replacingNUL: String { split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: "\\0") }
}

/// A D-Bus object path (`/org/routecue/Guidance`), validated.
public struct ObjectPath: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path.
    public let rawValue: String

    /// `text` as an object path; InvalidArgs when it is not one.
    public init(_ text: String) throws(BusError) {
        try validate(text, "object path") { dbus_validate_path($0, $1) }
        rawValue = text
    }

    /// A path written in the source; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("\(error)") }
    }

    init(unchecked text: String) { rawValue = text }

    /// The root path `/`.
    public static let root = ObjectPath(unchecked: "/")

    public var description: String { rawValue }

    public static func < (a: ObjectPath, b: ObjectPath) -> Bool { a.rawValue < b.rawValue }

    /// True when `self` is `other` or lies below it (`/a/b` is within `/a` and within `/`).
    public func isWithin(_ other: ObjectPath) -> Bool {
        other.rawValue == "/" || rawValue == other.rawValue || rawValue.hasPrefix(other.rawValue + "/")
    }

    /// `self` with one more element, `/org` + `routecue` = `/org/routecue`.
    public func appending(_ element: String) throws(BusError) -> ObjectPath {
        try ObjectPath(rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }
}

/// A bus name: well-known (`org.routecue`) or unique (`:1.42`), validated.
public struct BusName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name.
    public let rawValue: String

    /// `text` as a bus name; InvalidArgs when it is not one.
    public init(_ text: String) throws(BusError) {
        try validate(text, "bus name") { dbus_validate_bus_name($0, $1) }
        rawValue = text
    }

    /// A name written in the source; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("\(error)") }
    }

    /// True for a unique connection name (`:1.42`).
    public var isUnique: Bool { rawValue.hasPrefix(":") }

    /// The bus itself, `org.freedesktop.DBus`.
    public static let bus: BusName = "org.freedesktop.DBus"

    public var description: String { rawValue }
}

/// An interface name (`org.routecue.Guidance1`), validated.
public struct InterfaceName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name.
    public let rawValue: String

    /// `text` as an interface name; InvalidArgs when it is not one.
    public init(_ text: String) throws(BusError) {
        try validate(text, "interface name") { dbus_validate_interface($0, $1) }
        rawValue = text
    }

    /// A name written in the source; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("\(error)") }
    }

    public var description: String { rawValue }

    public static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    public static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    public static let peer: InterfaceName = "org.freedesktop.DBus.Peer"
    public static let objectManager: InterfaceName = "org.freedesktop.DBus.ObjectManager"
    public static let bus: InterfaceName = "org.freedesktop.DBus"
}

/// A method or signal name (`LoadRoute`), validated.
public struct MemberName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name.
    public let rawValue: String

    /// `text` as a member name; InvalidArgs when it is not one.
    public init(_ text: String) throws(BusError) {
        try validate(text, "member name") { dbus_validate_member($0, $1) }
        rawValue = text
    }

    /// A name written in the source; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("\(error)") }
    }

    public var description: String { rawValue }
}
