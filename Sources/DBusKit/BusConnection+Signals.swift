import EventLoopKit

/// A signal subscription's handle, for `unsubscribe`.
public struct SignalSubscription: Hashable, Sendable {
    let id: UInt64
}

/// A name-owner watch's handle, for `unwatchNameOwner`.
public struct NameOwnerWatch: Hashable, Sendable {
    let id: UInt64
    let name: String
}

/// One subscription: its rule and handler.
struct SignalSubscriptionEntry {
    let rule: MatchRule
    let handler: @RouteCueLoop (DBusMessage) -> Void
}

/// What the connection knows of a well-known name's owner, for the subscriptions and watches that follow it.
struct NameOwnerEntry {
    /// The owner's unique name; nil when the name has no owner (or it is not known yet: `known` false).
    var owner: String?
    var known = false
    var users = 0
    var watchers: [UInt64: @RouteCueLoop (String?) -> Void] = [:]
    var subscription: SignalSubscription?
}

extension BusConnection {
    /// Hands every signal matching `rule` to `handler`, on the loop, until `unsubscribe`. The rule is added on the
    /// bus asynchronously (`AddMatch`); `added` hears whether that worked. A well-known `sender` is followed to its
    /// current owner, so a signal from another connection is not taken for the name's.
    @discardableResult
    public func subscribe(_ rule: MatchRule, added: (@RouteCueLoop (BusError?) -> Void)? = nil,
                          _ handler: @escaping @RouteCueLoop (DBusMessage) -> Void) -> SignalSubscription {
        let id = makeHandle()
        subscriptions[id] = SignalSubscriptionEntry(rule: rule, handler: handler)
        // The rule first, then the owner lookup: the bus answers in order, so once the owner is known the rule holds.
        busCall("AddMatch", [.string(rule.description)]) { result in
            switch result {
            case .success: added?(nil)
            case .failure(let error): added?(error)
            }
        }
        if let sender = rule.sender, !sender.isUnique, sender != .bus { retainOwner(sender) }
        return SignalSubscription(id: id)
    }

    /// Ends a subscription (and removes its rule on the bus).
    public func unsubscribe(_ subscription: SignalSubscription) {
        guard let entry = subscriptions.removeValue(forKey: subscription.id) else { return }
        if let sender = entry.rule.sender, !sender.isUnique, sender != .bus { releaseOwner(sender.rawValue) }
        busCall("RemoveMatch", [.string(entry.rule.description)]) { _ in }
    }

    /// Calls `handler` with the current owner of `name` (nil: none) once it is known, and again each time it changes
    /// (a player appearing or quitting, BlueZ restarting), until `unwatchNameOwner`.
    @discardableResult
    public func watchNameOwner(_ name: BusName, _ handler: @escaping @RouteCueLoop (String?) -> Void) -> NameOwnerWatch {
        let id = makeHandle()
        retainOwner(name)
        nameOwners[name.rawValue]?.watchers[id] = handler
        if let entry = nameOwners[name.rawValue], entry.known { handler(entry.owner) }
        return NameOwnerWatch(id: id, name: name.rawValue)
    }

    /// Ends a watch started with `watchNameOwner`.
    public func unwatchNameOwner(_ watch: NameOwnerWatch) {
        guard nameOwners[watch.name]?.watchers.removeValue(forKey: watch.id) != nil else { return }
        releaseOwner(watch.name)
    }

    /// The owner of `name` as far as the connection follows it (nil when not followed, not known yet or unowned).
    public func currentOwner(of name: BusName) -> String? { nameOwners[name.rawValue]?.owner }

    /// Hands `message` to every subscription it matches.
    func deliverSignal(_ message: DBusMessage) {
        let matching = subscriptions.sorted { $0.key < $1.key }.filter { _, entry in
            entry.rule.matches(message, owner: entry.rule.sender.flatMap { nameOwners[$0.rawValue]?.owner })
        }
        for (id, entry) in matching where subscriptions[id] != nil { entry.handler(message) }
    }

    /// A call of the bus's own interface.
    func busCall(_ member: MemberName, _ arguments: [DBusValue],
                 _ completion: @escaping @RouteCueLoop (Result<[DBusValue], BusError>) -> Void) {
        call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: member, arguments: arguments,
             completion)
    }

    private func retainOwner(_ name: BusName) {
        if nameOwners[name.rawValue] != nil {
            nameOwners[name.rawValue]!.users += 1
            return
        }
        nameOwners[name.rawValue] = NameOwnerEntry(users: 1)
        let rule = MatchRule(sender: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameOwnerChanged",
                             arguments: [0: name.rawValue])
        let subscription = subscribe(rule) { [weak self] message in
            guard let values = try? message.arguments(), values.count == 3, let owner = values[2].string else { return }
            self?.ownerChanged(name.rawValue, to: owner.isEmpty ? nil : owner)
        }
        nameOwners[name.rawValue]?.subscription = subscription
        busCall("GetNameOwner", [.string(name.rawValue)]) { [weak self] result in
            guard let self, let entry = self.nameOwners[name.rawValue], !entry.known else { return }
            switch result {
            case .success(let values): self.ownerChanged(name.rawValue, to: values.first?.string)
            case .failure(let error) where error.is(.nameHasNoOwner): self.ownerChanged(name.rawValue, to: nil)
            case .failure: break
            }
        }
    }

    private func releaseOwner(_ name: String) {
        guard var entry = nameOwners[name] else { return }
        entry.users -= 1
        if entry.users > 0 {
            nameOwners[name] = entry
            return
        }
        nameOwners[name] = nil
        if let subscription = entry.subscription { unsubscribe(subscription) }
    }

    private func ownerChanged(_ name: String, to owner: String?) {
        guard var entry = nameOwners[name] else { return }
        let changed = !entry.known || entry.owner != owner
        entry.owner = owner
        entry.known = true
        nameOwners[name] = entry
        guard changed else { return }
        for (id, watcher) in entry.watchers.sorted(by: { $0.key < $1.key }) where nameOwners[name]?.watchers[id] != nil {
            watcher(owner)
        }
    }
}
