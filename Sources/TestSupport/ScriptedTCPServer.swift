import EventLoopKit
import Glibc

/// A TCP server on 127.0.0.1 that plays the same script to every connection, on a thread of its own: a stand-in for a
/// server that misbehaves (a "gpsd" that sends its VERSION banner, a TPV, then garbage, then nothing). What clients
/// send is read and dropped. One connection at a time: a new one replaces the one before (as a reconnecting client
/// does). After the script the connection stays open, silent, until the client closes it or the server stops.
public final class ScriptedTCPServer: Sendable {
    /// One step of the script.
    public enum Step: Sendable {
        /// Writes these bytes.
        case send([UInt8])
        /// Waits this many seconds.
        case pause(Double)
        /// Closes the connection.
        case close
        /// Waits until the client has sent something (what a server does before it answers a request: answering and
        /// closing before the request arrived resets the connection, and the client may lose the answer).
        case receive

        /// Writes `line` and a `\n`.
        public static func line(_ line: String) -> Step { .send(Array((line + "\n").utf8)) }
    }

    /// The port it listens on.
    public let port: UInt16

    private let core: Core
    private let thread = LockedValue<SystemThread?>(nil)

    /// Listens on 127.0.0.1:`port` (0: any free port) and plays `script` to each connection.
    public init(port: UInt16 = 0, script: [Step]) throws {
        let (listener, bound) = try LoopbackSocket.listen(port: port, backlog: 4, nonBlocking: true)
        self.port = bound
        let core: Core
        do {
            core = try Core(script: script)
        } catch {
            close(listener)
            throw error
        }
        self.core = core
        guard let started = try? SystemThread(name: "scripted-tcp", { core.run(listener: listener) }) else {
            close(listener)
            throw SystemCallError("pthread_create", code: EAGAIN)
        }
        thread.withLock { $0 = started }
    }

    deinit { stop() }

    /// Connections accepted so far.
    public var connectionCount: Int { core.state.withLock { $0.connections } }

    /// Connections whose whole script was played.
    public var scriptsCompleted: Int { core.state.withLock { $0.completed } }

    /// Connections the client closed (end of file seen) before the server did.
    public var closedByClient: Int { core.state.withLock { $0.closedByClient } }

    /// Closes every connection and the listener and ends the thread. Idempotent.
    public func stop() {
        core.state.withLock { $0.stopping = true }
        core.wakeup.signal()
        let running = thread.withLock { thread -> SystemThread? in
            defer { thread = nil }
            return thread
        }
        running?.join()
    }

    private final class Core: Sendable {
        struct State {
            var connections = 0
            var completed = 0
            var closedByClient = 0
            var stopping = false
        }

        let state = LockedValue(State())
        let wakeup: EventFD
        let script: [Step]

        init(script: [Step]) throws {
            self.script = script
            wakeup = try EventFD(nonBlocking: true)
        }

        /// Whether step `step` waits for the client's bytes and none came yet.
        private func isWaitingForData(_ step: Int, _ received: Bool) -> Bool {
            if case .receive = script[step] { return !received }
            return false
        }

        func run(listener: Int32) {
            var client: Int32 = -1
            var step = 0
            var resumeAt: UInt64 = 0
            var received = false
            func drop() {
                guard client >= 0 else { return }
                // What the client sent and nobody read would make close() send a reset, which can reach the client
                // before the answer it has not read yet: read it first.
                var scratch = [UInt8](repeating: 0, count: 4096)
                while scratch.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
                close(client)
                client = -1
            }
            defer {
                drop()
                close(listener)
            }
            while !state.withLock({ $0.stopping }) {
                // Play the script up to its next pause.
                while client >= 0, step < script.count, MonotonicClock.nanoseconds() >= resumeAt {
                    if isWaitingForData(step, received) { break }
                    switch script[step] {
                    case .send(let bytes):
                        if !LoopbackSocket.send(bytes, to: client) { drop() }
                    case .pause(let seconds):
                        resumeAt = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
                    case .close:
                        drop()
                    case .receive:
                        break
                    }
                    step += 1
                    if step == script.count { state.withLock { $0.completed += 1 } }
                }
                var timeout: Int32 = -1
                if client >= 0, step < script.count, !isWaitingForData(step, received) {
                    let now = MonotonicClock.nanoseconds()
                    timeout = resumeAt > now ? Int32((resumeAt - now + 999_999) / 1_000_000) : 0
                }
                var descriptors = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
                if client >= 0 { descriptors.append(pollfd(fd: client, events: Int16(POLLIN), revents: 0)) }
                let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeout) }
                guard ready > 0 else { continue }
                if descriptors[0].revents != 0 { wakeup.drain() }
                if descriptors.count > 2, descriptors[2].revents != 0 {
                    var scratch = [UInt8](repeating: 0, count: 4096)
                    let n = scratch.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if n > 0 { received = true }
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        drop()
                        state.withLock { $0.closedByClient += 1 }
                    }
                }
                if descriptors[1].revents != 0, let accepted = try? LoopbackSocket.accept(listener, nonBlocking: true) {
                    drop()
                    client = accepted
                    step = 0
                    resumeAt = 0
                    received = false
                    state.withLock { $0.connections += 1 }
                }
            }
        }
    }
}
