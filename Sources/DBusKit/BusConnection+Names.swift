import EventLoopKit

/// How a name request came out (`RequestName`'s reply).
public enum NameRequestReply: UInt32, Sendable {
    /// The connection owns the name now.
    case primaryOwner = 1
    /// Queued behind the owner (never with `doNotQueue`).
    case inQueue = 2
    /// Someone else owns it and it was not taken over.
    case exists = 3
    /// The connection owned it already.
    case alreadyOwner = 4
}

/// `RequestName`'s flags.
public struct NameRequestFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Let a later requester with `replaceExisting` take the name.
    public static let allowReplacement = NameRequestFlags(rawValue: 1)
    /// Take the name from an owner that allowed replacement.
    public static let replaceExisting = NameRequestFlags(rawValue: 2)
    /// Fail instead of waiting in the queue (what a service that must be the one owner asks).
    public static let doNotQueue = NameRequestFlags(rawValue: 4)
}

extension BusConnection {
    /// Asks the bus for `name`; `completion` gets the reply (a policy that forbids it is AccessDenied).
    public func requestName(_ name: BusName, flags: NameRequestFlags = [.doNotQueue],
                            _ completion: @escaping @RouteCueLoop (Result<NameRequestReply, BusError>) -> Void) {
        busCall("RequestName", [.string(name.rawValue), .uint32(flags.rawValue)]) { result in
            completion(result.flatMap { values in
                guard case .uint32(let code) = values.first, let reply = NameRequestReply(rawValue: code) else {
                    return .failure(BusError(.failed, "RequestName answered \(values)"))
                }
                return .success(reply)
            })
        }
    }

    /// Gives `name` back to the bus.
    public func releaseName(_ name: BusName, _ completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void = { _ in }) {
        busCall("ReleaseName", [.string(name.rawValue)]) { result in completion(result.map { _ in () }) }
    }

    /// Calls `handler` with the name each time the bus says this connection lost one (`NameLost`: taken over, or
    /// released).
    @discardableResult
    public func onNameLost(_ handler: @escaping @RouteCueLoop (String) -> Void) -> SignalSubscription {
        subscribe(MatchRule(sender: .bus, interface: .bus, member: "NameLost")) { message in
            if let name = (try? message.arguments())?.first?.string { handler(name) }
        }
    }
}
