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
    var tracePaths: [String] = [], routePaths: [String] = []
    var i = 0
    while i < args.count {
        if args[i] == "--trace", i + 1 < args.count { tracePaths.append(args[i + 1]); i += 2 } else { routePaths.append(args[i]); i += 1 }
    }
    guard !tracePaths.isEmpty, !routePaths.isEmpty else { fail("timing needs --trace FILE and at least one ROUTE", status: 2) }
    func bytes(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read") }
        return [UInt8](data)
    }
    var engineErrors: [Double] = [], baselineErrors: [Double] = []
    var engineLate = 0, baselineLate = 0, drives = 0
    do {
        let traces = try tracePaths.map { try SpeedTrace.read(bytes($0), name: $0) }
        let simulator = try DriveSimulator(voice: "en-us")
        for path in routePaths {
            let route = try RouteReader.read(bytes(path), name: path)
            for trace in traces {
                drives += 1
                var options = DriveOptions()
                options.seed = UInt64(drives)
                options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
                let drive = try DriveGenerator.drive(route, trace: trace, options: options)
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
