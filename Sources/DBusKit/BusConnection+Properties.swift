import EventLoopKit

/// A PropertiesChanged signal, read.
public struct PropertiesChange: Sendable {
    /// The object whose properties changed.
    public var path: ObjectPath
    /// The interface they belong to.
    public var interface: String
    /// New values, by property name (variants unwrapped).
    public var changed: [String: DBusValue]
    /// Properties that changed without their value being sent.
    public var invalidated: [String]

    /// The change a PropertiesChanged `message` carries; nil for anything else.
    public init?(_ message: DBusMessage) {
        guard message.kind == .signal, message.interface == InterfaceName.properties.rawValue,
              message.member == "PropertiesChanged", let path = message.path,
              let values = try? message.arguments(), values.count == 3,
              let interface = values[0].string, let changed = values[1].dictionary,
              let invalidated = values[2].elements?.compactMap(\.string) else { return nil }
        self.path = path
        self.interface = interface
        self.changed = changed.mapValues(\.unwrapped)
        self.invalidated = invalidated
    }
}

extension BusConnection {
    /// Reads property `name` of `interface` on `path` at `destination` (the value unwrapped from its variant).
    public func getProperty(destination: BusName, path: ObjectPath, interface: InterfaceName, name: String,
                            timeout: Double = BusConnection.defaultTimeout,
                            _ completion: @escaping @RouteCueLoop (Result<DBusValue, BusError>) -> Void) {
        call(destination: destination, path: path, interface: .properties, member: "Get",
             arguments: [.string(interface.rawValue), .string(name)], timeout: timeout) { result in
            completion(result.flatMap { values in
                guard let value = values.first, case .variant(let inner) = value else {
                    return .failure(BusError(.invalidArgs, "Get of \(name) answered \(values), not a variant"))
                }
                return .success(inner)
            })
        }
    }

    /// Reads every property of `interface` on `path` at `destination` (values unwrapped).
    public func getAllProperties(destination: BusName, path: ObjectPath, interface: InterfaceName,
                                 timeout: Double = BusConnection.defaultTimeout,
                                 _ completion: @escaping @RouteCueLoop (Result<[String: DBusValue], BusError>) -> Void) {
        call(destination: destination, path: path, interface: .properties, member: "GetAll",
             arguments: [.string(interface.rawValue)], timeout: timeout) { result in
            completion(result.flatMap { values in
                guard let dictionary = values.first?.dictionary else {
                    return .failure(BusError(.invalidArgs, "GetAll of \(interface) answered \(values), not a{sv}"))
                }
                return .success(dictionary.mapValues(\.unwrapped))
            })
        }
    }

    /// Writes property `name` of `interface` on `path` at `destination`.
    public func setProperty(destination: BusName, path: ObjectPath, interface: InterfaceName, name: String,
                            value: DBusValue, timeout: Double = BusConnection.defaultTimeout,
                            _ completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
        call(destination: destination, path: path, interface: .properties, member: "Set",
             arguments: [.string(interface.rawValue), .string(name), .variant(value)], timeout: timeout) { result in
            completion(result.map { _ in () })
        }
    }

    /// Follows PropertiesChanged of objects at `sender` on `path` (or below `pathNamespace`), for `interface` if given.
    @discardableResult
    public func subscribePropertiesChanged(sender: BusName, path: ObjectPath? = nil, pathNamespace: ObjectPath? = nil,
                                           interface: InterfaceName? = nil,
                                           _ handler: @escaping @RouteCueLoop (PropertiesChange) -> Void) -> SignalSubscription {
        let rule = MatchRule(sender: sender, path: path, pathNamespace: pathNamespace, interface: .properties,
                             member: "PropertiesChanged", arguments: interface.map { [0: $0.rawValue] } ?? [:])
        return subscribe(rule) { message in
            if let change = PropertiesChange(message) { handler(change) }
        }
    }
}
