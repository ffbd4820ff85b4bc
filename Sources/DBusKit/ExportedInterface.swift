import EventLoopKit

/// A named argument of a method or signal, for dispatch checks and introspection.
public struct DBusArgument: Sendable, Hashable {
    public var name: String
    public var type: DBusType
    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }
}

/// One interface an exported object implements: its methods, properties and signals.
public struct ExportedInterface {
    public var name: InterfaceName
    public var methods: [ExportedMethod]
    public var properties: [ExportedProperty]
    public var signals: [ExportedSignal]
    /// Every property's value at once, for `GetAll` (nil: each property's getter in turn). For an interface whose
    /// getters each compute the same dictionary.
    public var allProperties: (@RouteCueLoop () -> [String: DBusValue])?

    public init(name: InterfaceName, methods: [ExportedMethod] = [], properties: [ExportedProperty] = [],
                signals: [ExportedSignal] = [], allProperties: (@RouteCueLoop () -> [String: DBusValue])? = nil) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
        self.allProperties = allProperties
    }
}

/// A method: what it takes and returns, and the handler that answers it (through the invocation, now or later).
public struct ExportedMethod {
    public var name: MemberName
    public var inputs: [DBusArgument]
    public var outputs: [DBusArgument]
    public var handler: @RouteCueLoop (MethodInvocation) -> Void

    public init(_ name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
                handler: @escaping @RouteCueLoop (MethodInvocation) -> Void) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.handler = handler
    }

    /// The signature a call must have (`ss`).
    public var inputSignature: String { DBusType.signature(of: inputs.map(\.type)) }
}

/// A property: its type, how it may be accessed, and the closures reading and writing it.
public struct ExportedProperty {
    /// Read, write or both.
    public enum Access: String, Sendable {
        case read, write, readwrite
    }

    public var name: String
    public var type: DBusType
    public var access: Access
    /// Whether PropertiesChanged carries it (`true`) — what introspection's annotation says.
    public var emitsChanged: Bool
    public var get: (@RouteCueLoop () -> DBusValue)?
    /// Throws a BusError (InvalidArgs with the reason) for a value it refuses.
    public var set: (@RouteCueLoop (DBusValue) throws(BusError) -> Void)?

    /// A read-only property.
    public init(_ name: String, _ type: DBusType, emitsChanged: Bool = true, get: @escaping @RouteCueLoop () -> DBusValue) {
        self.name = name
        self.type = type
        access = .read
        self.emitsChanged = emitsChanged
        self.get = get
        self.set = nil
    }

    /// A read-write property.
    public init(_ name: String, _ type: DBusType, emitsChanged: Bool = true, get: @escaping @RouteCueLoop () -> DBusValue,
                set: @escaping @RouteCueLoop (DBusValue) throws(BusError) -> Void) {
        self.name = name
        self.type = type
        access = .readwrite
        self.emitsChanged = emitsChanged
        self.get = get
        self.set = set
    }
}

/// A signal an interface emits, for introspection.
public struct ExportedSignal: Sendable {
    public var name: MemberName
    public var arguments: [DBusArgument]
    public init(_ name: MemberName, _ arguments: [DBusArgument] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// A method call being answered: its arguments and sender, and `reply` / `fail`, exactly one of which is sent (the
/// first; later ones are ignored). An invocation dropped unanswered replies Failed, so a caller never waits forever.
@RouteCueLoop
public final class MethodInvocation {
    /// The call.
    public let message: DBusMessage
    /// Its arguments, already checked against the method's signature.
    public let arguments: [DBusValue]
    private weak var connection: BusConnection?
    /// True once answered.
    public private(set) var isAnswered = false

    init(message: DBusMessage, arguments: [DBusValue], connection: BusConnection) {
        self.message = message
        self.arguments = arguments
        self.connection = connection
    }

    /// The caller's unique name.
    public var sender: String { message.sender ?? "" }

    /// Replies with `values` (which must have the method's output types).
    public func reply(_ values: [DBusValue] = []) {
        guard !isAnswered else { return }
        isAnswered = true
        guard !message.noReplyExpected, let connection else { return }
        let reply = DBusMessage.methodReturn(to: message)
        do {
            try reply.append(values)
            try connection.send(reply)
        } catch {
            try? connection.send(DBusMessage.errorReply(to: message, error))
        }
    }

    /// Replies with the error `error`.
    public func fail(_ error: BusError) {
        guard !isAnswered else { return }
        isAnswered = true
        guard !message.noReplyExpected, let connection else { return }
        try? connection.send(DBusMessage.errorReply(to: message, error))
    }

    #if compiler(>=6.2)
    isolated deinit { failUnanswered() }
    #else
    deinit { RouteCueLoop.deinitTeardown { failUnanswered() } }  // Swift 6.0: no isolated deinit
    #endif

    /// A call dropped without an answer is answered with an error, so the caller is not left waiting for its timeout.
    private func failUnanswered() {
        if !isAnswered { fail(BusError(.failed, "\(message.member ?? "the method") was not answered")) }
    }
}
