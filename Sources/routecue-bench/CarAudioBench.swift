import DBusKit
import DriveLab
import Foundation

// `routecue-bench car-audio ROUTECUE [--device PCM] [--runs N] [--epochs N] [--idle-seconds N] [--keep]`: the figures of issue
// 13 against the real components, every one on private buses and ports, every process stopped by its PID.
//   1. hfp → default: `routecue run` with the hfp route on a private permissive bus with dbusmock's BlueZ (`-t bluez5`)
//      and our bluez-alsa mock; a long Speak on the headset, DisconnectDevice sent 0.8 s after its WillPlay from the
//      bench's own connection; the time to RouteChanged("default") and to the cue's second WillPlay (said again on
//      default). On a paced PCM (PCM other than `null`: the hfp template is a file tap in front of it) the cue is
//      really mid-utterance; on `null` the hfp link is a file PCM that takes the cue at once.
//   2. ducking: a real mpv with mpv-mpris on a private session bus, `routecue run` guiding examples/grid-trip.osrm.json
//      from a real gpsd fed examples/grid-trip-drive.nmea, mpv's MPRIS Volume read every 15 ms from another connection,
//      held against each cue's first voice sample (cue log m_audio_start, CLOCK_MONOTONIC).
//   3. CPU per hour of the car-audio clients while idle (no route, mpv playing): --session-bus ADDR vs none, and the
//      system-bus clients (BlueZ, bluez-alsa, oFono mocks) on top; and during the drive of 2 beside a twin daemon
//      with no buses.
//   4. outputs nobody planned (issue 30): Speak, PlayFile and a chime over full music, mpv's volume when each one's
//      WillPlay arrives (goal: at the ducked volume, lead_s already), the wait after the call, the restore.
// Run from the repository root (examples/ and Tests/fixtures/dbusmock/bluealsa.py are read from there).

func carAudioBench(_ args: [String]) {
    var options = CarAudioOptions()
    var i = 0
    while i < args.count {
        let value = i + 1 < args.count ? args[i + 1] : ""
        switch args[i] {
        case "--device": options.device = value; i += 2
        case "--runs": options.runs = max(1, Int(value) ?? options.runs); i += 2
        case "--epochs": options.epochs = max(10, Int(value) ?? options.epochs); i += 2
        case "--idle-seconds": options.idleSeconds = max(5, Double(value) ?? options.idleSeconds); i += 2
        case "--keep": options.keep = true; i += 1
        default: options.binary = args[i]; i += 1
        }
    }
    guard !options.binary.isEmpty else { fail("car-audio needs ROUTECUE", status: 2) }
    if let missing = CarAudioOptions.missingComponent() {
        print("bench car-audio: SKIPPED: \(missing)")
        return
    }
    let directory = NSTemporaryDirectory() + "routecue-bench-car-audio-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let processes = BenchProcesses(directory: directory)
    var failed = false
    do {
        try CarAudioBench(options: options, processes: processes, directory: directory).run()
    } catch {
        print("bench car-audio: FAILED: \(error)")
        processes.printLogTails()
        failed = true
    }
    processes.stopAll()
    if options.keep { print("  (logs, cue logs and configurations kept in \(directory))") } else { try? FileManager.default.removeItem(atPath: directory) }
    if failed { exit(1) }
}

struct CarAudioOptions {
    var binary = ""
    var device = "null"
    var runs = 24
    var epochs = 120
    var idleSeconds = 60.0
    /// Keep the folder of logs and cue logs (printed at the end).
    var keep = false
    var paced: Bool { device != "null" }

    static let python = "/usr/bin/python3"
    static let mpv = "/usr/bin/mpv"
    static let mprisScript = "/usr/lib/mpv-mpris/mpris.so"
    static let dbusDaemon = "/usr/bin/dbus-daemon"
    static let bluealsaTemplate = "Tests/fixtures/dbusmock/bluealsa.py"
    static let route = "examples/grid-trip.osrm.json"
    static let drive = "examples/grid-trip-drive.nmea"

    /// What is missing, with its Debian package, or nil.
    static func missingComponent() -> String? {
        let files = FileManager.default
        if !files.isExecutableFile(atPath: dbusDaemon) { return "\(dbusDaemon) not found (Debian package dbus-daemon)" }
        if !files.isExecutableFile(atPath: python) || !pythonHasDBusMock() {
            return "python-dbusmock not importable by \(python) (Debian package python3-dbusmock)"
        }
        if !files.isExecutableFile(atPath: mpv) { return "\(mpv) not found (Debian package mpv)" }
        if !files.fileExists(atPath: mprisScript) { return "\(mprisScript) not found (Debian package mpv-mpris)" }
        for path in [bluealsaTemplate, route, drive] where !files.fileExists(atPath: path) {
            return "\(path) not found: run from the repository root (no Debian package: part of RouteCue)"
        }
        return nil
    }

    private static func pythonHasDBusMock() -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import dbusmock"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}

/// Something that did not come up or did not happen in time.
struct CarAudioBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - The three measurements

struct CarAudioBench {
    let options: CarAudioOptions
    let processes: BenchProcesses
    let directory: String

    static let routecue: BusName = "org.routecue"
    static let guidancePath: ObjectPath = "/org/routecue/Guidance"
    static let audio: InterfaceName = "org.routecue.Audio1"
    static let bluezMock: InterfaceName = "org.bluez.Mock"
    static let headset = "00:1B:66:AA:01:02"
    static let handsFreeUUID = "0000111e-0000-1000-8000-00805f9b34fb"
    static let mpvName: BusName = "org.mpris.MediaPlayer2.mpv"

    func run() throws {
        let link = options.paced ? "hfp link paced (\(options.device) behind a file tap)" : "hfp link a file PCM (not paced: jackd missing)"
        print("bench car-audio: routecue run against dbusmock's BlueZ, the bluez-alsa mock, a real mpv with mpv-mpris and gpsd, on private buses; \(link)")
        let system = try processes.bus("system", permissive: true)
        let systemClient = try BenchClient.connect(system)
        defer { systemClient.close() }
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": system]
        _ = try processes.start("bluez", CarAudioOptions.python, ["-m", "dbusmock", "--system", "-t", "bluez5"], environment: environment)
        try systemClient.waitForOwner("org.bluez")
        _ = try processes.start("bluealsa", CarAudioOptions.python, ["-m", "dbusmock", "--system", "-t", CarAudioOptions.bluealsaTemplate],
                                environment: environment)
        try systemClient.waitForOwner("org.bluealsa")
        _ = try processes.start("ofono", CarAudioOptions.python, ["-m", "dbusmock", "--system", "-t", "ofono"], environment: environment)
        try systemClient.waitForOwner("org.ofono")
        _ = try systemClient.call("org.bluez", .root, Self.bluezMock, "AddAdapter", [.string("hci0"), .string("head unit")])
        try handsFreeFallback(system: system, client: systemClient)

        let session = try processes.bus("session", permissive: false)
        let sessionClient = try BenchClient.connect(session)
        defer { sessionClient.close() }
        let tone = directory + "/tone.wav"
        try writeToneWAV(to: tone)
        _ = try processes.start("mpv", CarAudioOptions.mpv,
                                ["--no-config", "--script=\(CarAudioOptions.mprisScript)", "--no-video", "--ao=null", "--loop", "--idle=no",
                                 "--volume=57", "--no-terminal", "--", tone],
                                environment: ["DBUS_SESSION_BUS_ADDRESS": session])
        try sessionClient.waitForOwner(Self.mpvName.rawValue)
        try idleCPU(system: system, session: session, client: systemClient)
        try unplannedOutputs(session: session, client: sessionClient, runs: max(3, options.runs / 4))
        guard GPSDProcess.isInstalled else {
            print("  ducking drive: SKIPPED: \(GPSDProcess.path) not found (Debian package gpsd)")
            return
        }
        try duckingDrive(session: session, client: sessionClient)
    }

    /// `routecue run` arguments every daemon here shares: its own state directory and configuration.
    func daemonArguments(_ name: String, config: String) throws -> [String] {
        let configPath = directory + "/\(name).json"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        return ["run", "--config", configPath, "--state-dir", directory + "/state-\(name)", "--log-level", "debug"]
    }
}
