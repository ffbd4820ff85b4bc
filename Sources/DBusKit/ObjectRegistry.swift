import EventLoopKit

/// The objects a connection exports, and how a method call reaches them: the object's own methods (arguments
/// checked against the signature), `org.freedesktop.DBus.Properties` (Get, Set, GetAll), and
/// `org.freedesktop.DBus.Introspectable` for every exported path and each of its parents (so `busctl tree` and
/// `gdbus introspect --recurse` find them). `org.freedesktop.DBus.Peer` is libdbus's own.
struct ObjectRegistry {
    private(set) var objects: [ObjectPath: [ExportedInterface]] = [:]

    mutating func export(_ interfaces: [ExportedInterface], at path: ObjectPath) throws(BusError) {
        guard objects[path] == nil else { throw BusError(.failed, "an object is exported at \(path) already") }
        objects[path] = interfaces
    }

    mutating func unexport(_ path: ObjectPath) { objects[path] = nil }

    func interface(_ name: String, at path: ObjectPath) -> ExportedInterface? {
        objects[path]?.first { $0.name.rawValue == name }
    }

    /// Answers `message` if it is for an exported object or one of their parents; false otherwise.
    @RouteCueLoop
    func dispatch(_ message: DBusMessage, on connection: BusConnection) -> Bool {
        guard let path = message.path, let member = message.member else { return false }
        let interface = message.interface
        if interface == InterfaceName.introspectable.rawValue || (interface == nil && member == "Introspect") {
            guard member == "Introspect", objects[path] != nil || !children(of: path).isEmpty else { return false }
            answer(message, on: connection, expecting: "") { invocation in
                invocation.reply([.string(IntrospectionXML.document(interfaces: objects[path] ?? [], children: children(of: path)))])
            }
            return true
        }
        guard let interfaces = objects[path] else {
            if interface == InterfaceName.peer.rawValue { return false }
            try? connection.send(.errorReply(to: message, BusError(.unknownObject, "no object at \(path)")))
            return true
        }
        if interface == InterfaceName.properties.rawValue {
            answerProperties(message, member: member, interfaces: interfaces, on: connection)
            return true
        }
        if interface == InterfaceName.peer.rawValue { return false }
        let candidates = interfaces.filter { interface == nil || $0.name.rawValue == interface }
        if let interface, candidates.isEmpty {
            try? connection.send(.errorReply(to: message, BusError(.unknownInterface, "\(path) has no interface \(interface)")))
            return true
        }
        guard let method = candidates.lazy.flatMap(\.methods).first(where: { $0.name.rawValue == member }) else {
            let name = interface.map { "\($0).\(member)" } ?? member
            try? connection.send(.errorReply(to: message, BusError(.unknownMethod, "\(path) has no method \(name)")))
            return true
        }
        answer(message, on: connection, expecting: method.inputSignature, method.handler)
        return true
    }

    /// The direct children of `path` among the exported paths and their parents.
    func children(of path: ObjectPath) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names = Set<String>()
        for exported in objects.keys where exported.rawValue.hasPrefix(prefix) && exported != path {
            let rest = exported.rawValue.dropFirst(prefix.count)
            if let first = rest.split(separator: "/").first { names.insert(String(first)) }
        }
        return names.sorted()
    }

    /// Checks the call's signature against `signature` and runs `handler`, or replies InvalidArgs.
    @RouteCueLoop
    private func answer(_ message: DBusMessage, on connection: BusConnection, expecting signature: String,
                        _ handler: @RouteCueLoop (MethodInvocation) -> Void) {
        let name = message.member ?? "the method"
        guard message.signature == signature else {
            let error = BusError(.invalidArgs, "\(name) takes (\(signature)), not (\(message.signature))")
            try? connection.send(.errorReply(to: message, error))
            return
        }
        do {
            let arguments = try message.arguments()
            handler(MethodInvocation(message: message, arguments: arguments, connection: connection))
        } catch {
            try? connection.send(.errorReply(to: message, error))
        }
    }

    @RouteCueLoop
    private func answerProperties(_ message: DBusMessage, member: String, interfaces: [ExportedInterface],
                                  on connection: BusConnection) {
        func lookup(_ interfaceName: String, _ property: String) throws(BusError) -> ExportedProperty {
            guard let interface = interfaces.first(where: { $0.name.rawValue == interfaceName }) else {
                throw BusError(.unknownInterface, "\(message.path?.rawValue ?? "") has no interface \(interfaceName)")
            }
            guard let found = interface.properties.first(where: { $0.name == property }) else {
                throw BusError(.unknownProperty, "\(interfaceName) has no property \(property)")
            }
            return found
        }
        switch member {
        case "Get":
            answer(message, on: connection, expecting: "ss") { invocation in
                do throws(BusError) {
                    let property = try lookup(invocation.arguments[0].string!, invocation.arguments[1].string!)
                    guard let get = property.get else {
                        throw BusError(.accessDenied, "\(property.name) can be written, not read")
                    }
                    invocation.reply([.variant(get())])
                } catch { invocation.fail(error) }
            }
        case "GetAll":
            answer(message, on: connection, expecting: "s") { invocation in
                let name = invocation.arguments[0].string!
                // An interface the object lacks gives no properties (as GDBus and sd-bus answer).
                let interface = interfaces.first { $0.name.rawValue == name }
                let properties = interface?.properties ?? []
                var values: [String: DBusValue] = [:]
                if let all = interface?.allProperties?() {
                    for property in properties where property.get != nil { values[property.name] = all[property.name] }
                } else {
                    for property in properties { if let get = property.get { values[property.name] = get() } }
                }
                invocation.reply([.vardict(values)])
            }
        case "Set":
            answer(message, on: connection, expecting: "ssv") { invocation in
                do throws(BusError) {
                    let property = try lookup(invocation.arguments[0].string!, invocation.arguments[1].string!)
                    guard let set = property.set else {
                        throw BusError(.propertyReadOnly, "\(property.name) is read-only")
                    }
                    let value = invocation.arguments[2].unwrapped
                    guard value.type == property.type else {
                        throw BusError(.invalidArgs, "\(property.name) is of type \(property.type), not \(value.type)")
                    }
                    try set(value)
                    invocation.reply()
                } catch { invocation.fail(error) }
            }
        default:
            try? connection.send(.errorReply(to: message, BusError(.unknownMethod, "org.freedesktop.DBus.Properties has no method \(member)")))
        }
    }
}

extension BusConnection {
    /// Exports an object implementing `interfaces` at `path` (its Properties and Introspectable come with it).
    public func export(_ interfaces: [ExportedInterface], at path: ObjectPath) throws(BusError) {
        try objects.export(interfaces, at: path)
    }

    /// Removes the object at `path`.
    public func unexport(_ path: ObjectPath) { objects.unexport(path) }

    /// Emits `PropertiesChanged` for `interface` of the object at `path`: `changed` with their values, `invalidated`
    /// by name only.
    public func emitPropertiesChanged(path: ObjectPath, interface: InterfaceName, changed: [String: DBusValue],
                                      invalidated: [String] = []) throws(BusError) {
        try emit(path: path, interface: .properties, member: "PropertiesChanged",
                 arguments: [.string(interface.rawValue), .vardict(changed), .strings(invalidated)])
    }

    /// The introspection XML the connection answers for `path`.
    public func introspection(of path: ObjectPath) -> String {
        IntrospectionXML.document(interfaces: objects.objects[path] ?? [], children: objects.children(of: path))
    }
}
