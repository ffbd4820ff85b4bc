import Glibc

/// What a registered descriptor is watched for.
public struct DescriptorInterest: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `POLLIN`: data (or end of file) to read.
    public static let read = DescriptorInterest(rawValue: 1)
    /// `POLLOUT`: room to write.
    public static let write = DescriptorInterest(rawValue: 2)
}

/// What a descriptor became ready for, as its handler is told.
public struct DescriptorReadiness: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Readable (`POLLIN`/`POLLPRI`).
    public static let readable = DescriptorReadiness(rawValue: 1)
    /// Writable (`POLLOUT`).
    public static let writable = DescriptorReadiness(rawValue: 2)
    /// The peer hung up (`POLLHUP`/`POLLRDHUP`); reads give what is left, then end of file.
    public static let hangup = DescriptorReadiness(rawValue: 4)
    /// An error is pending on the descriptor (`POLLERR`).
    public static let error = DescriptorReadiness(rawValue: 8)
    /// The descriptor is not open (`POLLNVAL`): it was closed without being deregistered. The registration is
    /// removed before the handler hears this, its last call.
    public static let invalid = DescriptorReadiness(rawValue: 16)

    init(revents: Int16) {
        var readiness: DescriptorReadiness = []
        if revents & Int16(POLLIN | POLLPRI) != 0 { readiness.insert(.readable) }
        if revents & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
        if revents & Int16(POLLHUP) != 0 { readiness.insert(.hangup) }
        if revents & Int16(POLLERR) != 0 { readiness.insert(.error) }
        if revents & Int16(POLLNVAL) != 0 { readiness.insert(.invalid) }
        self = readiness
    }

    /// e.g. `[readable, hangup]`.
    public var description: String {
        let names: [(DescriptorReadiness, String)] = [(.readable, "readable"), (.writable, "writable"),
                                                       (.hangup, "hangup"), (.error, "error"), (.invalid, "invalid")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// A registration's handle: `setInterest` and `deregister` take it. Each registration has its own id (as swift-nio's
/// registration ids), so readiness polled for a registration that is gone — even if the descriptor number was
/// registered again since — is dropped, never handed to the new one.
public struct DescriptorRegistration: Hashable, Sendable {
    let id: UInt64
}

/// The descriptors registered on a loop: touched on the loop thread only.
struct Registry {
    struct Entry {
        let fd: Int32
        var interest: DescriptorInterest
        let handler: @Sendable (DescriptorReadiness) -> Void
    }

    private(set) var entries: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 1

    mutating func add(fd: Int32, interest: DescriptorInterest, handler: @escaping @Sendable (DescriptorReadiness) -> Void) -> UInt64 {
        let id = nextID
        nextID += 1
        entries[id] = Entry(fd: fd, interest: interest, handler: handler)
        return id
    }

    mutating func setInterest(_ id: UInt64, _ interest: DescriptorInterest) -> Bool {
        guard entries[id] != nil else { return false }
        entries[id]!.interest = interest
        return true
    }

    mutating func remove(_ id: UInt64) -> Entry? { entries.removeValue(forKey: id) }

    /// The registrations to poll now, in registration order; one with no interest is left out (libdbus disables
    /// a watch that way).
    func pollList() -> [(id: UInt64, fd: Int32, events: Int16)] {
        entries.filter { !$0.value.interest.isEmpty }.sorted { $0.key < $1.key }.map { id, entry in
            var events: Int16 = 0
            if entry.interest.contains(.read) { events |= Int16(POLLIN | POLLPRI) }
            if entry.interest.contains(.write) { events |= Int16(POLLOUT) }
            return (id, entry.fd, events)
        }
    }
}

extension EventLoop {
    /// Watches `fd` for `interest`; `handler` runs synchronously on the loop thread each time the descriptor is
    /// ready (level-triggered: until the condition is consumed or the interest changes). Call on the loop thread.
    /// Several registrations may share a descriptor (libdbus gives a read and a write watch on one socket).
    public func register(fd: Int32, interest: DescriptorInterest,
                         handler: @escaping @Sendable (DescriptorReadiness) -> Void) -> DescriptorRegistration {
        checkIsolated()
        return DescriptorRegistration(id: registry.withLock { $0.add(fd: fd, interest: interest, handler: handler) })
    }

    /// Changes what `registration` is watched for (empty: not polled until changed again). Returns false when it
    /// is no longer registered. Call on the loop thread.
    @discardableResult
    public func setInterest(_ registration: DescriptorRegistration, _ interest: DescriptorInterest) -> Bool {
        checkIsolated()
        return registry.withLock { $0.setInterest(registration.id, interest) }
    }

    /// Stops watching; readiness already polled for it is dropped. The descriptor stays open (its owner closes it,
    /// after this call). Returns false when it was not registered. Call on the loop thread.
    @discardableResult
    public func deregister(_ registration: DescriptorRegistration) -> Bool {
        checkIsolated()
        return registry.withLock { $0.remove(registration.id) } != nil
    }

    /// The number of descriptors registered.
    public var registeredDescriptorCount: Int { registry.withLock { $0.entries.count } }

    /// Runs the handler of registration `id` for `revents`, unless it was deregistered since the poll; readiness
    /// for an interest dropped since the poll (by a handler that ran before) is dropped too.
    func dispatch(_ id: UInt64, revents: Int16) {
        var readiness = DescriptorReadiness(revents: revents)
        let handler = registry.withLock { registry -> (@Sendable (DescriptorReadiness) -> Void)? in
            guard let entry = registry.entries[id], !entry.interest.isEmpty else { return nil }
            if !entry.interest.contains(.read) { readiness.remove(.readable) }
            if !entry.interest.contains(.write) { readiness.remove(.writable) }
            if readiness.contains(.invalid) { _ = registry.remove(id) }
            return readiness.isEmpty ? nil : entry.handler
        }
        handler?(readiness)
    }
}
