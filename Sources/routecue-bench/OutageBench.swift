import DriveLab
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench outage --trace FILE… ROUTE… [--seconds S]`: cue timing on a re-converged position after a GPS
// outage while the car brakes. The timing set's drives (real routes, recorded speed, ground truth) are first driven
// without an outage; then every distance cue (range, reminder, distance) heard while the car was braking gets an
// outage of S seconds (default 4) ending 2 or 1 s after, or 0.5, 1.5 or 3 s before the moment it was due, the drive is replayed through
// simulate's wiring without those fixes, and the same cue's error (|true remaining distance at its first word − its
// target|) is measured. Outages closer than 20 s to one another are dropped, so each cue sees only its own.

func outageBench(_ args: [String]) {
    let arguments = TraceRouteArguments(args, command: "outage", options: ["--seconds"])
    let (tracePaths, routePaths) = (arguments.traces, arguments.routes)
    var seconds = 4.0
    if let text = arguments.values["--seconds"] {
        guard let value = Double(text), value > 0 else { fail("--seconds needs a number of seconds above 0, not \(text)", status: 2) }
        seconds = value
    }
    var withOutage: [Double] = [], withoutOutage: [Double] = [], during: [Double] = [], after: [Double] = [], labels: [(Double, String)] = []
    var drives = 0, late = 0
    do {
        let simulator = try DriveSimulator(voice: "en-us")
        for path in routePaths {
            let route = readRoute(path)
            for tracePath in tracePaths {
                drives += 1
                let drive = generatedDrive(route, tracePath: tracePath, seed: UInt64(drives), bench: "outage")
                var simulation = SimulationOptions()
                simulation.seed = UInt64(100 + drives)
                var engine = GuidanceEngine(route: route)
                let clean = CueTimingEvaluation(result: try simulator.run(engine: &engine, fixes: drive.fixes, options: simulation),
                                                route: route, drive: drive)
                for lead in outageLeads {
                    let outages = placeOutages(clean, drive: drive, seconds: seconds, leads: [lead])
                    guard !outages.isEmpty else { continue }
                    var engine = GuidanceEngine(route: route)
                    let result = try simulator.run(engine: &engine, fixes: drive.fixes.removing(outages), options: simulation)
                    let evaluation = CueTimingEvaluation(result: result, route: route, drive: drive)
                    late += evaluation.heardAfterManeuver.count + evaluation.actionsEndingLate.count
                    for outage in outages {
                        guard let k = evaluation.distanceCueLabels.firstIndex(where: { cueKey($0) == outage.cue }),
                              let c = clean.distanceCueLabels.firstIndex(where: { cueKey($0) == outage.cue }) else { continue }
                        let heard = evaluation.distanceCueStarts[k] - outage.end
                        if heard < 0 { during.append(evaluation.distanceErrors[k]) } else { after.append(evaluation.distanceErrors[k]) }
                        withOutage.append(evaluation.distanceErrors[k])
                        withoutOutage.append(clean.distanceErrors[c])
                        labels.append((evaluation.distanceErrors[k],
                                       "\((path as NSString).lastPathComponent) × \((tracePath as NSString).lastPathComponent), outage ending \(lead) s before, heard \(String(format: "%+.1f", heard)) s after its end: \(evaluation.distanceCueLabels[k])"))
                    }
                }
            }
        }
    } catch {
        fail("outage: \(error)")
    }
    func q(_ v: [Double], _ p: Double) -> Double { CueTimingEvaluation.quantile(v, p) ?? .nan }
    print("bench outage: \(drives) drives, a \(seconds) s GPS outage while braking, ending 2 or 1 s after or 0.5, 1.5 or 3 s before each distance cue was due")
    print(String(format: "  after the outage   %4d cues  p50 %5.2f m  p95 %5.2f m  max %5.1f m  late cues %d",
                 withOutage.count, q(withOutage, 0.5), q(withOutage, 0.95), withOutage.max() ?? .nan, late))
    print(String(format: "    heard during it   %4d cues  p50 %5.2f m  p95 %5.2f m  max %5.1f m", during.count, q(during, 0.5), q(during, 0.95), during.max() ?? .nan))
    print(String(format: "    heard after it    %4d cues  p50 %5.2f m  p95 %5.2f m  max %5.1f m", after.count, q(after, 0.5), q(after, 0.95), after.max() ?? .nan))
    print(String(format: "  the same cues, no outage  p50 %5.2f m  p95 %5.2f m  max %5.1f m",
                 q(withoutOutage, 0.5), q(withoutOutage, 0.95), withoutOutage.max() ?? .nan))
    for (_, label) in labels.sorted(by: { $0.0 > $1.0 }).prefix(8) { print("    worst: \(label)") }
}
