import EventLoopKit
import Glibc

/// TCP on 127.0.0.1 for test servers and probes, on the Glibc socket API (no Foundation networking). Every socket is
/// close-on-exec, so a gpsd the test starts afterwards inherits none of them (an inherited listening socket would
/// keep a port bound, an inherited client socket a connection open, after the test closed its own).
public enum LoopbackSocket {
    /// A socket listening on 127.0.0.1:`port` (0: any free port) with `backlog`, and the port it got.
    /// Non-blocking when `nonBlocking` (for a poll loop).
    public static func listen(port: UInt16 = 0, backlog: Int32 = 8,
                              nonBlocking: Bool = false) throws(SystemCallError) -> (fd: Int32, port: UInt16) {
        let fd = try socket(nonBlocking: nonBlocking)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = SystemCallError.last("bind 127.0.0.1:\(port)")
            close(fd)
            throw error
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let error = SystemCallError.last("listen")
            close(fd)
            throw error
        }
        do {
            return (fd, try localPort(of: fd))
        } catch {
            close(fd)
            throw error
        }
    }

    /// A port that was free a moment ago (bound to port 0 and closed). Another process may take it before the caller
    /// binds it: callers that hand it to a child retry on a collision.
    public static func freePort() throws(SystemCallError) -> UInt16 {
        let (fd, port) = try listen(port: 0, backlog: 1)
        close(fd)
        return port
    }

    /// Accepts one connection on the listening `fd` (close-on-exec; non-blocking when asked). nil when none is
    /// waiting on a non-blocking listener; throws on other errors.
    public static func accept(_ fd: Int32, nonBlocking: Bool = false) throws(SystemCallError) -> Int32? {
        while true {
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                // accept4 is not imported; the tests start children from one thread at a time, after accepting.
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                if nonBlocking { _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK) }
                return client
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw .last("accept")
        }
    }

    /// Connects to 127.0.0.1:`port`, blocking; the connected socket, or nil when nothing accepts there
    /// (`ECONNREFUSED`). Throws on other errors.
    public static func connect(port: UInt16) throws(SystemCallError) -> Int32? {
        let fd = try socket(nonBlocking: false)
        var address = loopbackAddress(port: port)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if status == 0 { return fd }
        let code = errno
        close(fd)
        if code == ECONNREFUSED { return nil }
        throw SystemCallError("connect 127.0.0.1:\(port)", code: code)
    }

    /// Starts a connection to 127.0.0.1:`port` without waiting for it (a non-blocking connect); the socket.
    /// For filling a listener's backlog.
    public static func startConnecting(port: UInt16) throws(SystemCallError) -> Int32 {
        let fd = try socket(nonBlocking: true)
        var address = loopbackAddress(port: port)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 || errno == EINPROGRESS else {
            let error = SystemCallError.last("connect 127.0.0.1:\(port)")
            close(fd)
            throw error
        }
        return fd
    }

    /// True when something accepts connections on 127.0.0.1:`port` now (a connect that is closed at once).
    public static func isAccepting(port: UInt16) -> Bool {
        guard let fd = try? connect(port: port) else { return false }
        close(fd)
        return true
    }

    /// Writes all of `bytes` to `fd` (retrying `EINTR` and short writes, waiting up to `timeout` seconds for room
    /// on a non-blocking socket); false when the peer is gone or the time ran out. Never raises SIGPIPE.
    @discardableResult
    public static func send(_ bytes: [UInt8], to fd: Int32, timeout: Double = 1) -> Bool {
        var offset = 0
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return false }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, Int32(max(1, (deadline - now) / 1_000_000)))
        }
        return true
    }

    /// The port `fd` is bound to.
    public static func localPort(of fd: Int32) throws(SystemCallError) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { throw .last("getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static let SOCK_CLOEXEC_FLAG = Int32(SOCK_CLOEXEC.rawValue)
    private static let SOCK_NONBLOCK_FLAG = Int32(SOCK_NONBLOCK.rawValue)

    private static func socket(nonBlocking: Bool) throws(SystemCallError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | SOCK_CLOEXEC_FLAG | (nonBlocking ? SOCK_NONBLOCK_FLAG : 0)
        let fd = Glibc.socket(AF_INET, type, 0)
        guard fd >= 0 else { throw .last("socket") }
        return fd
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// Waiting by polling, for tests that watch another thread's progress (a loop's listener, a feeder's count).
public enum PollingWait {
    /// Checks `condition` every `interval` seconds until it holds (true) or `timeout` seconds pass (false; times
    /// `SanitizerRun.slowdown` in a sanitized build).
    @discardableResult
    public static func until(timeout: Double, interval: Double = 0.005, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * SanitizerRun.slowdown * 1e9)
        while !condition() {
            if MonotonicClock.nanoseconds() >= deadline { return false }
            usleep(useconds_t(interval * 1e6))
        }
        return true
    }
}
