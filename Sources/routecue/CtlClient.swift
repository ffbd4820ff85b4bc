import DBusKit
import Dispatch
import EventLoopKit
import RouteCueService

/// `routecue run`'s object (`org.routecue` at `/org/routecue/Guidance`) as `routecue ctl` reaches it from the
/// command-line thread: each method runs DBusKit on the event loop and waits for the reply, no longer than the
/// timeout (DBusKit's NoReply after `timeout` seconds, this thread one second later as a backstop).
final class CtlClient: Sendable {
    static let name: BusName = "org.routecue"
    static let path: ObjectPath = "/org/routecue/Guidance"
    static let guidance: InterfaceName = "org.routecue.Guidance1"
    static let audio: InterfaceName = "org.routecue.Audio1"

    /// The bus connected to.
    let bus: BusAddress
    /// Seconds each reply is waited for.
    let timeout: Double
    /// The connection, used on the loop only.
    let connection: BusConnection

    private init(bus: BusAddress, timeout: Double, connection: BusConnection) {
        self.bus = bus
        self.timeout = timeout
        self.connection = connection
    }

    /// Connects to `bus` and waits (up to `timeout` seconds) for the connection.
    static func connect(_ bus: BusAddress, timeout: Double) throws(CtlFailure) -> CtlClient {
        do {
            let connection = try wait(timeout, "connecting to the \(bus)") { done in BusConnection.connect(bus, completion: done) }
            return CtlClient(bus: bus, timeout: timeout, connection: connection)
        } catch {
            throw .connect(error, bus: bus)
        }
    }

    /// Calls `interface.member` on RouteCue's object; the reply's values.
    func call(_ interface: InterfaceName, _ member: MemberName, _ arguments: [DBusValue] = []) throws(CtlFailure) -> [DBusValue] {
        try waitForReply("\(member)") { [connection, timeout] done in
            connection.call(destination: Self.name, path: Self.path, interface: interface, member: member,
                            arguments: arguments, timeout: timeout, done)
        }
    }

    /// Every property of `interface` (values unwrapped).
    func properties(_ interface: InterfaceName) throws(CtlFailure) -> [String: DBusValue] {
        try waitForReply("GetAll of \(interface)") { [connection, timeout] done in
            connection.getAllProperties(destination: Self.name, path: Self.path, interface: interface, timeout: timeout, done)
        }
    }

    /// Writes property `name` of `interface`.
    func setProperty(_ interface: InterfaceName, _ name: String, _ value: DBusValue) throws(CtlFailure) {
        try waitForReply("Set of \(name)") { [connection, timeout] done in
            connection.setProperty(destination: Self.name, path: Self.path, interface: interface, name: name,
                                   value: value, timeout: timeout, done)
        }
    }

    /// The guidance options (GetOptions).
    func options() throws(CtlFailure) -> [String: DBusValue] {
        let reply = try call(Self.guidance, "GetOptions")
        guard let options = reply.first?.dictionary else {
            throw .local("GetOptions answered \(reply), not a{sv}")
        }
        return options.mapValues(\.unwrapped)
    }

    /// Whether file descriptors can travel on the connection (LoadRouteFd).
    var canPassFileDescriptors: Bool {
        let connection = connection
        return (try? RouteCueLoop.runAndWait { connection.canPassFileDescriptors }) ?? false
    }

    /// Closes the connection.
    func close() {
        let connection = connection
        _ = try? RouteCueLoop.runAndWait { connection.close() }
    }

    /// What a call is started with on the loop: the completion to hand DBusKit.
    typealias Start<T: Sendable> = @RouteCueLoop @Sendable (@escaping @Sendable (Result<T, BusError>) -> Void) -> Void

    private func waitForReply<T: Sendable>(_ what: String, _ start: @escaping Start<T>) throws(CtlFailure) -> T {
        do {
            return try Self.wait(timeout, what, start)
        } catch {
            throw .call(error, bus: bus)
        }
    }

    /// Runs `start` on the loop with a completion and waits on this thread, up to `seconds` + 1, for its result.
    static func wait<T: Sendable>(_ seconds: Double, _ what: String, _ start: @escaping Start<T>) throws(BusError) -> T {
        let reply = Reply<Result<T, BusError>>()
        do {
            try RouteCueLoop.runAndWait { start { reply.set($0) } }
        } catch {
            throw BusError(.failed, "the event loop: \(error)")
        }
        guard let result = reply.wait(seconds + 1) else {
            throw BusError(.noReply, "\(what): no reply within \(seconds) s")
        }
        return try result.get()
    }
}

/// A value the loop sets once and a command-line thread waits for.
final class Reply<T: Sendable>: Sendable {
    private let slot = LockedValue<T?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Sets the value (the first one counts) and wakes the waiter.
    func set(_ value: T) {
        let first = slot.withLock { current in
            guard current == nil else { return false }
            current = value
            return true
        }
        if first { arrived.signal() }
    }

    /// The value, once set; nil after `seconds` (nil `seconds`: waits as long as it takes).
    func wait(_ seconds: Double?) -> T? {
        if let seconds {
            guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        } else {
            arrived.wait()
        }
        return slot.withLock { $0 }
    }
}

/// Why a `routecue ctl` command failed: one line on standard error, exit status 1.
enum CtlFailure: Error, CustomStringConvertible {
    /// A call failed: its D-Bus error.
    case call(BusError, bus: BusAddress)
    /// The bus could not be reached.
    case connect(BusError, bus: BusAddress)
    /// Something on this side (a file that cannot be read, a reply of the wrong shape).
    case local(String)

    var description: String {
        switch self {
        case .call(let error, let bus) where error.is(.serviceUnknown) || error.is(.nameHasNoOwner):
            "nothing owns \(CtlClient.name) on \(Self.phrase(bus)): is routecue run running there? (\(error.name))"
        case .call(let error, _):
            error.message.isEmpty ? error.name : "\(error.name): \(error.message)"
        case .connect(let error, let bus):
            "cannot connect to \(Self.phrase(bus)): \(error)"
        case .local(let message):
            message
        }
    }

    /// "the system bus", "the session bus", "the bus at unix:path=…".
    static func phrase(_ bus: BusAddress) -> String {
        if case .address(let address) = bus { return "the bus at \(address)" }
        return "the \(bus)"
    }
}
