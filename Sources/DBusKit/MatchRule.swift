/// Which signals a subscription wants, as a D-Bus match rule (`type='signal',sender=…,path=…`): the bus delivers
/// what matches any of the connection's rules, and the connection hands each signal to the subscriptions it matches.
public struct MatchRule: Sendable, Hashable, CustomStringConvertible {
    /// The sender: a well-known name (followed to its current owner) or a unique name.
    public var sender: BusName?
    /// Exactly this object path.
    public var path: ObjectPath?
    /// This path or any below it.
    public var pathNamespace: ObjectPath?
    public var interface: InterfaceName?
    public var member: MemberName?
    /// String arguments that must be equal (`arg0='org.routecue'`), by index (0…63).
    public var arguments: [Int: String]

    /// A rule for signals; every field left nil matches anything.
    public init(sender: BusName? = nil, path: ObjectPath? = nil, pathNamespace: ObjectPath? = nil,
                interface: InterfaceName? = nil, member: MemberName? = nil, arguments: [Int: String] = [:]) {
        self.sender = sender
        self.path = path
        self.pathNamespace = pathNamespace
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The rule as AddMatch takes it; quotes in values are escaped as the specification says (`'\''`).
    public var description: String {
        func quoted(_ s: String) -> String { "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'" }
        var parts = ["type='signal'"]
        if let sender { parts.append("sender=" + quoted(sender.rawValue)) }
        if let path { parts.append("path=" + quoted(path.rawValue)) }
        if let pathNamespace { parts.append("path_namespace=" + quoted(pathNamespace.rawValue)) }
        if let interface { parts.append("interface=" + quoted(interface.rawValue)) }
        if let member { parts.append("member=" + quoted(member.rawValue)) }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) { parts.append("arg\(index)=" + quoted(value)) }
        return parts.joined(separator: ",")
    }

    /// Whether `message` (a signal) matches; `owner` is the current unique name of a well-known `sender` (nil when
    /// not known yet, which lets the sender pass: the bus delivered it for one of our rules).
    func matches(_ message: DBusMessage, owner: String?) -> Bool {
        guard message.kind == .signal else { return false }
        if let sender {
            let expected = sender.isUnique ? sender.rawValue : owner
            if let expected, message.sender != expected { return false }
        }
        if let path, message.path != path { return false }
        if let pathNamespace, !(message.path.map { $0.isWithin(pathNamespace) } ?? false) { return false }
        if let interface, message.interface != interface.rawValue { return false }
        if let member, message.member != member.rawValue { return false }
        if !arguments.isEmpty {
            guard let values = try? message.arguments() else { return false }
            for (index, expected) in arguments {
                guard index < values.count, case .string(let actual) = values[index], actual == expected else { return false }
            }
        }
        return true
    }
}
