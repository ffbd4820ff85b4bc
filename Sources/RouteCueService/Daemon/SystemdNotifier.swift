import CEventLoop
import EventLoopKit
import Glibc

/// systemd's notification protocol without libsystemd (`sd_notify(3)`): datagrams such as `READY=1`,
/// `STATUS=…`, `WATCHDOG=1` and `STOPPING=1` sent to the `AF_UNIX` socket `NOTIFY_SOCKET` names (a path, or a
/// name in the abstract namespace when it starts with `@`). Without `NOTIFY_SOCKET` every call does nothing.
public final class SystemdNotifier: Sendable {
    /// The socket's name, as `NOTIFY_SOCKET` gave it.
    public let socketName: String?
    /// Half of `WATCHDOG_USEC`: how often to send `WATCHDOG=1`, when systemd asked for it and for this process
    /// (`WATCHDOG_PID` unset or ours).
    public let watchdogInterval: Double?
    private let descriptor: Int32

    /// A notifier following `environment` (the process's by default).
    public init(environment: [String: String] = ProcessEnvironment.variables()) {
        let name = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        socketName = name
        descriptor = name == nil ? -1 : socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if let usec = environment["WATCHDOG_USEC"].flatMap(UInt64.init), usec > 0,
           environment["WATCHDOG_PID"].map({ Int32($0) == getpid() }) ?? true {
            watchdogInterval = Double(usec) / 1e6 / 2
        } else {
            watchdogInterval = nil
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether systemd listens.
    public var isActive: Bool { descriptor >= 0 }

    /// Sends `fields` (e.g. `["READY=1", "STATUS=waiting for a fix"]`) as one datagram; returns false when there is
    /// no socket or the send failed (systemd gone: nothing to do about it).
    @discardableResult
    public func notify(_ fields: [String]) -> Bool {
        guard descriptor >= 0, let name = socketName else { return false }
        var address = sockaddr_un()
        let length = name.withCString { routecue_unix_address(&address, $0, strlen($0)) }
        guard length > 0 else { return false }
        let message = fields.map { $0.replacingNewlines() }.joined(separator: "\n")
        let sent = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
        return sent >= 0
    }

    /// `READY=1` with a status.
    public func ready(status: String) { notify(["READY=1", "STATUS=\(status)"]) }
    /// `STATUS=…`.
    public func status(_ text: String) { notify(["STATUS=\(text)"]) }
    /// `WATCHDOG=1`.
    public func watchdog() { notify(["WATCHDOG=1"]) }
    /// `STOPPING=1` with a status.
    public func stopping(status: String) { notify(["STOPPING=1", "STATUS=\(status)"]) }
    /// `RELOADING=1` (a configuration reload begins) and `READY=1` when it is done.
    public func reloading() { notify(["RELOADING=1"]) }
}

private extension String {
    /// One line: a status with a newline would start a field of its own.
    func replacingNewlines() -> String { String(map { $0.isNewline ? " " : $0 }) }
}
