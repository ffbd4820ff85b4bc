import EventLoopKit
import Foundation
import Glibc
import Synchronization

/// A test-owned NMEA source for gpsd: a TCP server on 127.0.0.1 that gpsd reads as `tcp://127.0.0.1:PORT`, serving
/// NMEA sentences epoch by epoch (an epoch starts at each RMC) at a set pace, on a thread of its own. Each epoch
/// goes out in one write, so gpsd reports one TPV per epoch.
///
/// gpsd connects once when it starts (`-n`) and does not reconnect by itself after the source closes; a gpsd that
/// is restarted connects again, and the feeder takes the new connection (a newer connection replaces an older one)
/// and goes on with the next epoch. Epochs are consumed only by being sent: while no client is connected, or while
/// paused, the feed waits. The instant each epoch was written is kept (`MonotonicClock.nanoseconds()`), so a test can
/// map what the daemon did to the epoch it had last been given.
///
/// Controls: `pause` (stop sending but keep the connection: gpsd goes silent), `resume`, `disconnectClient` (gpsd
/// reports the device deactivated), `send` (raw bytes to the current client), `stop` (closes everything; also on
/// `deinit`).
public final class NMEAFeedServer: Sendable {
    /// The port gpsd connects to.
    public let port: UInt16
    /// The epochs served, in order: each the sentences of one receiver epoch (RMC first).
    public let epochs: [[String]]
    /// Seconds between two epochs as sent (`secondsPerEpoch / speedFactor`).
    public let interval: Double

    /// What the feeder's thread holds (not the feeder itself, so dropping the feeder stops the thread).
    private let core: FeederCore
    private let thread = Mutex<SystemThread?>(nil)

    /// Serves `epochs` (see `epochs(in:)`) on 127.0.0.1:`port` (0: any free port), one every
    /// `secondsPerEpoch / speedFactor` seconds once a client is connected. Listening when this returns.
    public init(epochs: [[String]], secondsPerEpoch: Double = 1, speedFactor: Double = 1,
                port: UInt16 = 0) throws {
        precondition(secondsPerEpoch > 0 && speedFactor > 0, "the feeder needs a positive pace")
        self.epochs = epochs
        self.interval = secondsPerEpoch / speedFactor
        let (listener, boundPort) = try LoopbackSocket.listen(port: port, backlog: 4, nonBlocking: true)
        self.port = boundPort
        let core: FeederCore
        do {
            core = try FeederCore(epochs: epochs, interval: interval)
        } catch {
            close(listener)
            throw error
        }
        self.core = core
        let started = try? SystemThread(name: "nmea-feeder") { core.run(listener: listener) }
        guard let started else {
            close(listener)
            throw SystemCallError("pthread_create", code: EAGAIN)
        }
        thread.withLock { $0 = started }
    }

    /// Serves NMEA `lines` (generated sentences; `#` comments and blank lines skipped), grouped into epochs.
    public convenience init(lines: [String], secondsPerEpoch: Double = 1, speedFactor: Double = 1,
                            port: UInt16 = 0) throws {
        try self.init(epochs: Self.epochs(in: lines), secondsPerEpoch: secondsPerEpoch, speedFactor: speedFactor,
                      port: port)
    }

    /// Serves the NMEA file at `path` (relative paths are taken from the repository root), grouped into epochs.
    public convenience init(file path: String, secondsPerEpoch: Double = 1, speedFactor: Double = 1,
                            port: UInt16 = 0) throws {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : SharedData.repositoryRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        try self.init(lines: text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init),
                      secondsPerEpoch: secondsPerEpoch, speedFactor: speedFactor, port: port)
    }

    deinit { stop() }

    /// NMEA lines grouped by epoch: a new epoch starts at each RMC sentence (`$xxRMC`); lines before the first RMC
    /// form an epoch of their own. Blank lines and `#` comments are skipped; line ends are trimmed.
    public static func epochs(in lines: [String]) -> [[String]] {
        var epochs: [[String]] = []
        for raw in lines {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let isRMC = line.count > 6 && line.dropFirst(3).hasPrefix("RMC")
            if isRMC || epochs.isEmpty { epochs.append([]) }
            epochs[epochs.count - 1].append(line)
        }
        return epochs
    }

    // MARK: Controls (any thread)

    /// Stops sending epochs; the connection stays open, so gpsd hears nothing at all (no TPV, no DEVICE).
    public func pause() { update { $0.paused = true } }

    /// Sends again, the next epoch at once.
    public func resume() { update { $0.paused = false } }

    /// Closes the current client's connection; the feeder keeps listening for a new one. With `reset` (the
    /// default) the connection is reset (RST, as an unplugged receiver's read error): gpsd 3.22 reports the device
    /// deactivated (`DEVICE … "activated":0`) at once. Without, it is closed in order (FIN): gpsd then reads end of
    /// file, stops reading the source and tells its clients nothing at all, as if the receiver had gone silent.
    public func disconnectClient(reset: Bool = true) { update { $0.disconnect = reset } }

    /// Writes `bytes` to the current client as they are, between epochs (dropped when no client is connected).
    public func send(_ bytes: [UInt8]) { update { $0.raw.append(bytes) } }

    /// Writes `text` to the current client as it is (add the `\r\n` yourself).
    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Closes the client and the listener and ends the thread (waits for it). Idempotent.
    public func stop() {
        update { $0.stopping = true }
        let running = thread.withLock { thread -> SystemThread? in
            defer { thread = nil }
            return thread
        }
        running?.join()
    }

    // MARK: Progress (any thread)

    /// Epochs written so far.
    public var epochsSent: Int { core.shared.withLock { $0.sentAt.count } }

    /// The monotonic instant (`MonotonicClock.nanoseconds()`) each epoch sent so far was written, by epoch index.
    public var sentInstants: [UInt64] { core.shared.withLock { $0.sentAt } }

    /// True once every epoch has been sent.
    public var isFinished: Bool { epochsSent == epochs.count }

    /// Connections accepted so far (gpsd's first and each reconnect).
    public var connectionCount: Int { core.shared.withLock { $0.connections } }

    /// True while a client is connected.
    public var isClientConnected: Bool { core.shared.withLock { $0.connected } }

    /// Waits until `count` epochs have been sent (true) or `timeout` seconds pass (false).
    @discardableResult
    public func waitForEpochs(_ count: Int, timeout: Double) -> Bool {
        PollingWait.until(timeout: timeout) { epochsSent >= count }
    }

    /// Waits until a client is connected (true) or `timeout` seconds pass (false).
    @discardableResult
    public func waitForClient(timeout: Double) -> Bool {
        PollingWait.until(timeout: timeout) { isClientConnected }
    }

    private func update(_ change: (inout FeederCore.Shared) -> Void) { core.update(change) }
}

/// The feeder's thread and the state it shares with the controls.
private final class FeederCore: Sendable {
    struct Shared {
        var paused = false
        /// A disconnect asked for: with a reset (true) or in order (false).
        var disconnect: Bool?
        var stopping = false
        var raw: [[UInt8]] = []
        var sentAt: [UInt64] = []
        var connections = 0
        var connected = false
    }

    let shared = Mutex(Shared())
    let epochs: [[String]]
    let interval: Double
    private let wakeup: EventFD

    init(epochs: [[String]], interval: Double) throws {
        self.epochs = epochs
        self.interval = interval
        wakeup = try EventFD(nonBlocking: true)
    }

    func update(_ change: (inout Shared) -> Void) {
        shared.withLock { change(&$0) }
        wakeup.signal()
    }

    /// Serves until stopped; owns `listener` and the client socket.
    func run(listener: Int32) {
        var client: Int32 = -1
        var next = 0
        var due: UInt64 = 0
        var wasPaused = false
        let step = UInt64(interval * 1e9)

        func drop(reset: Bool = false) {
            guard client >= 0 else { return }
            if reset {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            }
            close(client)
            client = -1
            shared.withLock { $0.connected = false }
        }
        defer {
            drop()
            close(listener)
        }

        while true {
            let (paused, disconnect, stopping, raw) = shared.withLock { s -> (Bool, Bool?, Bool, [[UInt8]]) in
                defer {
                    s.disconnect = nil
                    s.raw.removeAll()
                }
                return (s.paused, s.disconnect, s.stopping, s.raw)
            }
            if stopping { return }
            if let reset = disconnect { drop(reset: reset) }
            if client >= 0 {
                for bytes in raw where !LoopbackSocket.send(bytes, to: client) {
                    drop()
                    break
                }
            }
            let now = MonotonicClock.nanoseconds()
            if wasPaused, !paused { due = now }
            wasPaused = paused

            if client >= 0, !paused, next < epochs.count, now >= due {
                let text = epochs[next].map { $0 + "\r\n" }.joined()
                if LoopbackSocket.send(Array(text.utf8), to: client) {
                    let sent = MonotonicClock.nanoseconds()
                    shared.withLock { $0.sentAt.append(sent) }
                    next += 1
                    // A steady cadence; after a stall longer than a step, the next epoch is a step from now.
                    due = due + step > sent ? due + step : sent + step
                } else {
                    drop()
                }
                continue
            }

            var timeout: Int64 = -1
            if client >= 0, !paused, next < epochs.count { timeout = due > now ? Int64(due - now) : 0 }
            var descriptors = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            if client >= 0 { descriptors.append(pollfd(fd: client, events: Int16(POLLIN), revents: 0)) }
            // Whole milliseconds, rounded up: an epoch is never early, at most a millisecond late.
            let milliseconds = timeout < 0 ? Int32(-1) : Int32(min((timeout + 999_999) / 1_000_000, 60_000))
            let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
                poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
            }
            guard ready > 0 else { continue }
            if descriptors[0].revents != 0 { wakeup.drain() }
            if descriptors.count > 2, descriptors[2].revents != 0 {
                // gpsd writes probe strings for other receiver types ($PASHQ, UBX, …) to a new source: read and
                // dropped. End of file: the client is gone.
                var scratch = [UInt8](repeating: 0, count: 4096)
                let n = scratch.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { drop() }
            }
            if descriptors[1].revents != 0, let accepted = try? LoopbackSocket.accept(listener, nonBlocking: true) {
                drop()
                client = accepted
                shared.withLock {
                    $0.connections += 1
                    $0.connected = true
                }
                due = MonotonicClock.nanoseconds()
            }
        }
    }
}
