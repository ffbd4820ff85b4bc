import DBusKit
import EventLoopKit

/// Follows the phone calls of oFono (`org.ofono` on the system bus) or of PipeWire's oFono-compatible Bluetooth
/// telephony service (`org.pipewire.Telephony` on the session bus), so the daemon knows when the driver is in a call:
/// `inCall` is true while any call is dialing, alerting, incoming, waiting, active or held.
///
/// The flow, the same for both services: once `service` has an owner, `org.ofono.Manager.GetModems` on the manager
/// object, then `org.ofono.VoiceCallManager.GetCalls` on every modem offering that interface; afterwards the
/// signals keep `calls` current — ModemAdded/ModemRemoved, CallAdded/CallRemoved, each call's
/// `org.ofono.VoiceCall.PropertyChanged` for `State` (`disconnected` ends the call), and the modem's
/// `org.ofono.Modem.PropertyChanged` for `Interfaces`, so a modem losing VoiceCallManager (oFono's way of saying a
/// phone went away) drops its calls even when no CallRemoved comes. The service losing its bus name forgets all
/// its calls; its return lists them again. Answers to listings made before a restart or a change are dropped (a
/// generation counter, as in `ObjectManagerClient`), and replies or signals of the wrong shape change nothing.
/// Nothing is logged: `onChange` hears every change of `calls` or `isServicePresent`, and only those.
///
/// PipeWire's telephony service (spa/plugins/bluez5/telephony.c and README-Telephony.md in PipeWire's repository;
/// first released in 1.4.0, after the 1.3.82 pre-release) differs from oFono in layout, not in what it means:
/// - it owns `org.pipewire.Telephony` on the session bus (`bluez5.telephony.use-system-bus` moves it to the system
///   bus; `bluez5.telephony.provide-ofono` makes it own `org.ofono` on the system bus instead);
/// - its manager object is `/org/pipewire/Telephony` (`/` when it provides `org.ofono`), implementing
///   `org.ofono.Manager` (GetModems, ModemAdded, ModemRemoved) beside the standard ObjectManager;
/// - its "modems" are the connected phones, audio gateways at `/org/pipewire/Telephony/agN` (also in the
///   `org.ofono` mode), implementing `org.ofono.VoiceCallManager` (GetCalls, CallAdded, CallRemoved emitted from
///   the gateway's path) and `org.pipewire.Telephony.AudioGateway1`, but no `org.ofono.Modem`: ModemAdded and
///   GetModems give them no properties at all, so no `Interfaces` and no Modem PropertyChanged ever;
/// - its calls are `/org/pipewire/Telephony/agN/callM`, with `org.ofono.VoiceCall` PropertyChanged (sv) for
///   `State` (the same state names) beside the standard PropertiesChanged of `org.pipewire.Telephony.Call1`;
/// - GetModems and GetCalls answer `a{oa{sv}}` (a dictionary keyed by path), where oFono answers `a(oa{sv})` (an
///   array of structs).
/// So this one class takes both reply shapes, treats a modem that lists no `Interfaces` as offering
/// VoiceCallManager, and looks for the manager at `/org/pipewire/Telephony` for `org.pipewire.Telephony` (at `/`
/// for any other name).
@RouteCueLoop
public final class CallMonitor {
    /// The service followed: `org.ofono` or `org.pipewire.Telephony`.
    public let service: BusName
    /// The object implementing `org.ofono.Manager` (`/` for oFono, `/org/pipewire/Telephony` for PipeWire).
    public let managerPath: ObjectPath
    /// Every call the service reports now, by object path.
    public private(set) var calls: [String: PhoneCall] = [:]
    /// True while any call is dialing, alerting, incoming, waiting, active or held.
    public var inCall: Bool { calls.values.contains { $0.isOngoing } }
    /// True while `service` has an owner on the bus.
    public private(set) var isServicePresent = false
    /// The last listing that failed or answered something malformed (GetModems, GetCalls), for diagnostics; it
    /// does not call `onChange`.
    public private(set) var lastError: BusError?

    private weak var connection: BusConnection?
    private let onChange: @RouteCueLoop (CallMonitor) -> Void
    private var subscriptions: [SignalSubscription] = []
    private var ownerWatch: NameOwnerWatch?
    private var disconnectHandler: UInt64?
    /// Counts the service's appearances (and stops), so an answer to a listing made before is dropped.
    private var generation = 0
    /// The modems the service has, and whether each offers VoiceCallManager.
    private var modems: [ObjectPath: Bool] = [:]
    /// The GetCalls awaited, by modem: its number, so an answer made obsolete (the modem went, lost its
    /// VoiceCallManager or was listed again) is dropped.
    private var awaitedCallListings: [ObjectPath: Int] = [:]
    private var callListings = 0

    private static let managerInterface: InterfaceName = "org.ofono.Manager"
    private static let modemInterface: InterfaceName = "org.ofono.Modem"
    private static let callManagerInterface: InterfaceName = "org.ofono.VoiceCallManager"
    private static let callInterface: InterfaceName = "org.ofono.VoiceCall"

    /// The manager object of `service`: `/org/pipewire/Telephony` for PipeWire's `org.pipewire.Telephony`, `/` for
    /// oFono (and for PipeWire providing `org.ofono`).
    public nonisolated static func managerPath(for service: BusName) -> ObjectPath {
        service.rawValue == "org.pipewire.Telephony" ? "/org/pipewire/Telephony" : .root
    }

    /// A monitor of `service` on `connection` (its manager at `managerPath`, by default the one that service
    /// uses); nothing happens before `start`. `onChange` runs after each change of `calls` or `isServicePresent`.
    public init(connection: BusConnection, service: BusName, managerPath: ObjectPath? = nil,
                onChange: @escaping @RouteCueLoop (CallMonitor) -> Void) {
        self.connection = connection
        self.service = service
        self.managerPath = managerPath ?? Self.managerPath(for: service)
        self.onChange = onChange
    }

    /// Subscribes to the service's signals, then follows its name: its calls are listed whenever it appears.
    public func start() {
        guard let connection, ownerWatch == nil else { return }
        func follow(_ interface: InterfaceName, _ member: MemberName, path: ObjectPath? = nil,
                    _ handler: @escaping @RouteCueLoop (CallMonitor, DBusMessage) -> Void) {
            let rule = MatchRule(sender: service, path: path, interface: interface, member: member)
            subscriptions.append(connection.subscribe(rule) { [weak self] message in
                guard let self, self.isServicePresent else { return }
                handler(self, message)
            })
        }
        follow(Self.managerInterface, "ModemAdded", path: managerPath) { $0.modemAdded($1) }
        follow(Self.managerInterface, "ModemRemoved", path: managerPath) { $0.modemRemoved($1) }
        follow(Self.modemInterface, "PropertyChanged") { $0.modemPropertyChanged($1) }
        follow(Self.callManagerInterface, "CallAdded") { $0.callAdded($1) }
        follow(Self.callManagerInterface, "CallRemoved") { $0.callRemoved($1) }
        follow(Self.callInterface, "PropertyChanged") { $0.callPropertyChanged($1) }
        disconnectHandler = connection.onDisconnect { [weak self] _ in
            self?.changing { $0.forgetService(present: false) }
        }
        ownerWatch = connection.watchNameOwner(service) { [weak self] owner in
            guard let self else { return }
            self.changing { monitor in
                monitor.forgetService(present: owner != nil)
                if owner != nil { monitor.listModems() }
            }
        }
    }

    /// Stops following: every subscription and watch ends, answers still awaited are dropped (the calls known stay
    /// in `calls`).
    public func stop() {
        generation += 1
        awaitedCallListings = [:]
        guard let connection else { return }
        for subscription in subscriptions { connection.unsubscribe(subscription) }
        subscriptions = []
        if let ownerWatch { connection.unwatchNameOwner(ownerWatch) }
        ownerWatch = nil
        if let disconnectHandler { connection.removeDisconnectHandler(disconnectHandler) }
        disconnectHandler = nil
    }

    #if compiler(>=6.2)
    isolated deinit { stop() }
    #else
    deinit { RouteCueLoop.deinitTeardown { stop() } }  // Swift 6.0: no isolated deinit
    #endif

    // MARK: - State

    /// Runs `body`, then `onChange` if it changed `calls` or `isServicePresent`.
    private func changing(_ body: (CallMonitor) -> Void) {
        let before = (calls, isServicePresent)
        body(self)
        if before.0 != calls || before.1 != isServicePresent { onChange(self) }
    }

    /// Forgets the service's modems and calls (it went, or came back as a new instance).
    private func forgetService(present: Bool) {
        generation += 1
        modems = [:]
        awaitedCallListings = [:]
        calls = [:]
        isServicePresent = present
    }

    /// Records whether `modem` offers VoiceCallManager now: its calls go when it stopped, are listed when it started.
    private func setModem(_ modem: ObjectPath, offersCalls: Bool) {
        let offered = modems[modem] == true
        modems[modem] = offersCalls
        if offered && !offersCalls { dropCalls(of: modem) }
        if offersCalls && !offered { listCalls(of: modem) }
    }

    private func dropCalls(of modem: ObjectPath) {
        awaitedCallListings[modem] = nil
        calls = calls.filter { $0.value.modem != modem.rawValue }
    }

    /// Records `path` of `modem` in `state`; a disconnected call is gone.
    private func setCall(_ path: ObjectPath, of modem: String, state: String) {
        calls[path.rawValue] = state == "disconnected" ? nil : PhoneCall(path: path.rawValue, modem: modem, state: state)
    }

    // MARK: - Listing

    private func listModems() {
        let listing = generation
        connection?.call(destination: service, path: managerPath, interface: Self.managerInterface, member: "GetModems") { [weak self] result in
            guard let self, listing == self.generation else { return }
            switch result {
            case .failure(let error): self.lastError = error
            case .success(let values):
                guard values.count == 1, let modems = Self.objectsWithProperties(values[0]) else {
                    self.lastError = BusError(.invalidArgs, "GetModems answered \(values)")
                    return
                }
                self.changing { monitor in
                    let listed = Dictionary(modems.map { ($0.path, Self.offersCalls($0.properties)) }) { _, last in last }
                    for (modem, _) in monitor.modems where listed[modem] == nil {
                        monitor.modems[modem] = nil
                        monitor.dropCalls(of: modem)
                    }
                    for (modem, offersCalls) in listed.sorted(by: { $0.key < $1.key }) { monitor.setModem(modem, offersCalls: offersCalls) }
                }
            }
        }
    }

    private func listCalls(of modem: ObjectPath) {
        callListings += 1
        let listing = callListings
        let generation = generation
        awaitedCallListings[modem] = listing
        connection?.call(destination: service, path: modem, interface: Self.callManagerInterface, member: "GetCalls") { [weak self] result in
            guard let self, generation == self.generation, self.awaitedCallListings[modem] == listing else { return }
            self.awaitedCallListings[modem] = nil
            switch result {
            case .failure(let error): self.lastError = error
            case .success(let values):
                guard values.count == 1, let listed = Self.objectsWithProperties(values[0]) else {
                    self.lastError = BusError(.invalidArgs, "GetCalls on \(modem) answered \(values)")
                    return
                }
                // The answer is newer than every signal received before it: it replaces what they said.
                self.changing { monitor in
                    monitor.calls = monitor.calls.filter { $0.value.modem != modem.rawValue }
                    for call in listed { monitor.setCall(call.path, of: modem.rawValue, state: Self.state(call.properties)) }
                }
            }
        }
    }

    // MARK: - Signals

    /// ModemAdded(o path, a{sv} properties).
    private func modemAdded(_ message: DBusMessage) {
        guard message.signature == "oa{sv}", let values = try? message.arguments(), values.count == 2,
              case .objectPath(let modem) = values[0], let properties = Self.properties(values[1]) else { return }
        changing { $0.setModem(modem, offersCalls: Self.offersCalls(properties)) }
    }

    /// ModemRemoved(o path).
    private func modemRemoved(_ message: DBusMessage) {
        guard message.signature == "o", let values = try? message.arguments(), case .objectPath(let modem)? = values.first
        else { return }
        changing { monitor in
            monitor.modems[modem] = nil
            monitor.dropCalls(of: modem)
        }
    }

    /// org.ofono.Modem PropertyChanged(s name, v value), for `Interfaces` (as).
    private func modemPropertyChanged(_ message: DBusMessage) {
        guard let modem = message.path, modems[modem] != nil, let (name, value) = Self.propertyChange(message),
              name == "Interfaces", case .array(.string, let items) = value else { return }
        let offersCalls = items.contains(.string(Self.callManagerInterface.rawValue))
        changing { $0.setModem(modem, offersCalls: offersCalls) }
    }

    /// CallAdded(o path, a{sv} properties), from the modem's path.
    private func callAdded(_ message: DBusMessage) {
        guard let modem = message.path, modems[modem] == true, message.signature == "oa{sv}",
              let values = try? message.arguments(), values.count == 2, case .objectPath(let call) = values[0],
              let properties = Self.properties(values[1]) else { return }
        changing { $0.setCall(call, of: modem.rawValue, state: Self.state(properties)) }
    }

    /// CallRemoved(o path), from any path (oFono emits it from the modem).
    private func callRemoved(_ message: DBusMessage) {
        guard message.signature == "o", let values = try? message.arguments(), case .objectPath(let call)? = values.first
        else { return }
        changing { $0.calls[call.rawValue] = nil }
    }

    /// org.ofono.VoiceCall PropertyChanged(s name, v value) of a known call, for `State` (s).
    private func callPropertyChanged(_ message: DBusMessage) {
        guard let path = message.path, let call = calls[path.rawValue], let (name, value) = Self.propertyChange(message),
              name == "State", case .string(let state) = value else { return }
        changing { $0.setCall(path, of: call.modem, state: state) }
    }

    // MARK: - Reading values

    /// A PropertyChanged's name and value (unwrapped), when the signal is `sv`.
    private static func propertyChange(_ message: DBusMessage) -> (String, DBusValue)? {
        guard message.signature == "sv", let values = try? message.arguments(), values.count == 2,
              case .string(let name) = values[0], case .variant(let value) = values[1] else { return nil }
        return (name, value.unwrapped)
    }

    /// `a{sv}` with its values unwrapped; nil for anything else.
    private static func properties(_ value: DBusValue) -> [String: DBusValue]? {
        guard case .dictionary(key: .string, value: .variant, let entries) = value else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard case .string(let name) = entry.key else { return nil }
            result[name] = entry.value.unwrapped
        }
        return result
    }

    /// oFono's `a(oa{sv})` or PipeWire's `a{oa{sv}}`, as paths with properties; nil for anything else.
    private static func objectsWithProperties(_ value: DBusValue) -> [(path: ObjectPath, properties: [String: DBusValue])]? {
        var pairs: [(DBusValue, DBusValue)]
        switch value {
        case .array(.structure([.objectPath, .dictionary(key: .string, value: .variant)]), let items):
            pairs = []
            for item in items {
                guard case .structure(let fields) = item, fields.count == 2 else { return nil }
                pairs.append((fields[0], fields[1]))
            }
        case .dictionary(key: .objectPath, value: .dictionary(key: .string, value: .variant), let entries):
            pairs = entries.map { ($0.key, $0.value) }
        default:
            return nil
        }
        var result: [(path: ObjectPath, properties: [String: DBusValue])] = []
        for (key, value) in pairs {
            guard case .objectPath(let path) = key, let properties = properties(value) else { return nil }
            result.append((path, properties))
        }
        return result
    }

    /// Whether a modem with `properties` offers VoiceCallManager: listed in its `Interfaces` (oFono), or no
    /// `Interfaces` at all (PipeWire's audio gateways, which always do).
    private static func offersCalls(_ properties: [String: DBusValue]) -> Bool {
        guard let interfaces = properties["Interfaces"] else { return true }
        guard case .array(.string, let items) = interfaces else { return false }
        return items.contains(.string(callManagerInterface.rawValue))
    }

    /// A call's `State` (empty when missing or not a string).
    private static func state(_ properties: [String: DBusValue]) -> String {
        if case .string(let state)? = properties["State"] { return state }
        return ""
    }
}
