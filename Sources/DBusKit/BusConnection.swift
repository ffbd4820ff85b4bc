import CDBus
import EventLoopKit
import Glibc

/// A connection to a message bus through libdbus, living on RouteCue's event loop: connecting (socket, auth and
/// `Hello`, all blocking in libdbus) runs on a thread of its own; then libdbus's watches and timeouts are registered
/// on the loop, messages are dispatched as loop jobs, and every call is asynchronous with a timeout — nothing here
/// ever blocks the loop. A bus that goes away never ends the process (`exit_on_disconnect` is off): the connection
/// reports `disconnected` to its watchers and fails what was pending.
@RouteCueLoop
public final class BusConnection {
    /// The bus connected to.
    public let bus: BusAddress
    /// The connection's unique name on the bus (`:1.42`).
    public let uniqueName: String
    /// libdbus's connection; nil once closed.
    private(set) var raw: OpaquePointer?
    /// What libdbus's callbacks reach the connection through.
    private let callbacks: ConnectionCallbacks

    private var watches: [UInt64: (watch: OpaquePointer, registration: DescriptorRegistration)] = [:]
    private var timeouts: [UInt64: (timeout: OpaquePointer, timer: LoopTimerID?)] = [:]
    private var nextHandle: UInt64 = 1
    private var dispatchQueued = false

    /// Sent calls awaiting their replies, by serial.
    var pendingCalls: [UInt32: PendingCall] = [:]
    private var serialsByCall: [UInt64: UInt32] = [:]
    /// Calls waiting for room among those in flight, in order.
    private var queuedCalls: [UInt64: PendingCall] = [:]
    private var queuedOrder: [UInt64] = []
    var subscriptions: [UInt64: SignalSubscriptionEntry] = [:]
    var nameOwners: [String: NameOwnerEntry] = [:]
    var objects = ObjectRegistry()
    private var disconnectHandlers: [UInt64: @RouteCueLoop (BusError) -> Void] = [:]

    /// The default time a call waits for its reply.
    public static let defaultTimeout = 25.0

    /// A call waiting to be sent or for its reply.
    struct PendingCall {
        let id: UInt64
        let message: DBusMessage
        let completion: @RouteCueLoop (Result<DBusMessage, BusError>) -> Void
        let timer: LoopTimerID?
        let what: String
    }

    /// Unanswered calls sent at most (see `call`).
    public var maxCallsInFlight = 100

    /// The clock and timers of call timeouts and libdbus's timeouts (descriptors and dispatch stay on the loop
    /// `RouteCueLoop` runs on).
    private let scheduler: any LoopScheduler

    private init(bus: BusAddress, raw: OpaquePointer, scheduler: any LoopScheduler) {
        self.bus = bus
        self.raw = raw
        self.scheduler = scheduler
        uniqueName = dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? ""
        callbacks = ConnectionCallbacks()
        callbacks.connection = self
        attach(raw)
    }

    /// Connects to `bus` on a thread of its own (libdbus's connect, authentication and `Hello` block); `completion`
    /// runs on the loop with the connection, ready to use, or why it failed. Its timeouts run on `scheduler` (a
    /// `ManualLoop` in tests puts them on virtual time).
    public static func connect(_ bus: BusAddress, scheduler: any LoopScheduler = RouteCueLoop.loop,
                               environment: [String: String] = ProcessEnvironment.variables(),
                               completion: @escaping @RouteCueLoop (Result<BusConnection, BusError>) -> Void) {
        let address: String
        do { address = try bus.resolved(environment: environment) } catch {
            completion(.failure(error))
            return
        }
        DBusThreads.initialize()
        let start = { @Sendable () -> Void in
            let outcome = openPrivate(address)
            try? RouteCueLoop.loop.execute {
                RouteCueLoop.assumeIsolated {
                    switch outcome {
                    case .success(let handed): completion(.success(BusConnection(bus: bus, raw: handed.raw, scheduler: scheduler)))
                    case .failure(let error): completion(.failure(error))
                    }
                }
            }
        }
        do {
            try SystemThread(name: "routecue-dbus", start).detach()
        } catch {
            completion(.failure(BusError(.failed, "connect to \(bus): \(error)")))
        }
    }

    /// A libdbus connection handed from the connecting thread to the loop.
    struct HandedConnection: @unchecked Sendable { let raw: OpaquePointer }

    /// Opens a private connection and registers it with the bus (blocking: call off the loop).
    private nonisolated static func openPrivate(_ address: String) -> Result<HandedConnection, BusError> {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let raw = dbus_connection_open_private(address, &error) else {
            return .failure(BusError(&error, fallback: "cannot connect to \(address)"))
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        guard dbus_bus_register(raw, &error) != 0 else {
            let failure = BusError(&error, fallback: "\(address) did not answer Hello")
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            return .failure(failure)
        }
        return .success(HandedConnection(raw: raw))
    }

    #if compiler(>=6.2)
    isolated deinit { close() }
    #else
    deinit { RouteCueLoop.deinitTeardown { close() } }  // Swift 6.0: no isolated deinit
    #endif

    /// True until the connection is closed or the bus went away.
    public var isConnected: Bool {
        guard let raw else { return false }
        return dbus_connection_get_is_connected(raw) != 0
    }

    /// Whether file descriptors can travel on this connection (Unix sockets after negotiation).
    public var canPassFileDescriptors: Bool {
        guard let raw else { return false }
        return dbus_connection_can_send_type(raw, routecue_DBUS_TYPE_UNIX_FD) != 0
    }

    /// Calls `handler` once when the bus goes away (or the connection is closed), with why.
    @discardableResult
    public func onDisconnect(_ handler: @escaping @RouteCueLoop (BusError) -> Void) -> UInt64 {
        let id = makeHandle()
        disconnectHandlers[id] = handler
        return id
    }

    /// Forgets a handler given to `onDisconnect`.
    public func removeDisconnectHandler(_ id: UInt64) { disconnectHandlers[id] = nil }

    /// Closes the connection: pending calls fail with Disconnected, names it owned are released by the bus,
    /// disconnect handlers hear it. Nothing happens on a second call.
    public func close() {
        end(BusError(.disconnected, "the connection to the \(bus) was closed"))
    }

    func makeHandle() -> UInt64 {
        defer { nextHandle += 1 }
        return nextHandle
    }

    // MARK: - Sending

    /// Sends `message` without waiting for anything (a signal, a reply, a call whose reply does not matter).
    public func send(_ message: DBusMessage) throws(BusError) {
        guard let raw, isConnected else { throw BusError(.disconnected, "not connected to the \(bus)") }
        guard dbus_connection_send(raw, message.raw, nil) != 0 else {
            throw BusError(.noMemory, "libdbus could not queue \(message)")
        }
    }

    /// Sends the call `message`; `completion` runs on the loop with the reply, an error reply as `BusError`, NoReply
    /// after `timeout` seconds, or Disconnected if the bus goes away first. It runs exactly once. Beyond
    /// `maxCallsInFlight` unanswered calls, calls wait here in order (a bus refuses more pending replies per
    /// connection than its limit with LimitsExceeded: 128 on Debian's system bus); the timeout counts from this call.
    public func call(_ message: DBusMessage, timeout: Double = BusConnection.defaultTimeout,
                     _ completion: @escaping @RouteCueLoop (Result<DBusMessage, BusError>) -> Void) {
        guard raw != nil, isConnected else {
            completion(.failure(BusError(.disconnected, "not connected to the \(bus)")))
            return
        }
        let id = makeHandle()
        let what = "\(message.interface ?? "").\(message.member ?? "") on \(message.destination ?? "?")"
        let due = scheduler.nowNanoseconds + UInt64(max(0, timeout) * 1e9)
        let timer = try? scheduler.schedule(atNanoseconds: due) { [weak self] in
            RouteCueLoop.assumeIsolated { self?.timeOut(id, after: timeout) }
        }
        let entry = PendingCall(id: id, message: message, completion: completion, timer: timer, what: what)
        if pendingCalls.count < maxCallsInFlight && queuedCalls.isEmpty {
            transmit(entry)
        } else {
            queuedCalls[id] = entry
            queuedOrder.append(id)
        }
    }

    /// Sends a call and files it under its serial until the reply comes.
    private func transmit(_ entry: PendingCall) {
        guard let raw else { return }
        var serial: dbus_uint32_t = 0
        guard dbus_connection_send(raw, entry.message.raw, &serial) != 0 else {
            if let timer = entry.timer { scheduler.cancel(timer: timer) }
            entry.completion(.failure(BusError(.noMemory, "libdbus could not queue \(entry.what)")))
            return
        }
        pendingCalls[serial] = entry
        serialsByCall[entry.id] = serial
    }

    /// Sends waiting calls while fewer than `maxCallsInFlight` await replies.
    private func sendQueuedCalls() {
        while pendingCalls.count < maxCallsInFlight, !queuedOrder.isEmpty {
            let id = queuedOrder.removeFirst()
            if let entry = queuedCalls.removeValue(forKey: id) { transmit(entry) }
        }
    }

    private func timeOut(_ id: UInt64, after timeout: Double) {
        let entry: PendingCall
        if let queued = queuedCalls.removeValue(forKey: id) {
            entry = queued
        } else if let serial = serialsByCall.removeValue(forKey: id), let sent = pendingCalls.removeValue(forKey: serial) {
            entry = sent
        } else {
            return
        }
        entry.completion(.failure(BusError(.noReply, "\(entry.what): no reply within \(timeout) s")))
        sendQueuedCalls()
    }

    /// Calls `interface.member` on `path` at `destination` with `arguments`; `completion` gets the reply's values.
    public func call(destination: BusName, path: ObjectPath, interface: InterfaceName, member: MemberName,
                     arguments: [DBusValue] = [], timeout: Double = BusConnection.defaultTimeout,
                     _ completion: @escaping @RouteCueLoop (Result<[DBusValue], BusError>) -> Void) {
        let message = DBusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
        do { try message.append(arguments) } catch {
            completion(.failure(error))
            return
        }
        call(message, timeout: timeout) { result in
            completion(result.flatMap { reply in Result { () throws(BusError) in try reply.arguments() } })
        }
    }

    /// Emits the signal `interface.member` from `path` with `arguments`.
    public func emit(path: ObjectPath, interface: InterfaceName, member: MemberName,
                     arguments: [DBusValue] = []) throws(BusError) {
        let message = DBusMessage.signal(path: path, interface: interface, member: member)
        try message.append(arguments)
        try send(message)
    }

    // MARK: - Incoming

    /// Every message libdbus dispatches comes here (the connection's one filter). Returns whether it was handled;
    /// a method call nothing handles gets libdbus's UnknownMethod reply.
    func incoming(_ message: DBusMessage) -> Bool {
        switch message.kind {
        case .methodReturn, .error:
            guard let pending = pendingCalls.removeValue(forKey: message.replySerial) else { return false }
            serialsByCall[pending.id] = nil
            if let timer = pending.timer { scheduler.cancel(timer: timer) }
            if let error = message.error {
                pending.completion(.failure(error))
            } else {
                pending.completion(.success(message))
            }
            sendQueuedCalls()
            return true
        case .signal:
            if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                // Not from inside libdbus's dispatch: end the connection on the next turn of the loop.
                try? RouteCueLoop.loop.execute { [weak self] in
                    RouteCueLoop.assumeIsolated { self?.end(BusError(.disconnected, "the \(self?.bus.description ?? "bus") went away")) }
                }
                return true
            }
            deliverSignal(message)
            return true
        case .methodCall:
            return objects.dispatch(message, on: self)
        case .invalid:
            return false
        }
    }

    // MARK: - Ending

    private func end(_ reason: BusError) {
        guard let raw else { return }
        // Removing the watch and timeout functions makes libdbus remove every watch and timeout through them.
        dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(raw, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        dbus_connection_remove_filter(raw, connectionFilter, Unmanaged.passUnretained(callbacks).toOpaque())
        for (_, watch) in watches { RouteCueLoop.loop.deregister(watch.registration) }
        for (_, timeout) in timeouts { if let timer = timeout.timer { scheduler.cancel(timer: timer) } }
        watches = [:]
        timeouts = [:]
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
        self.raw = nil
        callbacks.connection = nil
        let pending = Array(pendingCalls.values) + queuedOrder.compactMap { queuedCalls[$0] }
        pendingCalls = [:]
        serialsByCall = [:]
        queuedCalls = [:]
        queuedOrder = []
        for call in pending.sorted(by: { $0.id < $1.id }) {
            if let timer = call.timer { scheduler.cancel(timer: timer) }
            call.completion(.failure(BusError(name: reason.name, message: "\(call.what): \(reason.message)")))
        }
        let handlers = disconnectHandlers
        disconnectHandlers = [:]
        for (_, handler) in handlers.sorted(by: { $0.key < $1.key }) { handler(reason) }
    }

    // MARK: - libdbus on the loop

    private func attach(_ raw: OpaquePointer) {
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        // Each function set holds a reference of its own to the callbacks object, released by libdbus.
        dbus_connection_set_watch_functions(raw, { watch, data in
            ConnectionCallbacks.with(data) { $0.addWatch(watch!) } ?? 0
        }, { watch, data in
            ConnectionCallbacks.with(data) { $0.removeWatch(watch!) }
        }, { watch, data in
            ConnectionCallbacks.with(data) { $0.toggleWatch(watch!) }
        }, Unmanaged.passRetained(callbacks).toOpaque(), { Unmanaged<ConnectionCallbacks>.fromOpaque($0!).release() })
        dbus_connection_set_timeout_functions(raw, { timeout, data in
            ConnectionCallbacks.with(data) { $0.addTimeout(timeout!) } ?? 0
        }, { timeout, data in
            ConnectionCallbacks.with(data) { $0.removeTimeout(timeout!) }
        }, { timeout, data in
            ConnectionCallbacks.with(data) { $0.toggleTimeout(timeout!) }
        }, Unmanaged.passRetained(callbacks).toOpaque(), { Unmanaged<ConnectionCallbacks>.fromOpaque($0!).release() })
        // libdbus may call these from any thread: they only queue a dispatch on the loop.
        dbus_connection_set_wakeup_main_function(raw, { data in
            Unmanaged<ConnectionCallbacks>.fromOpaque(data!).takeUnretainedValue().wakeUp()
        }, Unmanaged.passRetained(callbacks).toOpaque(), { Unmanaged<ConnectionCallbacks>.fromOpaque($0!).release() })
        dbus_connection_set_dispatch_status_function(raw, { _, status, data in
            if status == DBUS_DISPATCH_DATA_REMAINS {
                Unmanaged<ConnectionCallbacks>.fromOpaque(data!).takeUnretainedValue().wakeUp()
            }
        }, Unmanaged.passRetained(callbacks).toOpaque(), { Unmanaged<ConnectionCallbacks>.fromOpaque($0!).release() })
        _ = dbus_connection_add_filter(raw, connectionFilter, context, nil)
        scheduleDispatch()
    }

    func addWatch(_ watch: OpaquePointer) -> dbus_bool_t {
        let id = makeHandle()
        let fd = dbus_watch_get_unix_fd(watch)
        let registration = RouteCueLoop.loop.register(fd: fd, interest: Self.interest(of: watch)) { [weak self] readiness in
            RouteCueLoop.assumeIsolated { self?.handleWatch(id, readiness) }
        }
        watches[id] = (watch, registration)
        dbus_watch_set_data(watch, UnsafeMutableRawPointer(bitPattern: UInt(id)), nil)
        return 1
    }

    func removeWatch(_ watch: OpaquePointer) {
        guard let id = Self.handle(of: watch), let entry = watches.removeValue(forKey: id) else { return }
        RouteCueLoop.loop.deregister(entry.registration)
    }

    func toggleWatch(_ watch: OpaquePointer) {
        guard let id = Self.handle(of: watch), let entry = watches[id] else { return }
        RouteCueLoop.loop.setInterest(entry.registration, Self.interest(of: watch))
    }

    private static func handle(of watch: OpaquePointer) -> UInt64? {
        dbus_watch_get_data(watch).map { UInt64(UInt(bitPattern: $0)) }
    }

    private static func interest(of watch: OpaquePointer) -> DescriptorInterest {
        guard dbus_watch_get_enabled(watch) != 0 else { return [] }
        let flags = dbus_watch_get_flags(watch)
        var interest: DescriptorInterest = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { interest.insert(.read) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { interest.insert(.write) }
        return interest
    }

    private func handleWatch(_ id: UInt64, _ readiness: DescriptorReadiness) {
        guard let entry = watches[id] else { return }
        var flags: UInt32 = 0
        if readiness.contains(.readable) { flags |= DBUS_WATCH_READABLE.rawValue }
        if readiness.contains(.writable) { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if readiness.contains(.hangup) { flags |= DBUS_WATCH_HANGUP.rawValue }
        if readiness.contains(.error) || readiness.contains(.invalid) { flags |= DBUS_WATCH_ERROR.rawValue }
        // The watch may be removed (and freed) inside dbus_watch_handle: nothing of it is used afterwards.
        _ = dbus_watch_handle(entry.watch, flags)
        if let raw, dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS { scheduleDispatch() }
    }

    func addTimeout(_ timeout: OpaquePointer) -> dbus_bool_t {
        let id = makeHandle()
        timeouts[id] = (timeout, nil)
        dbus_timeout_set_data(timeout, UnsafeMutableRawPointer(bitPattern: UInt(id)), nil)
        armTimeout(id)
        return 1
    }

    func removeTimeout(_ timeout: OpaquePointer) {
        guard let data = dbus_timeout_get_data(timeout) else { return }
        let id = UInt64(UInt(bitPattern: data))
        if let timer = timeouts.removeValue(forKey: id)?.timer { scheduler.cancel(timer: timer) }
    }

    func toggleTimeout(_ timeout: OpaquePointer) {
        guard let data = dbus_timeout_get_data(timeout) else { return }
        armTimeout(UInt64(UInt(bitPattern: data)))
    }

    /// (Re)starts the loop timer of libdbus timeout `id` for its interval, or stops it when disabled.
    private func armTimeout(_ id: UInt64) {
        guard let entry = timeouts[id] else { return }
        if let timer = entry.timer { scheduler.cancel(timer: timer) }
        timeouts[id]?.timer = nil
        guard dbus_timeout_get_enabled(entry.timeout) != 0 else { return }
        let due = scheduler.nowNanoseconds + UInt64(max(0, dbus_timeout_get_interval(entry.timeout))) * 1_000_000
        timeouts[id]?.timer = try? scheduler.schedule(atNanoseconds: due) { [weak self] in
            RouteCueLoop.assumeIsolated { self?.fireTimeout(id) }
        }
    }

    private func fireTimeout(_ id: UInt64) {
        guard let entry = timeouts[id] else { return }
        timeouts[id]?.timer = nil
        _ = dbus_timeout_handle(entry.timeout)
        // libdbus timeouts repeat until removed or disabled.
        if timeouts[id] != nil { armTimeout(id) }
        if let raw, dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS { scheduleDispatch() }
    }

    /// Queues one dispatch job (at most one waits at a time).
    func scheduleDispatch() {
        guard !dispatchQueued, raw != nil else { return }
        dispatchQueued = true
        try? RouteCueLoop.loop.execute { [weak self] in
            RouteCueLoop.assumeIsolated { self?.dispatchMessages() }
        }
    }

    /// Dispatches up to 64 messages, then queues itself again if more wait, so descriptors are polled in between.
    private func dispatchMessages() {
        dispatchQueued = false
        for _ in 0..<64 {
            guard let raw else { return }
            if dbus_connection_dispatch(raw) != DBUS_DISPATCH_DATA_REMAINS { return }
        }
        scheduleDispatch()
    }
}

/// What libdbus's C callbacks hold: a weak way back to the connection, usable from any thread for the wake-up.
final class ConnectionCallbacks: @unchecked Sendable {
    /// Touched on the loop only.
    nonisolated(unsafe) weak var connection: BusConnection?

    /// Runs `body` with the connection, on the loop (libdbus calls watch, timeout and filter functions from the
    /// thread using the connection: the loop's).
    static func with<T>(_ data: UnsafeMutableRawPointer?, _ body: @RouteCueLoop (BusConnection) -> T) -> T? {
        let callbacks = Unmanaged<ConnectionCallbacks>.fromOpaque(data!).takeUnretainedValue()
        return RouteCueLoop.assumeIsolated {
            callbacks.connection.map(body)
        }
    }

    /// Queues a dispatch on the loop (from any thread).
    func wakeUp() {
        try? RouteCueLoop.loop.execute { [weak self] in
            RouteCueLoop.assumeIsolated { self?.connection?.scheduleDispatch() }
        }
    }
}

/// The connection's filter: every incoming message, on the loop.
private let connectionFilter: DBusHandleMessageFunction = { _, message, data in
    let wrapped = DBusMessage(borrowing: message!)
    let handled = ConnectionCallbacks.with(data) { connection in connection.incoming(wrapped) } ?? false
    return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}

/// `dbus_threads_init_default`, once per process, before any connection exists.
enum DBusThreads {
    private static let done: Bool = { dbus_threads_init_default() != 0 }()
    static func initialize() { _ = done }
}

extension BusError {
    /// The error libdbus set in `error`, or `fallback` as Failed when it set none; frees nothing (the caller does).
    init(_ error: inout DBusError, fallback: String) {
        if dbus_error_is_set(&error) != 0, let name = error.name {
            self.init(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? fallback)
        } else {
            self.init(.failed, fallback)
        }
    }
}
