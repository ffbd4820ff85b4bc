import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench daemon-drive ROUTECUE --device PCM --trace SPEED_DRIVE [--trace …] [--outage S [--rounds N]] ROUTE…`:
// generated drives (DriveLab:
// real route geometry, real recorded speed, ground truth known) fed in real time through the NMEA feeder and a real
// gpsd into `routecue run`, all drives at once (each with its own gpsd and daemon); the distance-stage trigger error
// against the truth, late cues and action cues ending before their maneuver, next to the same drives through
// `simulate`'s wiring (`DriveSimulator`) in the same run. Both get each fix 300 ± 100 ms after it was measured (the
// same seeded delays: simulate's default, what a receiver and its serial line add in a car); the gpsd path adds
// its own latency on top. With `--outage S` the same drives run live again at the same time (N times with `--rounds`),
// each with GPS outages of S seconds while braking whose gpsd is really killed and started again
// (DaemonDriveOutage.swift).
//
// `routecue-bench daemon-load ROUTECUE --route ROUTE --trace SPEED_DRIVE [--seconds N]`: resident memory and CPU of
// `routecue run` guiding ROUTE from gpsd at 1 Hz for N seconds (default 120), next to gpsd's own CPU in the same run.

/// One drive through gpsd and the daemon.
final class DaemonDrive {
    let name: String
    let route: Route
    let drive: GeneratedDrive
    let feeder: NMEAFeeder
    let gpsd: GPSDProcess
    let daemon: Process
    let cues: String
    /// The daemon's standard error.
    let log: String

    init(name: String, routePath: String, route: Route, drive: GeneratedDrive, delivery: SimulationOptions,
         binary: String, device: String, config: String? = nil, bus: String = "none", arguments: [String] = []) throws {
        self.name = name
        self.route = route
        self.drive = drive
        let delays = zip(FixDelivery.arrivals(of: drive.fixes, options: delivery), drive.fixes).map { arrival, fix in
            arrival.received.seconds(since: fix.received)
        }
        feeder = try NMEAFeeder(epochs: drive.fixes.map(DriveNMEA.sentences(for:)), secondsPerEpoch: 1, delays: delays)
        gpsd = try GPSDProcess(feedPort: feeder.port)
        let base = NSTemporaryDirectory() + "routecue-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        cues = base + ".jsonl"
        log = base + ".log"
        // `--bus none` unless asked: a bench machine has no system bus, and the bus's cost is daemon-bus's figure.
        daemon = spawn(binary, ["run", "--route", routePath, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", device, "--cues", cues,
                                "--bus", bus] + (config.map { ["--config", $0] } ?? []) + arguments, environment: [:], stderr: log)
    }

    /// The cue log as a record: its instants (CLOCK_MONOTONIC) mapped to the drive's fix time by the moments the
    /// feeder's receiver measured each epoch.
    func record() throws -> DriveRecord {
        let text = (try? String(contentsOfFile: cues, encoding: .utf8)) ?? ""
        let log = try text.split(separator: "\n").map { try CueLogEntry(jsonLine: String($0)) }
        if log.isEmpty {
            let stderr = (try? String(contentsOfFile: self.log, encoding: .utf8)) ?? ""
            print("  \(name): the cue log is empty; routecue run said:\n" + stderr.split(separator: "\n").suffix(15).map { "    " + $0 }.joined(separator: "\n"))
        }
        let sentFixes = feeder.sent.compactMap { sent -> Fix? in
            guard let time = drive.fixes[sent.epoch].time else { return nil }
            return Fix(time: time, received: MonotonicInstant(nanoseconds: sent.measured), mode: .threeD, status: .gps)
        }
        return DriveRecord(log: log, reroutes: [], events: [], mapping: FixTimeMapping(fixes: sentFixes), fixCount: sentFixes.count)
    }

    func stop() {
        if daemon.isRunning { daemon.terminate() }
        daemon.waitUntilExit()
        gpsd.stop()
        feeder.stop()
    }

    /// Removes the cue log and the daemon's log.
    func removeFiles() {
        unlink(cues)
        unlink(log)
    }
}

/// Arguments: the routecue binary, `--device PCM`, `--trace` files, routes, `--outage SECONDS`, `--rounds N`.
struct DriveBenchArguments {
    var binary = ""
    var device = "null"
    var traces: [String] = []
    var routes: [String] = []
    var seconds = 120.0
    var config: String?
    /// `daemon-drive`: also drive each drive live with outages of so many seconds, so many times (`--rounds`), the
    /// leads' cycle starting one later each time.
    var outage: Double?
    var rounds = 1

    init(_ args: [String]) {
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--device" where i + 1 < args.count: device = args[i + 1]; i += 2
            case "--trace" where i + 1 < args.count: traces.append(args[i + 1]); i += 2
            case "--route" where i + 1 < args.count: routes.append(args[i + 1]); i += 2
            case "--seconds" where i + 1 < args.count: seconds = Double(args[i + 1]) ?? seconds; i += 2
            case "--config" where i + 1 < args.count: config = args[i + 1]; i += 2
            case "--outage" where i + 1 < args.count:
                guard let seconds = Double(args[i + 1]), seconds > 0 else { fail("--outage needs a number of seconds above 0", status: 2) }
                outage = seconds
                i += 2
            case "--rounds" where i + 1 < args.count:
                guard let n = Int(args[i + 1]), n > 0 else { fail("--rounds needs a whole number above 0", status: 2) }
                rounds = n
                i += 2
            default:
                if binary.isEmpty { binary = args[i] } else { routes.append(args[i]) }
                i += 1
            }
        }
    }
}

func readRoute(_ path: String) -> Route {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read") }
    do { return try RouteReader.read([UInt8](data), name: path) } catch { fail("\(path): \(error)") }
}

func readTrace(_ path: String) -> SpeedTrace {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read") }
    do { return try SpeedTrace.read([UInt8](data), name: path) } catch { fail("\(path): \(error)") }
}

/// The generated drive (DriveLab, seed `seed`) along `route` with the speed of the recorded drive at `tracePath`;
/// `bench` names the bench in the failure message.
func generatedDrive(_ route: Route, tracePath: String, seed: UInt64, bench: String) -> GeneratedDrive {
    var options = DriveOptions()
    options.seed = seed
    do { return try DriveGenerator.drive(route, trace: readTrace(tracePath), options: options) } catch { fail("\(bench): \(error)") }
}

/// One drive through simulate's wiring, and what it needs to be driven live.
struct SimulatedDrive {
    var name: String
    var path: String
    var record: DriveRecord
    var route: Route
    var drive: GeneratedDrive
    var delivery: SimulationOptions

    /// Its cues against the ground truth.
    var evaluation: CueTimingEvaluation { CueTimingEvaluation(result: record, route: route, drive: drive) }
}

func daemonDriveBench(_ args: [String]) {
    let a = DriveBenchArguments(args)
    guard !a.binary.isEmpty, !a.traces.isEmpty, !a.routes.isEmpty else {
        fail("daemon-drive needs ROUTECUE, --trace FILE and at least one ROUTE", status: 2)
    }
    guard GPSDProcess.isInstalled else {
        print("bench daemon-drive: SKIPPED, gpsd is not installed (Debian package gpsd)")
        return
    }
    let traces = a.traces.map(readTrace)
    var drives: [DaemonDrive] = []
    var simulated: [SimulatedDrive] = []
    var outageDrives: [OutageDrive] = []
    do {
        // The drives through simulate's wiring first, so their synthesis does not compete with the live ones.
        let simulator = try DriveSimulator(voice: "en-us")
        var seed: UInt64 = 1
        for path in a.routes {
            let route = readRoute(path)
            for trace in traces {
                var options = DriveOptions()
                options.seed = seed
                seed += 1
                let drive = try DriveGenerator.drive(route, trace: trace, options: options)
                let name = "\((path as NSString).lastPathComponent) × \((trace.name as NSString).lastPathComponent)"
                var engine = GuidanceEngine(route: route)
                var delivery = SimulationOptions()
                delivery.seed = seed
                simulated.append(SimulatedDrive(name: name, path: path, record: try simulator.run(engine: &engine, fixes: drive.fixes, options: delivery),
                                                route: route, drive: drive, delivery: delivery))
            }
        }
        if let seconds = a.outage {
            for round in 0..<a.rounds {
                outageDrives += try simulated.map { try OutageDrive(planning: $0, seconds: seconds, round: round, simulator: simulator) }
            }
        }
        for s in simulated {
            drives.append(try DaemonDrive(name: s.name, routePath: s.path, route: s.route, drive: s.drive, delivery: s.delivery,
                                          binary: a.binary, device: a.device))
        }
        for o in outageDrives { try o.start(binary: a.binary, device: a.device) }
    } catch {
        for d in drives { d.stop() }
        for o in outageDrives { o.stop() }
        fail("daemon-drive: \(error)")
    }
    let longest = drives.map { $0.drive.fixes.count }.max() ?? 0
    print("bench daemon-drive: \(drives.count) drives in real time at once, the longest \(longest / 60) min \(longest % 60) s …")
    if let seconds = a.outage { printOutagePlan(outageDrives, seconds: seconds, rounds: a.rounds) }
    let feeders = drives.map(\.feeder) + outageDrives.compactMap(\.live?.feeder)
    while feeders.contains(where: { !$0.isFinished }) { usleep(500_000) }
    usleep(5_000_000)
    var live: [(String, CueTimingEvaluation)] = []
    for d in drives {
        d.stop()
        do {
            live.append((d.name, CueTimingEvaluation(result: try d.record(), route: d.route, drive: d.drive)))
        } catch {
            print("  \(d.name): the cue log cannot be read: \(error)")
        }
        d.removeFiles()
    }
    for o in outageDrives { o.stop() }
    let offline = simulated.map { ($0.name, $0.evaluation) }
    printCueTiming("routecue run via gpsd", live)
    printCueTiming("simulate (same drives)", offline)
    for (name, evaluation) in live {
        print("    \(name): \(evaluation.distanceErrors.count) distance cues, max \(String(format: "%.1f", evaluation.distanceErrors.max() ?? 0)) m")
    }
    if a.outage != nil { printOutageReport(outageDrives, cleanLive: Dictionary(live, uniquingKeysWith: { a, _ in a })) }
}

/// One line of distance-cue errors, late cues and action cues ending in time over `runs` (and each late cue).
func printCueTiming(_ label: String, _ runs: [(String, CueTimingEvaluation)]) {
    let errors = runs.flatMap(\.1.distanceErrors)
    let late = runs.flatMap { $0.1.heardAfterManeuver + $0.1.actionsEndingLate }
    let actions = runs.reduce(0) { $0 + $1.1.actionsSpoken }
    let endedBefore = actions - runs.reduce(0) { $0 + $1.1.actionsEndingLate.count }
    let q = { (p: Double) in CueTimingEvaluation.quantile(errors, p) ?? .nan }
    print(String(format: "  %-22@ %3d distance cues  p50 %5.2f m  p95 %5.2f m  max %5.1f m  late cues %d  action cues ending before the maneuver %d of %d (%.0f %%)",
                 label as NSString, errors.count, q(0.5), q(0.95), errors.max() ?? .nan, late.count, endedBefore, actions,
                 actions == 0 ? 100 : 100 * Double(endedBefore) / Double(actions)))
    for cue in late { print("    late: \(cue)") }
}

func daemonLoadBench(_ args: [String]) {
    let a = DriveBenchArguments(args)
    guard !a.binary.isEmpty, let routePath = a.routes.first, let tracePath = a.traces.first else {
        fail("daemon-load needs ROUTECUE --route ROUTE --trace SPEED_DRIVE", status: 2)
    }
    guard GPSDProcess.isInstalled else {
        print("bench daemon-load: SKIPPED, gpsd is not installed (Debian package gpsd)")
        return
    }
    let route = readRoute(routePath)
    let drive = generatedDrive(route, tracePath: tracePath, seed: 7, bench: "daemon-load")
    let d: DaemonDrive
    do {
        d = try DaemonDrive(name: "load", routePath: routePath, route: route, drive: drive, delivery: SimulationOptions(),
                            binary: a.binary, device: a.device, config: a.config)
    } catch {
        fail("daemon-load: \(error)")
    }
    defer { d.stop(); d.removeFiles() }
    let pid = d.daemon.processIdentifier
    usleep(20_000_000)
    let (cpu0, gps0) = (cpuSeconds(of: pid), d.gpsd.pid.map(cpuSeconds(of:)) ?? 0)
    let measured = max(10, a.seconds - 20)
    usleep(UInt32(measured * 1e6))
    let (cpu1, gps1) = (cpuSeconds(of: pid), d.gpsd.pid.map(cpuSeconds(of:)) ?? 0)
    let fixes = d.feeder.sent.count
    let rss = Double(procStatus(pid, "VmRSS:")) / 1024, peak = Double(procStatus(pid, "VmHWM:")) / 1024
    let anon = Double(procStatus(pid, "RssAnon:")) / 1024
    let perHour = (cpu1 - cpu0) / measured * 3600, gpsdPerHour = (gps1 - gps0) / measured * 3600
    print("bench daemon-load: routecue run guiding \((routePath as NSString).lastPathComponent) (\(Int(route.length / 1000)) km) from gpsd at 1 Hz, \(fixes) fixes over \(Int(a.seconds)) s\(a.config.map { ", --config \(($0 as NSString).lastPathComponent)" } ?? "")")
    print(String(format: "  resident memory %.1f MB (peak %.1f MB; %.1f MB of it private, the rest shared libraries)   (goal ≤ 30 MB)", rss, peak, anon))
    print(String(format: "  CPU per hour of 1 Hz driving: routecue run %.1f s (%.2f %% of a core), gpsd %.1f s in the same run (routecue ÷ gpsd %.1f×)",
                 perHour, perHour / 36, gpsdPerHour, perHour / max(0.001, gpsdPerHour)))
}
