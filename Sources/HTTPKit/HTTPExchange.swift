import EventLoopKit
import Glibc

/// One request and its response over a connection of its own, blocking the calling thread (a worker's, never the
/// event loop's) for at most `timeout` seconds in all: name lookup, connect, send and receive.
public enum HTTPExchange {
    /// How a wait for the socket ended.
    private enum Wait {
        case ready, timedOut, cancelled
    }

    /// Sends `request` to `endpoint` and reads the whole response. Once `cancel` (a descriptor, e.g. an eventfd;
    /// -1: none) is readable, the exchange ends at once with `.cancelled`: a stopping client is not held by an
    /// engine that never answers.
    public static func perform(_ request: HTTPRequest, at endpoint: HTTPEndpoint, timeout: Double,
                               maxBodyBytes: Int = 64 << 20, cancel: Int32 = -1) -> Result<HTTPResponse, HTTPError> {
        let deadline = MonotonicClock.nanoseconds() + UInt64(max(0, timeout) * 1e9)
        let name = endpoint.description
        let socket: Int32
        switch connect(endpoint, deadline: deadline, timeout: timeout, cancel: cancel) {
        case .success(let fd): socket = fd
        case .failure(let error): return .failure(error)
        }
        defer { close(socket) }
        let bytes = request.serialized(for: endpoint)
        var sent = 0
        while sent < bytes.count {
            switch wait(socket, for: Int16(POLLOUT), until: deadline, cancel: cancel) {
            case .ready: break
            case .timedOut: return .failure(.timedOut(name, seconds: timeout))
            case .cancelled: return .failure(.cancelled)
            }
            let n = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.connectionLost(name, String(cString: strerror(errno))))
            }
            sent += n
        }
        var parser = HTTPResponseParser(maxBodyBytes: maxBodyBytes)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            switch wait(socket, for: Int16(POLLIN), until: deadline, cancel: cancel) {
            case .ready: break
            case .timedOut: return .failure(.timedOut(name, seconds: timeout))
            case .cancelled: return .failure(.cancelled)
            }
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            do {
                if n == 0 { return .success(try parser.finish()) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return .failure(.connectionLost(name, String(cString: strerror(errno))))
                }
                if case .complete(let response) = try parser.feed(chunk[0..<n]) { return .success(response) }
            } catch {
                switch error {
                case .malformed(let why): return .failure(.malformedResponse(name, why))
                case .tooLarge(let limit): return .failure(.responseTooLarge(name, limit: limit))
                case .truncated(let why): return .failure(.connectionLost(name, why))
                }
            }
        }
    }

    /// A connected non-blocking socket to the first address of `endpoint` that accepts.
    private static func connect(_ endpoint: HTTPEndpoint, deadline: UInt64, timeout: Double, cancel: Int32) -> Result<Int32, HTTPError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(.unknownHost(endpoint.host, String(cString: gai_strerror(status))))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                            address.pointee.ai_protocol)
            guard fd >= 0 else { lastError = String(cString: strerror(errno)); continue }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return .success(fd) }
            guard errno == EINPROGRESS else {
                lastError = String(cString: strerror(errno))
                close(fd)
                continue
            }
            switch wait(fd, for: Int16(POLLOUT), until: deadline, cancel: cancel) {
            case .ready: break
            case .timedOut:
                close(fd)
                return .failure(.timedOut(endpoint.description, seconds: timeout))
            case .cancelled:
                close(fd)
                return .failure(.cancelled)
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code == 0 { return .success(fd) }
            lastError = String(cString: strerror(code))
            close(fd)
        }
        return .failure(.unreachable(endpoint.description, lastError))
    }

    /// Waits until `fd` is ready for `events` (or has failed, which the next call reports), the deadline passes, or
    /// `cancel` becomes readable.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: UInt64, cancel: Int32) -> Wait {
        while true {
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return .timedOut }
            var descriptors = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: cancel, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
            // A negative descriptor is ignored by poll: without `cancel` only the socket is watched.
            let n = poll(&descriptors, 2, milliseconds)
            if n > 0 {
                if descriptors[1].revents != 0 { return .cancelled }
                return .ready
            }
            if n < 0, errno != EINTR { return .ready }
        }
    }
}
