import EventLoopKit
import Glibc

/// A GPS receiver on TCP for gpsd (`gpsd -N -n tcp://127.0.0.1:PORT`): serves NMEA epochs (each a receiver's burst of
/// sentences, e.g. RMC+GGA) one per `secondsPerEpoch` in real time, on a thread of its own, each `delays[k]` seconds
/// after its moment (a receiver computes and sends its fix a little after it measured it; 0 by default). Its clock
/// keeps running like a real receiver's: an epoch due while no gpsd is connected (killed, restarting) or while paused
/// (the receiver silent) is skipped, not sent late. It remembers when each epoch was measured and sent, so a bench can
/// map times back to the drive's ground truth. gpsd drops the first epoch after it connects to a source (it is busy
/// probing the device). Call `stop()` when done: the thread holds the feeder until then.
public final class NMEAFeeder: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The epochs, in order.
    public let epochs: [String]
    /// Seconds between epochs.
    public let secondsPerEpoch: Double
    /// Seconds after its moment each epoch is sent.
    public let delays: [Double]

    private struct State {
        var paused = false
        var dropClient: (reset: Bool, asked: Bool) = (true, false)
        var stopped = false
        var started: UInt64?
        var sent: [(epoch: Int, measured: UInt64, at: UInt64)] = []
        var connections = 0
        var raw: [[UInt8]] = []
    }

    private let listener: Int32
    private let state = LockedValue(State())
    private let thread: SystemThread

    /// A feeder of `epochs` listening on 127.0.0.1:`port` (0: any free port); it starts pacing when gpsd first
    /// connects. `delays` (seconds, one per epoch; missing ones are 0) delay each epoch after its moment.
    public init(epochs: [String], secondsPerEpoch: Double = 1, delays: [Double] = [], port: Int = 0) throws(SystemCallError) {
        self.epochs = epochs
        self.secondsPerEpoch = secondsPerEpoch
        self.delays = epochs.indices.map { $0 < delays.count ? max(0, delays[$0]) : 0 }
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

    /// A feeder of the NMEA log at `path` (relative paths from the current directory), an epoch per RMC.
    public convenience init(file path: String, secondsPerEpoch: Double = 1) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try self.init(epochs: Self.epochs(ofNMEA: text), secondsPerEpoch: secondsPerEpoch)
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
    /// Ends the connection to gpsd; the next connection is served. A reset (`SO_LINGER` 0, what a read error looks
    /// like) makes gpsd report the device deactivated at once; after an orderly close gpsd 3.22 stops reading the
    /// source and says nothing.
    public func disconnectClient(reset: Bool = true) { state.withLock { $0.dropClient = (reset, true) } }
    /// Sends `bytes` as they are on the current connection (before the next epoch).
    public func send(raw bytes: [UInt8]) { state.withLock { $0.raw.append(bytes) } }
    /// Stops for good, and waits for its thread to end (a test case keeping its feeder until the suite ends would
    /// otherwise leave a finished thread never joined: ThreadSanitizer's "thread leak").
    public func stop() {
        state.withLock { $0.stopped = true }
        thread.join()
    }

    /// Each epoch sent: when it was measured (its moment) and when it was written (CLOCK_MONOTONIC nanoseconds).
    public var sent: [(epoch: Int, measured: UInt64, at: UInt64)] { state.withLock { $0.sent } }
    /// When it started pacing (CLOCK_MONOTONIC nanoseconds; epoch k is measured `k × secondsPerEpoch` later), nil
    /// until gpsd first connects.
    public var startedAt: UInt64? { state.withLock { $0.started } }
    /// Epochs sent so far.
    public var epochsSent: Int { state.withLock { $0.sent.count } }
    /// Connections accepted so far.
    public var connectionCount: Int { state.withLock { $0.connections } }
    /// True once every epoch's moment has passed.
    public var isFinished: Bool {
        state.withLock { state in
            guard let started = state.started else { return false }
            let last = Double(epochs.count) * secondsPerEpoch + (delays.last ?? 0)
            return MonotonicClock.nanoseconds() >= started + UInt64(last * 1e9)
        }
    }

    // MARK: The thread

    private func run() {
        var client: Int32 = -1
        defer { if client >= 0 { close(client) } }
        while true {
            let (stopped, drop, paused, started, raw) = state.withLock { s -> (Bool, (reset: Bool, asked: Bool), Bool, UInt64?, [[UInt8]]) in
                defer { s.dropClient.asked = false; s.raw.removeAll() }
                return (s.stopped, s.dropClient, s.paused, s.started, s.raw)
            }
            if stopped { return }
            if drop.asked, client >= 0 {
                if drop.reset {
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                }
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
            // The next epoch not sent, and the instant it is sent (its moment plus its delay).
            let last = state.withLock { $0.sent.last?.epoch ?? -1 }
            let elapsed = Double(now - started) / 1e9
            var due = last + 1
            while due < epochs.count, elapsed > moment(due) + delays[due] + secondsPerEpoch * 0.5 { due += 1 }
            // One whose sending moment passed by half an interval (the receiver was silent, or gpsd away) is skipped,
            // as a real receiver's would be.
            if due < epochs.count, elapsed >= moment(due) + delays[due], !paused {
                if write(Array(epochs[due].utf8), to: client) {
                    let measured = started + UInt64(moment(due) * 1e9)
                    state.withLock { $0.sent.append((due, measured, now)) }
                } else {
                    close(client)
                    client = -1
                }
                continue
            }
            // Sleep until the next epoch is to be sent (at most 20 ms, to notice commands).
            let next = due < epochs.count ? started + UInt64((moment(due) + delays[due]) * 1e9) : now + 20_000_000
            let wait = next > now ? min(20_000_000, next - now) : 0
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(wait / 1_000_000) + 1) > 0 {
                // gpsd writes probe strings to a new source (read and dropped); end of file means it closed the
                // connection.
                var bytes = [UInt8](repeating: 0, count: 4096)
                if recv(client, &bytes, bytes.count, Int32(MSG_DONTWAIT)) == 0 {
                    close(client)
                    client = -1
                }
            }
        }
    }

    /// Seconds after the start at which epoch `k` is measured.
    private func moment(_ k: Int) -> Double { Double(k) * secondsPerEpoch }

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
