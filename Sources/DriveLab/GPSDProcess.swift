import EventLoopKit
import Foundation
import Glibc

/// A real gpsd (Debian's `/usr/sbin/gpsd`) started for a test or a bench on a private port, reading one TCP NMEA
/// source (`gpsd -N -n -S PORT tcp://127.0.0.1:FEEDPORT`), stopped by its PID. It can be killed (`kill -9`) and
/// started again on the same port, as gpsfake cannot.
public final class GPSDProcess: @unchecked Sendable {
    /// Where Debian installs it.
    public static let path = "/usr/sbin/gpsd"
    /// True when gpsd is installed.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The port gpsd listens on.
    public let port: Int
    /// The NMEA source it reads.
    public let source: String
    private var process: Process?

    /// A gpsd reading `tcp://127.0.0.1:feedPort` on a free port (or `port`), started (unless `start` is false) and
    /// accepting connections (within 3 s).
    public init(feedPort: Int, port: Int? = nil, start: Bool = true) throws {
        source = "tcp://127.0.0.1:\(feedPort)"
        self.port = try port ?? Self.freePort()
        if start { try self.start() }
    }

    /// Seconds the last `start()` took until gpsd accepted connections.
    public private(set) var lastStartSeconds: Double?

    deinit { stop() }

    /// The gpsd PID, while it runs.
    public var pid: Int32? { process?.isRunning == true ? process?.processIdentifier : nil }

    /// Starts it (again) on its port.
    public func start() throws {
        guard process?.isRunning != true else { return }
        let began = MonotonicClock.nanoseconds()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = ["-N", "-n", "-S", String(port), source]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildProcessCleanup.run(process)
        self.process = process
        let end = MonotonicClock.nanoseconds() + 3_000_000_000
        while !Self.accepts(port) {
            guard process.isRunning, MonotonicClock.nanoseconds() < end else {
                stop()
                throw GPSDProcessError(message: "gpsd did not listen on port \(port) within 3 s")
            }
            usleep(5_000)
        }
        lastStartSeconds = Double(MonotonicClock.nanoseconds() - began) / 1e9
    }

    /// Stops it and starts it again on the same port.
    public func restart() throws {
        stop()
        try start()
    }

    /// `kill -9`: gpsd dies at once, its clients' sockets close.
    public func kill9() {
        guard let process, process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops it (SIGTERM, then SIGKILL after a second) and reaps it.
    public func stop() {
        guard let process, process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGTERM)
        let end = MonotonicClock.nanoseconds() + 1_000_000_000
        while process.isRunning, MonotonicClock.nanoseconds() < end { usleep(5_000) }
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A TCP port free on 127.0.0.1 now (bound to port 0 and released).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError.last("socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw SystemCallError.last("bind") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// gpsd could not be started.
public struct GPSDProcessError: Error, CustomStringConvertible {
    /// Why.
    public let message: String
    /// The message.
    public var description: String { message }
}
