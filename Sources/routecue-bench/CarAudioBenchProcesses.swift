import DBusKit
import DriveLab
import EventLoopKit
import Foundation

// MARK: - Processes, buses, the bench's own connection

/// Every process the bench started, stopped by its PID (SIGTERM, SIGKILL after 2 s) in reverse order, also on error.
final class BenchProcesses: @unchecked Sendable {
    let directory: String
    private let lock = NSLock()
    private var started: [(name: String, process: Process)] = []
    private var stoppers: [() -> Void] = []

    init(directory: String) { self.directory = directory }

    func logPath(_ name: String) -> String { directory + "/\(name).log" }

    /// Starts `path` with `arguments`, standard output and error into `name`.log, `environment` over the bench's.
    func start(_ name: String, _ path: String, _ arguments: [String], environment: [String: String] = [:],
               output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM", "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS"] {
            env[key] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: logPath(name), contents: nil)
        let log = FileHandle(forWritingAtPath: logPath(name)) ?? FileHandle.nullDevice
        process.standardOutput = output ?? log
        process.standardError = log
        do { try ChildProcessCleanup.run(process) } catch { throw CarAudioBenchError("cannot start \(path): \(error)") }
        lock.withLock { started.append((name, process)) }
        return process
    }

    /// A private dbus-daemon (a system bus with every user allowed everything when `permissive`, else a session
    /// bus), as DBusBusConfiguration writes them; its address.
    func bus(_ name: String, permissive: Bool) throws -> String {
        let listen = "unix:abstract=routecue-bench-\(getpid())-\(name)-\(UInt32.random(in: 0...UInt32.max))"
        let config = directory + "/\(name)-bus.conf"
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>\(permissive ? "system" : "session")</type>
              <listen>\(listen)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
            \(permissive ? "    <allow user=\"*\"/>\n" : "")    <allow own="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
              </policy>
            </busconfig>

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let output = Pipe()
        _ = try start("dbus-\(name)", CarAudioOptions.dbusDaemon, ["--config-file=\(config)", "--nofork", "--print-address=1"], output: output)
        let address = firstLine(of: output)
        guard !address.isEmpty else { throw CarAudioBenchError("dbus-daemon printed no address: \(log(of: "dbus-\(name)"))") }
        return address
    }

    /// Runs `body` when everything is stopped (before the processes).
    func onStop(_ body: @escaping () -> Void) { lock.withLock { stoppers.append(body) } }

    func stop(_ process: Process) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        let end = MonotonicClock.nanoseconds() + 2_000_000_000
        while process.isRunning, MonotonicClock.nanoseconds() < end { usleep(5_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    func stopAll() {
        let (bodies, processes) = lock.withLock { (stoppers.reversed(), started.reversed()) }
        for body in bodies { body() }
        for (_, process) in processes { stop(process) }
    }

    func log(of name: String) -> String { (try? String(contentsOfFile: logPath(name), encoding: .utf8)) ?? "" }

    /// Whether `name`.log contains `text` within `seconds`.
    func waitForLog(_ name: String, containing text: String, within seconds: Double) -> Bool {
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while MonotonicClock.nanoseconds() < end {
            if log(of: name).contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    func printLogTails() {
        for (name, _) in lock.withLock({ started }) where name.hasPrefix("routecue") {
            let lines = log(of: name).split(separator: "\n").suffix(12)
            guard !lines.isEmpty else { continue }
            print("  \(name) said:\n" + lines.map { "    " + $0 }.joined(separator: "\n"))
        }
    }
}

/// The bench's own connection to a bus, used from the bench thread: each call waits for its reply.
final class BenchClient: Sendable {
    let connection: BusConnection

    private init(_ connection: BusConnection) { self.connection = connection }

    static func connect(_ address: String) throws -> BenchClient {
        let outcome = LoopAwaited<Result<BusConnection, BusError>>()
        runOnLoop { BusConnection.connect(.address(address)) { outcome.set($0) } }
        guard let result = outcome.wait(10) else { throw CarAudioBenchError("no connection to \(address) within 10 s") }
        return BenchClient(try result.get())
    }

    func call(_ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName,
              _ arguments: [DBusValue] = [], timeout: Double = 5) throws -> [DBusValue] {
        let outcome = LoopAwaited<Result<[DBusValue], BusError>>()
        let connection = connection
        runOnLoop {
            connection.call(destination: destination, path: path, interface: interface, member: member, arguments: arguments,
                            timeout: timeout) { outcome.set($0) }
        }
        guard let result = outcome.wait(timeout + 2) else { throw CarAudioBenchError("\(interface).\(member): no answer") }
        do { return try result.get() } catch { throw CarAudioBenchError("\(interface).\(member) on \(destination): \(error)") }
    }

    func get(_ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName, _ name: String, timeout: Double = 2) throws -> DBusValue {
        let outcome = LoopAwaited<Result<DBusValue, BusError>>()
        let connection = connection
        runOnLoop { connection.getProperty(destination: destination, path: path, interface: interface, name: name, timeout: timeout) { outcome.set($0) } }
        guard let result = outcome.wait(timeout + 2) else { throw CarAudioBenchError("Get \(name): no answer") }
        return try result.get()
    }

    func waitForOwner(_ name: String, within seconds: Double = 10) throws {
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while MonotonicClock.nanoseconds() < end {
            let reply = try? call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", [.string(name)])
            if reply?.first?.bool == true { return }
            usleep(20_000)
        }
        throw CarAudioBenchError("\(name) has no owner within \(seconds) s")
    }

    /// Records every signal matching `rule` in `record`, stamped as the loop received it; returns once the rule is in.
    func subscribe(_ rule: MatchRule, into record: SignalRecord) throws {
        let added = LoopAwaited<Bool>()
        let connection = connection
        runOnLoop {
            connection.subscribe(rule, added: { added.set($0 == nil) }) { message in
                record.append(member: message.member ?? "", values: (try? message.arguments()) ?? [], at: MonotonicClock.nanoseconds())
            }
        }
        guard added.wait(5) == true else { throw CarAudioBenchError("AddMatch \(rule) failed") }
    }

    func close() {
        let connection = connection
        runOnLoop { connection.close() }
    }
}

func runOnLoop(_ body: @escaping @RouteCueLoop @Sendable () -> Void) {
    try? RouteCueLoop.loop.execute { RouteCueLoop.assumeIsolated { body() } }
}


/// Signals as the loop received them, with the monotonic instant.
final class SignalRecord: @unchecked Sendable {
    struct Entry {
        let member: String
        let values: [DBusValue]
        let at: UInt64
    }
    private let lock = NSLock()
    private var entries: [Entry] = []

    func append(member: String, values: [DBusValue], at: UInt64) { lock.withLock { entries.append(Entry(member: member, values: values, at: at)) } }
    var all: [Entry] { lock.withLock { entries } }
    var count: Int { lock.withLock { entries.count } }

    /// The first entry from index `after` on that `match` accepts, waiting up to `seconds` (its stamp is the loop's,
    /// so the polling here adds nothing to it).
    func wait(after: Int = 0, within seconds: Double, _ match: (Entry) -> Bool) -> Entry? {
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        repeat {
            if let found = all.dropFirst(after).first(where: match) { return found }
            usleep(1_000)
        } while MonotonicClock.nanoseconds() < end
        return nil
    }
}

/// A 10 s stereo 16-bit 48 kHz WAV of a 440 Hz sine at half scale (as MPVPlayerProcess.writeTone), for mpv to loop.
func writeToneWAV(to path: String) throws {
    let rate = 48_000, frames = 10 * rate
    var data = Data(capacity: 44 + frames * 4)
    func le32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
    func le16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    le32(36 + frames * 4)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    le32(16); le16(1); le16(2); le32(rate); le32(rate * 4); le16(4); le16(16)
    data.append(contentsOf: Array("data".utf8))
    le32(frames * 4)
    var samples = [Int16](repeating: 0, count: frames * 2)
    for frame in 0..<frames {
        let sample = Int16((0.5 * sin(2 * Double.pi * 440 * Double(frame) / Double(rate)) * 32767).rounded())
        samples[2 * frame] = sample.littleEndian
        samples[2 * frame + 1] = sample.littleEndian
    }
    samples.withUnsafeBytes { data.append(contentsOf: $0) }
    try data.write(to: URL(fileURLWithPath: path))
}
