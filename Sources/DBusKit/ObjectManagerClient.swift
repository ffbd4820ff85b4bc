import EventLoopKit

/// Follows the objects a service publishes through `org.freedesktop.DBus.ObjectManager` (BlueZ at `/`, bluez-alsa at
/// `/org/bluealsa`): `GetManagedObjects` whenever the service (re)appears, then InterfacesAdded, InterfacesRemoved
/// and PropertiesChanged, keeping `objects` current and telling the handler what changed. The service quitting
/// removes everything it had.
@RouteCueLoop
public final class ObjectManagerClient {
    /// Interfaces of an object, each with its properties (values unwrapped).
    public typealias Interfaces = [String: [String: DBusValue]]

    /// What changed.
    public enum Event {
        /// An object appeared, or gained interfaces (those given, with their properties).
        case added(ObjectPath, Interfaces)
        /// An object lost interfaces (an object with none left is gone).
        case removed(ObjectPath, [String])
        /// Properties of one interface of an object changed.
        case changed(ObjectPath, interface: String, changed: [String: DBusValue], invalidated: [String])
        /// The service's objects could not be listed (its GetManagedObjects failed).
        case failed(BusError)
    }

    public let service: BusName
    public let managerPath: ObjectPath
    /// Every object the service publishes now.
    public private(set) var objects: [ObjectPath: Interfaces] = [:]
    private weak var connection: BusConnection?
    private let handler: @RouteCueLoop (Event) -> Void
    private var subscriptions: [SignalSubscription] = []
    private var ownerWatch: NameOwnerWatch?
    /// Counts listings, so the answer to an older one (the service restarted meanwhile) is dropped.
    private var generation = 0

    /// A client of the object manager at `managerPath` of `service`; nothing happens before `start`.
    public init(connection: BusConnection, service: BusName, managerPath: ObjectPath,
                _ handler: @escaping @RouteCueLoop (Event) -> Void) {
        self.connection = connection
        self.service = service
        self.managerPath = managerPath
        self.handler = handler
    }

    /// Subscribes to the service's signals and lists its objects once it is on the bus.
    public func start() {
        guard let connection, ownerWatch == nil else { return }
        let objectManager = InterfaceName.objectManager
        subscriptions.append(connection.subscribe(MatchRule(sender: service, path: managerPath, interface: objectManager,
                                                            member: "InterfacesAdded")) { [weak self] message in
            self?.interfacesAdded(message)
        })
        subscriptions.append(connection.subscribe(MatchRule(sender: service, path: managerPath, interface: objectManager,
                                                            member: "InterfacesRemoved")) { [weak self] message in
            self?.interfacesRemoved(message)
        })
        subscriptions.append(connection.subscribePropertiesChanged(sender: service, pathNamespace: managerPath) { [weak self] change in
            self?.propertiesChanged(change)
        })
        ownerWatch = connection.watchNameOwner(service) { [weak self] owner in
            guard let self else { return }
            self.removeAll()
            if owner != nil { self.list() }
        }
    }

    /// Stops following (the objects known stay in `objects`).
    public func stop() {
        guard let connection else { return }
        for subscription in subscriptions { connection.unsubscribe(subscription) }
        subscriptions = []
        if let ownerWatch { connection.unwatchNameOwner(ownerWatch) }
        ownerWatch = nil
    }

    #if compiler(>=6.2)
    isolated deinit { stop() }
    #else
    deinit { RouteCueLoop.deinitTeardown { stop() } }  // Swift 6.0: no isolated deinit
    #endif

    private func list() {
        generation += 1
        let listing = generation
        connection?.call(destination: service, path: managerPath, interface: .objectManager, member: "GetManagedObjects") { [weak self] result in
            guard let self, listing == self.generation else { return }
            switch result {
            case .failure(let error): self.handler(.failed(error))
            case .success(let values):
                guard case .dictionary(_, _, let entries)? = values.first else {
                    self.handler(.failed(BusError(.invalidArgs, "GetManagedObjects answered \(values)")))
                    return
                }
                for entry in entries {
                    guard case .objectPath(let path) = entry.key, let interfaces = Self.interfaces(entry.value) else { continue }
                    self.add(path, interfaces)
                }
            }
        }
    }

    private func removeAll() {
        generation += 1
        let gone = objects
        objects = [:]
        for (path, interfaces) in gone.sorted(by: { $0.key < $1.key }) { handler(.removed(path, interfaces.keys.sorted())) }
    }

    private func add(_ path: ObjectPath, _ interfaces: Interfaces) {
        objects[path, default: [:]].merge(interfaces) { _, new in new }
        handler(.added(path, interfaces))
    }

    /// `a{sa{sv}}` as interfaces with unwrapped property values.
    private static func interfaces(_ value: DBusValue) -> Interfaces? {
        guard let byInterface = value.dictionary else { return nil }
        var result: Interfaces = [:]
        for (name, properties) in byInterface {
            guard let properties = properties.dictionary else { return nil }
            result[name] = properties.mapValues(\.unwrapped)
        }
        return result
    }

    private func interfacesAdded(_ message: DBusMessage) {
        guard let values = try? message.arguments(), values.count == 2, case .objectPath(let path) = values[0],
              let interfaces = Self.interfaces(values[1]) else { return }
        add(path, interfaces)
    }

    private func interfacesRemoved(_ message: DBusMessage) {
        guard let values = try? message.arguments(), values.count == 2, case .objectPath(let path) = values[0],
              let names = values[1].elements?.compactMap(\.string) else { return }
        for name in names { objects[path]?[name] = nil }
        if objects[path]?.isEmpty == true { objects[path] = nil }
        handler(.removed(path, names))
    }

    private func propertiesChanged(_ change: PropertiesChange) {
        guard objects[change.path]?[change.interface] != nil else { return }
        objects[change.path]?[change.interface]?.merge(change.changed) { _, new in new }
        for name in change.invalidated { objects[change.path]?[change.interface]?[name] = nil }
        handler(.changed(change.path, interface: change.interface, changed: change.changed, invalidated: change.invalidated))
    }
}
