import EventLoopKit
import Foundation
import Synchronization

/// A stand-in for systemd's notification socket: an `AF_UNIX` datagram socket bound to a path in a test's folder,
/// read on a thread of its own, every datagram kept with the monotonic instant it arrived (`NOTIFY_SOCKET` is its
/// path).
public final class NotifySocket: Sendable {
    /// One datagram.
    public struct Message: Sendable {
        /// Its fields (`READY=1`, `STATUS=…`).
        public let fields: [String]
        /// When it arrived (CLOCK_MONOTONIC nanoseconds).
        public let at: UInt64
    }

    /// The socket's path.
    public let path: String
    private let descriptor: Int32
    /// What the reading thread shares with the test.
    private final class Shared: Sendable {
        let received = LockedValue<[Message]>([])
        let closed = Atomic<Bool>(false)
    }

    private let shared = Shared()
    private let thread: SystemThread

    /// Binds a socket at `path`.
    public init(path: String) throws {
        self.path = path
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError.last("socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SystemCallError("bind", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw SystemCallError.last("bind")
        }
        descriptor = fd
        let shared = self.shared
        thread = try SystemThread(name: "notify-socket") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !shared.closed.load(ordering: .acquiring) {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard n > 0 else { continue }
                let text = String(decoding: buffer[0..<n], as: UTF8.self)
                let message = Message(fields: text.split(separator: "\n").map(String.init), at: MonotonicClock.nanoseconds())
                shared.received.withLock { $0.append(message) }
            }
        }
    }

    deinit {
        shared.closed.store(true, ordering: .releasing)
        thread.join()
        close(descriptor)
        unlink(path)
    }

    /// Every datagram so far.
    public var messages: [Message] { shared.received.withLock { $0 } }

    /// The first datagram with a field `field` (e.g. `READY=1`), waiting up to `timeout` seconds.
    public func first(_ field: String, within timeout: Double) -> Message? {
        wait(timeout) { $0.first { $0.fields.contains(field) } }
    }

    /// Waits until `match` finds something in the messages (polling), or `timeout` seconds pass.
    public func wait<T>(_ timeout: Double, _ match: ([Message]) -> T?) -> T? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while true {
            if let found = match(messages) { return found }
            if MonotonicClock.nanoseconds() > end { return nil }
            usleep(5_000)
        }
    }
}
