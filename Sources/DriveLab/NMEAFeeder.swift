import EventLoopKit
import Glibc
import Synchronization

/// A GPS receiver on TCP for gpsd (`gpsd -N -n tcp://127.0.0.1:PORT`): serves NMEA epochs (each a receiver's burst of
/// sentences, e.g. RMC+GGA) one per `secondsPerEpoch` in real time, on a thread of its own. Its clock keeps running
/// like a real receiver's: an epoch due while no gpsd is connected (killed, restarting) or while paused (the receiver
/// silent) is skipped, not sent late. It remembers the monotonic instant each epoch was sent, so a bench can map
/// times back to the drive's ground truth. Call `stop()` when done: the thread holds the feeder until then.
public final class NMEAFeeder: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The epochs, in order.
    public let epochs: [String]
    /// Seconds between epochs.
    public let secondsPerEpoch: Double

    private struct State {
        var paused = false
        var dropClient = false
        var stopped = false
        var started: UInt64?
        var sent: [(epoch: Int, at: UInt64)] = []
        var connections = 0
        var raw: [[UInt8]] = []
    }

    private let listener: Int32
    private let state = Mutex(State())
    private let thread: SystemThread

    /// A feeder of `epochs` listening on 127.0.0.1:`port` (0: any free port); it starts pacing when gpsd first
    /// connects.
    public init(epochs: [String], secondsPerEpoch: Double = 1, port: Int = 0) throws(SystemCallError) {
        self.epochs = epochs
        self.secondsPerEpoch = secondsPerEpoch
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .last("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            let error = SystemCallError.last("bind/listen 127.0.0.1:\(port)")
            close(fd)
            throw error
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        listener = fd
        let box = ThreadHandover<NMEAFeeder>()
        thread = try SystemThread(name: "nmea-feeder") { box.take().run() }
        box.hand(self)
    }

    deinit {
        stop()
        thread.join()
        close(listener)
    }

    /// The epochs of `text` (an NMEA log): a new epoch at each RMC sentence; comments and blank lines left out.
    public static func epochs(ofNMEA text: String) -> [String] {
        var epochs: [String] = []
        var current = ""
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard line.first == "$" || line.first == "!" else { continue }
            if line.dropFirst(3).hasPrefix("RMC"), !current.isEmpty {
                epochs.append(current)
                current = ""
            }
            current += line + "\r\n"
        }
        if !current.isEmpty { epochs.append(current) }
        return epochs
    }

    /// Stops sending (the receiver goes silent; the connection stays).
    public func pause() { state.withLock { $0.paused = true } }
    /// Sends again, from the epoch due now.
    public func resume() { state.withLock { $0.paused = false } }
    /// Closes the connection to gpsd (gpsd reports the device deactivated); the next connection is served.
    public func disconnectClient() { state.withLock { $0.dropClient = true } }
    /// Sends `bytes` as they are on the current connection (before the next epoch).
    public func send(raw bytes: [UInt8]) { state.withLock { $0.raw.append(bytes) } }
    /// Stops for good.
    public func stop() { state.withLock { $0.stopped = true } }

    /// Each epoch sent, with the CLOCK_MONOTONIC instant it was written.
    public var sent: [(epoch: Int, at: UInt64)] { state.withLock { $0.sent } }
    /// Connections accepted so far.
    public var connections: Int { state.withLock { $0.connections } }
    /// True once every epoch's moment has passed.
    public var isFinished: Bool {
        state.withLock { state in
            guard let started = state.started else { return false }
            return MonotonicClock.nanoseconds() >= started + UInt64(Double(epochs.count) * secondsPerEpoch * 1e9)
        }
    }

    // MARK: The thread

    private func run() {
        var client: Int32 = -1
        defer { if client >= 0 { close(client) } }
        while true {
            let (stopped, drop, paused, started, raw) = state.withLock { s -> (Bool, Bool, Bool, UInt64?, [[UInt8]]) in
                defer { s.dropClient = false; s.raw.removeAll() }
                return (s.stopped, s.dropClient, s.paused, s.started, s.raw)
            }
            if stopped { return }
            if drop, client >= 0 {
                close(client)
                client = -1
            }
            if client < 0 {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 20) > 0 {
                    client = accept(listener, nil, nil)
                    if client >= 0 {
                        try? FileDescriptor.setCloseOnExec(client)
                        let now = MonotonicClock.nanoseconds()
                        state.withLock { s in
                            s.connections += 1
                            if s.started == nil { s.started = now }
                        }
                    }
                }
                continue
            }
            for bytes in raw where !write(bytes, to: client) {
                close(client)
                client = -1
            }
            guard client >= 0, let started else { continue }
            let now = MonotonicClock.nanoseconds()
            let due = Int(Double(now - started) / 1e9 / secondsPerEpoch)
            let last = state.withLock { $0.sent.last?.epoch ?? -1 }
            // An epoch is sent at its moment; one whose moment passed by half an interval (the receiver was silent, or
            // gpsd away) is skipped, as a real receiver's would be.
            let slotStart = started + UInt64(Double(due) * secondsPerEpoch * 1e9)
            if due < epochs.count, due > last, !paused, Double(now - slotStart) <= secondsPerEpoch * 0.5e9 {
                if write(Array(epochs[due].utf8), to: client) {
                    state.withLock { $0.sent.append((due, now)) }
                } else {
                    close(client)
                    client = -1
                    continue
                }
            }
            // Sleep to the next epoch's moment (or 20 ms, to notice commands).
            let next = started + UInt64(Double(due + 1) * secondsPerEpoch * 1e9)
            let wait = next > now ? min(20_000_000, next - now) : 0
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(wait / 1_000_000) + 1) > 0 {
                // gpsd writes nothing to a source; readable means it closed the connection.
                var byte: UInt8 = 0
                if recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0 {
                    close(client)
                    client = -1
                }
            }
        }
    }

    private func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
