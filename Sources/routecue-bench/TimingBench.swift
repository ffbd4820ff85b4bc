import DriveLab
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench timing --trace SPEED_DRIVE [--trace …] ROUTE…`: how far from its target each distance cue is
// really heard, for this engine (cues on timers predicted from the motion) and, in the same run on the same drives,
// for a fix-triggered baseline (the same engine looked at only when a fix arrives, as the peers do). Drives: each
// route driven with each recorded drive's speed behaviour, 1 Hz fixes with ~3 m noise, 300 ± 100 ms latency and a
// 30 s outage at 40 % of the route; cue durations from espeak-ng.

/// The timing benchmark.
func timingBench(_ args: [String]) {
    let arguments = TraceRouteArguments(args, command: "timing")
    let (tracePaths, routePaths) = (arguments.traces, arguments.routes)
    var engineErrors: [Double] = [], baselineErrors: [Double] = []
    var engineLate = 0, baselineLate = 0, drives = 0
    do {
        let simulator = try DriveSimulator(voice: "en-us")
        for timingDrive in try timingDrives(routePaths: routePaths, tracePaths: tracePaths) {
            let (path, route, trace, drive) = (timingDrive.routePath, timingDrive.route, timingDrive.trace, timingDrive.drive)
            drives = timingDrive.number
            for baseline in [false, true] {
                var simulation = SimulationOptions()
                simulation.seed = UInt64(100 + drives)
                simulation.fixTriggeredOnly = baseline
                var engine = GuidanceEngine(route: route)
                let result = try simulator.run(engine: &engine, fixes: drive.fixes, options: simulation)
                let evaluation = CueTimingEvaluation(result: result, route: route, drive: drive)
                let lateCues = evaluation.heardAfterManeuver + evaluation.actionsEndingLate
                let late = lateCues.count
                for cue in lateCues { print("  \(baseline ? "fix-triggered" : "this engine") late: \((path as NSString).lastPathComponent) × \(trace.name.split(separator: "/").last ?? ""): \(cue)") }
                if baseline { baselineErrors += evaluation.distanceErrors; baselineLate += late }
                else { engineErrors += evaluation.distanceErrors; engineLate += late }
            }
        }
    } catch {
        fail("\(error)")
    }
    func q(_ v: [Double], _ p: Double) -> Double { CueTimingEvaluation.quantile(v, p) ?? .nan }
    print("bench timing: \(drives) drives (\(routePaths.count) routes × \(tracePaths.count) speed traces), |true distance when heard − target|")
    print(String(format: "  this engine     %4d cues  p50 %5.2f m  p95 %5.2f m  max %6.1f m  late cues %d",
                 engineErrors.count, q(engineErrors, 0.5), q(engineErrors, 0.95), engineErrors.max() ?? .nan, engineLate))
    print(String(format: "  fix-triggered   %4d cues  p50 %5.2f m  p95 %5.2f m  max %6.1f m  late cues %d",
                 baselineErrors.count, q(baselineErrors, 0.5), q(baselineErrors, 0.95), baselineErrors.max() ?? .nan, baselineLate))
    print(String(format: "  baseline ÷ engine: p50 %.1f×, p95 %.1f×",
                 q(baselineErrors, 0.5) / q(engineErrors, 0.5), q(baselineErrors, 0.95) / q(engineErrors, 0.95)))
}

/// One drive of the timing set.
struct TimingDrive {
    /// 1-based, in the order routes × traces (it seeds the drive).
    var number: Int
    var routePath: String
    var route: Route
    var trace: SpeedTrace
    var drive: GeneratedDrive
}

/// The timing set's drives: each route driven with each recorded drive's speed behaviour, seeded by its number, with
/// a 30 s GPS outage at 40 % of the route.
func timingDrives(routePaths: [String], tracePaths: [String]) throws -> [TimingDrive] {
    func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CarAudioBenchError("\(path): cannot read") }
        return [UInt8](data)
    }
    let traces = try tracePaths.map { try SpeedTrace.read(bytes($0), name: $0) }
    var drives: [TimingDrive] = []
    for path in routePaths {
        let route = try RouteReader.read(bytes(path), name: path)
        for trace in traces {
            var options = DriveOptions()
            options.seed = UInt64(drives.count + 1)
            options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
            let drive = try DriveGenerator.drive(route, trace: trace, options: options)
            drives.append(TimingDrive(number: drives.count + 1, routePath: path, route: route, trace: trace, drive: drive))
        }
    }
    return drives
}

/// `routecue-bench timing-drives --trace FILE… ROUTE… --out DIR`: writes the timing set's drives as NMEA logs
/// (DIR/NN-ROUTE-TRACE.nmea) for `routecue simulate --fixes`, and prints one `ROUTE NMEA` pair a line.
func timingDrivesBench(_ args: [String]) {
    let usage = "--trace FILE, at least one ROUTE and --out DIR"
    let arguments = TraceRouteArguments(args, command: "timing-drives", options: ["--out"], usage: usage)
    let (tracePaths, routePaths) = (arguments.traces, arguments.routes)
    guard let out = arguments.values["--out"] else { fail("timing-drives needs \(usage)", status: 2) }
    do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for drive in try timingDrives(routePaths: routePaths, tracePaths: tracePaths) {
            func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
            let file = out + String(format: "/%02d-", drive.number) + stem(drive.routePath) + "-" + stem(drive.trace.name) + ".nmea"
            try drive.drive.nmeaText().write(toFile: file, atomically: true, encoding: .utf8)
            print("\(drive.routePath) \(file)")
        }
    } catch {
        fail("timing-drives: \(error)")
    }
}
