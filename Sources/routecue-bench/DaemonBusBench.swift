import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench daemon-bus ROUTECUE --route ROUTE --trace SPEED_DRIVE [--seconds N]`: the control interface's cost
// while guiding at 1 Hz from gpsd. Two `routecue run` guide the same generated drive at once, one offering its
// interface on a private dbus-daemon with a client following every signal and property change, one with `--bus
// none`: the round trip of a property Get and of Speak → WillPlay (p50/p99), and the CPU per hour of each daemon
// (the difference is what the bus costs).

/// A private session bus for the bench, stopped by its PID.
private final class BenchBus {
    let process = Process()
    let address: String

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ChildProcessCleanup.run(process)
        address = firstLine(of: output)
        guard !address.isEmpty else { throw BusError(.failed, "dbus-daemon printed no address") }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// What the bench's client measured, set on the loop and read by the bench thread.
private final class BusSamples: @unchecked Sendable {
    private let lock = NSLock()
    private var _gets: [Double] = []
    private var _speaks: [Double] = []
    private var _signals = 0
    private var speakSent: [String: UInt64] = [:]

    func get(_ ms: Double) { lock.withLock { _gets.append(ms) } }
    /// Speak's WillPlay can come before Speak's reply (the prompt starts at once): matched by text.
    func sent(_ text: String, at: UInt64) { lock.withLock { speakSent[text] = at } }
    func willPlay(_ text: String, at: UInt64) {
        lock.withLock { if let sent = speakSent.removeValue(forKey: text) { _speaks.append(Double(at - sent) / 1e6) } }
    }
    func signal() { lock.withLock { _signals += 1 } }
    var gets: [Double] { lock.withLock { _gets } }
    var speaks: [Double] { lock.withLock { _speaks } }
    var signals: Int { lock.withLock { _signals } }
}

func daemonBusBench(_ args: [String]) {
    let a = DriveBenchArguments(args)
    guard !a.binary.isEmpty, let routePath = a.routes.first, let tracePath = a.traces.first else {
        fail("daemon-bus needs ROUTECUE --route ROUTE --trace SPEED_DRIVE", status: 2)
    }
    let (binary, seconds) = (a.binary, a.seconds)
    guard GPSDProcess.isInstalled, FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
        print("bench daemon-bus: SKIPPED, gpsd or dbus-daemon is not installed (Debian packages gpsd, dbus-daemon)")
        return
    }
    let route = readRoute(routePath)
    let drive = generatedDrive(route, tracePath: tracePath, seed: 11, bench: "daemon-bus")
    let bus: BenchBus
    let withBus: DaemonDrive, without: DaemonDrive
    do {
        bus = try BenchBus()
        withBus = try DaemonDrive(name: "bus", routePath: routePath, route: route, drive: drive, delivery: SimulationOptions(),
                                  binary: binary, device: "null", bus: bus.address)
        without = try DaemonDrive(name: "none", routePath: routePath, route: route, drive: drive, delivery: SimulationOptions(),
                                  binary: binary, device: "null")
    } catch {
        fail("daemon-bus: \(error)")
    }
    defer {
        withBus.stop(); withBus.removeFiles()
        without.stop(); without.removeFiles()
        bus.stop()
    }
    usleep(3_000_000)
    let address = bus.address
    let samples = BusSamples()
    let name: BusName = "org.routecue", path: ObjectPath = "/org/routecue/Guidance"
    let connection = LoopAwaited<BusConnection?>()
    try? RouteCueLoop.loop.execute {
        RouteCueLoop.assumeIsolated {
            BusConnection.connect(.address(address)) { result in
                guard case .success(let c) = result else { return connection.set(nil) }
                // Follow everything a UI follows: every signal of the object.
                c.subscribe(MatchRule(sender: name, path: path)) { message in
                    samples.signal()
                    if message.member == "WillPlay", let values = try? message.arguments(), values.count == 3, let text = values[1].string {
                        samples.willPlay(text, at: MonotonicClock.nanoseconds())
                    }
                }
                connection.set(c)
            }
        }
    }
    guard let client = connection.wait(10) ?? nil else { fail("daemon-bus: the bench's client could not connect") }
    usleep(2_000_000)
    let (cpuBus0, cpuNone0) = (cpuSeconds(of: withBus.daemon.processIdentifier), cpuSeconds(of: without.daemon.processIdentifier))
    let signals0 = samples.signals
    // The CPU window: the drive, every signal followed, a property Get every 0.5 s (what a UI's screen does).
    let measured = max(20, seconds - 25)
    let start = MonotonicClock.nanoseconds()
    while Double(MonotonicClock.nanoseconds() - start) / 1e9 < measured {
        let done = LoopAwaited<Bool>()
        let sent = MonotonicClock.nanoseconds()
        try? RouteCueLoop.loop.execute {
            RouteCueLoop.assumeIsolated {
                client.getProperty(destination: name, path: path, interface: "org.routecue.Guidance1", name: "DistanceRemaining") { _ in
                    samples.get(Double(MonotonicClock.nanoseconds() - sent) / 1e6)
                    done.set(true)
                }
            }
        }
        _ = done.wait(5)
        usleep(500_000)
    }
    let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
    let (cpuBus1, cpuNone1) = (cpuSeconds(of: withBus.daemon.processIdentifier), cpuSeconds(of: without.daemon.processIdentifier))
    let busPerHour = (cpuBus1 - cpuBus0) / elapsed * 3600, nonePerHour = (cpuNone1 - cpuNone0) / elapsed * 3600
    let signals = samples.signals - signals0
    // Then prompts: 20 urgent Speak calls 1 s apart, each a new text (synthesized on demand).
    for n in 1...20 {
        let text = "Bench prompt \(n)"
        try? RouteCueLoop.loop.execute {
            RouteCueLoop.assumeIsolated {
                samples.sent(text, at: MonotonicClock.nanoseconds())
                client.call(destination: name, path: path, interface: "org.routecue.Audio1", member: "Speak",
                            arguments: [.string(text), .string("urgent")]) { _ in }
            }
        }
        usleep(1_000_000)
    }
    let gets = samples.gets, speakTimes = samples.speaks
    print("bench daemon-bus: routecue run guiding \((routePath as NSString).lastPathComponent) from gpsd at 1 Hz for \(Int(elapsed)) s, a client following every signal; the same drive with --bus none in the same run")
    print(String(format: "  property Get round trip (%d calls)      p50 %.2f ms  p99 %.2f ms", gets.count, percentile(gets, 0.5), percentile(gets, 0.99)))
    print(String(format: "  Speak → WillPlay (%d prompts, urgent)  p50 %.1f ms  p99 %.1f ms  (WillPlay: the queue starts it; its first sample follows once synthesized)",
                 speakTimes.count, percentile(speakTimes, 0.5), percentile(speakTimes, 0.99)))
    print(String(format: "  signals received while driving: %d (%.1f per minute)", signals, Double(signals) / elapsed * 60))
    print(String(format: "  CPU per hour of driving: with the bus %.1f s, --bus none %.1f s: signals and 2 Gets a second cost %.1f s per hour (%.2f %% of a core)",
                 busPerHour, nonePerHour, busPerHour - nonePerHour, (busPerHour - nonePerHour) / 36))
    try? RouteCueLoop.loop.execute { RouteCueLoop.assumeIsolated { client.close() } }
}

