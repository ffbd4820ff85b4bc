import EventLoopKit
import Foundation

/// systemd's notification socket as the bench plays systemd: an AF_UNIX datagram socket at a path, read with a
/// timeout, each datagram with the monotonic instant it was read.
final class NotifyListener {
    let path: String
    private let fd: Int32

    init() {
        path = NSTemporaryDirectory() + "routecue-bench-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0 else { fail("notify socket: \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The next datagram containing `field`, and when it came (nil after `timeout` seconds).
    func wait(for field: String, timeout: Double) -> (fields: [String], at: UInt64)? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = MonotonicClock.nanoseconds()
            guard now < end else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32((end - now) / 1_000_000) + 1) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { continue }
            let at = MonotonicClock.nanoseconds()
            let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").map(String.init)
            if fields.contains(field) { return (fields, at) }
        }
    }
}
