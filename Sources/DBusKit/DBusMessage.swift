import CDBus

/// One D-Bus message (libdbus's `DBusMessage`, reference-counted): a method call, its reply or error, or a signal.
/// Build one with the static constructors and `append`, read one with `arguments()`. A message is used on one thread
/// at a time (the loop's), which is what makes passing it between closures sound.
public final class DBusMessage: @unchecked Sendable, CustomStringConvertible {
    /// libdbus's message.
    let raw: OpaquePointer

    /// What kind of message it is.
    public enum Kind: Sendable, Equatable {
        case methodCall, methodReturn, error, signal, invalid
    }

    /// Wraps `raw`, taking over the caller's reference.
    init(taking raw: OpaquePointer) { self.raw = raw }

    /// Wraps `raw`, adding a reference of its own (a message libdbus lends to a callback).
    init(borrowing raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    private static func made(_ raw: OpaquePointer?) -> DBusMessage {
        guard let raw else { fatalError("libdbus is out of memory") }
        return DBusMessage(taking: raw)
    }

    // MARK: - Making messages

    /// A call of `interface.member` on `path` at `destination`.
    public static func methodCall(destination: BusName?, path: ObjectPath, interface: InterfaceName?,
                                  member: MemberName) -> DBusMessage {
        made(dbus_message_new_method_call(destination?.rawValue, path.rawValue, interface?.rawValue, member.rawValue))
    }

    /// A signal `interface.member` from `path` (broadcast unless `destination` is given).
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName,
                              destination: BusName? = nil) -> DBusMessage {
        let message = made(dbus_message_new_signal(path.rawValue, interface.rawValue, member.rawValue))
        if let destination { _ = dbus_message_set_destination(message.raw, destination.rawValue) }
        return message
    }

    /// The successful reply to `call`.
    public static func methodReturn(to call: DBusMessage) -> DBusMessage {
        made(dbus_message_new_method_return(call.raw))
    }

    /// The error reply `error` to `call`.
    public static func errorReply(to call: DBusMessage, _ error: BusError) -> DBusMessage {
        made(dbus_message_new_error(call.raw, error.name, error.message))
    }

    // MARK: - Header

    /// The message's kind.
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: .error
        case DBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .invalid
        }
    }

    private static func string(_ c: UnsafePointer<CChar>?) -> String? { c.map { String(cString: $0) } }

    /// The object path (calls and signals).
    public var path: ObjectPath? { Self.string(dbus_message_get_path(raw)).map(ObjectPath.init(unchecked:)) }
    /// The interface (calls and signals; a call may omit it).
    public var interface: String? { Self.string(dbus_message_get_interface(raw)) }
    /// The method or signal name.
    public var member: String? { Self.string(dbus_message_get_member(raw)) }
    /// The error name (error replies).
    public var errorName: String? { Self.string(dbus_message_get_error_name(raw)) }
    /// The sender's unique name (set by the bus).
    public var sender: String? { Self.string(dbus_message_get_sender(raw)) }
    /// The destination.
    public var destination: String? { Self.string(dbus_message_get_destination(raw)) }
    /// The body's signature.
    public var signature: String { Self.string(dbus_message_get_signature(raw)) ?? "" }
    /// The serial the connection gave it when sending (0 before).
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    /// The serial of the call this replies to.
    public var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }

    /// Whether the caller wants no reply (`NO_REPLY_EXPECTED`).
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set { dbus_message_set_no_reply(raw, newValue ? 1 : 0) }
    }

    /// True for a signal `interface.member`.
    public func isSignal(_ interface: InterfaceName, _ member: MemberName) -> Bool {
        dbus_message_is_signal(raw, interface.rawValue, member.rawValue) != 0
    }

    /// The error an error reply carries (its name and first string argument), nil for other kinds.
    public var error: BusError? {
        guard kind == .error else { return nil }
        let text = (try? arguments())?.first?.string ?? ""
        return BusError(name: errorName ?? BusError.Standard.failed.rawValue, message: text)
    }

    /// e.g. `method call org.routecue.Guidance1.Start on /org/routecue/Guidance from :1.4`.
    public var description: String {
        let what: String = switch kind {
        case .methodCall: "method call"
        case .methodReturn: "method return"
        case .error: "error \(errorName ?? "")"
        case .signal: "signal"
        case .invalid: "invalid message"
        }
        let name = [interface, member].compactMap { $0 }.joined(separator: ".")
        return [what, name, path.map { "on \($0)" }, sender.map { "from \($0)" }].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: - Body

    /// Appends `values` to the body. A string holding NUL, or a container whose items do not have its element type,
    /// is InvalidArgs and leaves the message unusable for sending. Values that would take the body's signature past the
    /// specification's limits are InvalidSignature and leave the message as it was (libdbus would write a message it
    /// cannot read back).
    public func append(_ values: [DBusValue]) throws(BusError) {
        _ = try DBusType.list(signature + DBusType.signature(of: values.map(\.type)))
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iterator)
        for value in values { try MessageWriter.append(value, to: &iterator) }
    }

    /// Appends `values` to the body.
    public func append(_ values: DBusValue...) throws(BusError) { try append(values) }

    /// The body's values, in order.
    public func arguments() throws(BusError) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0 else { return [] }
        return try MessageReader.readAll(&iterator)
    }
}
