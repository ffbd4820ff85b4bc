import EventLoopKit
import Glibc
import Synchronization
import XCTest

/// A gpsd owned by a test: `/usr/sbin/gpsd -N -n -S PORT SOURCE` on a loopback port of its own, reading one source
/// (`tcp://127.0.0.1:FEEDPORT`, an `NMEAFeedServer`: start the feeder first, gpsd connects to it at start and never
/// again). Started with posix_spawn, output to /dev/null (it complains about the D-Bus system bus, harmlessly), and
/// stopped by its PID only — SIGTERM, then SIGKILL, then `waitpid` — also when the object goes away. `kill9()`
/// simulates a crash; `restart()` brings it back on the same port.
public final class GPSDInstance: Sendable {
    /// gpsd's path on Debian.
    public static let executable = "/usr/sbin/gpsd"

    /// True when gpsd is installed (package `gpsd`).
    public static var isInstalled: Bool { access(executable, X_OK) == 0 }

    /// Skips the calling test, with a visible message, when gpsd is not installed.
    public static func skipUnlessInstalled(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isInstalled else {
            let message = "SKIPPED: \(executable) not found (apt-get install gpsd)"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// What gpsd reads, e.g. `tcp://127.0.0.1:40123`.
    public let source: String

    private struct Child {
        var port: UInt16
        var portChosen: Bool
        var pid: pid_t?
        var starts = 0
        var startSeconds: Double?
    }

    private let child: Mutex<Child>

    /// A gpsd for `source`, on `port` (nil: a free port chosen now). Not started: call `start()` (so a test can
    /// point a client at a gpsd that is not there yet).
    public init(source: String, port: UInt16? = nil) throws {
        self.source = source
        let chosen = try port ?? LoopbackSocket.freePort()
        child = Mutex(Child(port: chosen, portChosen: port == nil))
    }

    /// A gpsd reading the feeder on 127.0.0.1:`feedPort`.
    public convenience init(feedPort: UInt16, port: UInt16? = nil) throws {
        try self.init(source: "tcp://127.0.0.1:\(feedPort)", port: port)
    }

    /// A started gpsd reading `feeder`.
    public static func started(reading feeder: NMEAFeedServer, port: UInt16? = nil) throws -> GPSDInstance {
        let gpsd = try GPSDInstance(feedPort: feeder.port, port: port)
        try gpsd.start()
        return gpsd
    }

    deinit { stop() }

    /// The port gpsd listens on (clients connect to 127.0.0.1 there). A port chosen by `init` may change on the
    /// first `start` only, when another process took it meanwhile.
    public var port: UInt16 { child.withLock { $0.port } }

    /// gpsd's PID while it runs.
    public var pid: pid_t? { child.withLock { $0.pid } }

    /// How long the last `start` took, from spawning gpsd to its accepting connections.
    public var lastStartSeconds: Double? { child.withLock { $0.startSeconds } }

    /// True while the gpsd started here has not been stopped or killed.
    public var isRunning: Bool { pid != nil }

    /// Starts gpsd and waits (≤ `timeout` seconds) until it accepts connections. A port the test did not give
    /// that turns out to be taken is replaced by another free one, on the first start only. Does nothing when
    /// it runs already.
    public func start(timeout: Double = 2) throws {
        guard !isRunning else { return }
        var tries = 0
        while true {
            tries += 1
            let (port, mayMove) = child.withLock { c -> (UInt16, Bool) in
                c.starts += 1
                return (c.port, c.portChosen && c.starts == 1)
            }
            let spawned = MonotonicClock.nanoseconds()
            let pid = try spawn(port: port)
            child.withLock { $0.pid = pid }
            switch waitUntilListening(pid: pid, port: port, timeout: timeout) {
            case .listening:
                let seconds = Double(MonotonicClock.nanoseconds() - spawned) / 1e9
                child.withLock { $0.startSeconds = seconds }
                return
            case .exited where mayMove && tries < 5:
                child.withLock {
                    $0.pid = nil
                    $0.port = (try? LoopbackSocket.freePort()) ?? $0.port
                    $0.starts = 0
                }
            case .exited(let status):
                child.withLock { $0.pid = nil }
                throw GPSDInstanceError("gpsd on port \(port) exited during start (wait status \(status))")
            case .timedOut:
                stop()
                throw GPSDInstanceError("gpsd on port \(port) did not accept connections within \(timeout) s")
            }
        }
    }

    /// Stops gpsd: SIGTERM, up to `grace` seconds for it to exit, then SIGKILL; reaped in both cases. Idempotent.
    public func stop(grace: Double = 1) {
        guard let pid = takePID() else { return }
        kill(pid, SIGTERM)
        if !PollingWait.until(timeout: grace, interval: 0.002, { Self.reaped(pid) }) {
            kill(pid, SIGKILL)
            Self.reap(pid)
        }
    }

    /// Kills gpsd with SIGKILL, as a crash would (its clients see their sockets closed), and reaps it.
    public func kill9() {
        guard let pid = takePID() else { return }
        kill(pid, SIGKILL)
        Self.reap(pid)
    }

    /// Stops gpsd if it runs and starts it again on the same port, with the same source.
    public func restart(timeout: Double = 2) throws {
        stop()
        try start(timeout: timeout)
    }

    // MARK: Private

    private func takePID() -> pid_t? {
        child.withLock { c -> pid_t? in
            defer { c.pid = nil }
            return c.pid
        }
    }

    private enum Startup {
        case listening
        case exited(Int32)
        case timedOut
    }

    /// Polls connect until gpsd accepts, watching that the child is still ours and alive (a collision on the
    /// port makes gpsd exit, and a connect would reach the other listener).
    private func waitUntilListening(pid: pid_t, port: UInt16, timeout: Double) -> Startup {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return .exited(status) }
            if LoopbackSocket.isAccepting(port: port) {
                usleep(2_000)
                if waitpid(pid, &status, WNOHANG) == pid { return .exited(status) }
                return .listening
            }
            usleep(2_000)
        }
        return .timedOut
    }

    /// posix_spawn of gpsd: standard descriptors on /dev/null, default signal handling and an empty signal mask (a
    /// test process that blocked SIGTERM must not hand that on). Other descriptors reach gpsd only when they lack
    /// close-on-exec: the sockets of `LoopbackSocket` and `NMEAFeedServer` have it (Glibc does not import
    /// posix_spawn_file_actions_addclosefrom_np).
    private func spawn(port: UInt16) throws -> pid_t {
        let arguments = [Self.executable, "-N", "-n", "-S", String(port), source]
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, Self.executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw GPSDInstanceError("posix_spawn \(Self.executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// True once `pid` has exited (and is reaped now).
    private static func reaped(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }

    /// Waits for `pid` to exit.
    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// gpsd could not be started.
public struct GPSDInstanceError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
