import DriveLab
import Foundation
import RouteCueCore

// What `routecue-bench daemon-drive --outage` prints after the drives: the cues the outages were placed for (found by
// their key in each run) live with the outages, through simulate's wiring with the same outages, and without an
// outage (simulate and live), split by whether they were heard during the outage or after it; every distance cue of
// the live drives with outages; each outage's course (gpsd killed, back, the daemon connected again, its first fix,
// the cue heard: seconds of drive time from the outage's end); the worst cues.

/// One cue an outage was placed for, in each run.
private struct OutageCue {
    var drive: String
    var outage: PlacedOutage
    /// Its error (m), when it was heard (fix time − the outage's end, s) and its label, live with the outage.
    var live: (error: Double, heard: Double, label: String)?
    /// The same through simulate's wiring with the same outage.
    var simulated: (error: Double, heard: Double)?
    /// Its error without an outage: simulate, and live.
    var clean: Double?
    var cleanLive: Double?
    /// The outage's course, live.
    var course: String
}

/// Prints the outage drives' figures; `cleanLive` has the same drives live without outages, by name.
func printOutageReport(_ drives: [OutageDrive], cleanLive: [String: CueTimingEvaluation]) {
    var cues: [OutageCue] = []
    for d in drives {
        for (i, outage) in d.outages.enumerated() {
            func find(_ e: CueTimingEvaluation?) -> Int? { e?.distanceCueLabels.firstIndex { cueKey($0) == outage.cue } }
            var cue = OutageCue(drive: d.name, outage: outage, course: course(of: d, outage: i))
            if let e = d.evaluation, let k = find(e) {
                cue.live = (e.distanceErrors[k], e.distanceCueStarts[k] - outage.end, e.distanceCueLabels[k])
            }
            if let k = find(d.withoutFixes) {
                cue.simulated = (d.withoutFixes.distanceErrors[k], d.withoutFixes.distanceCueStarts[k] - outage.end)
            }
            cue.clean = find(d.clean).map { d.clean.distanceErrors[$0] }
            cue.cleanLive = cleanLive[d.simulated.name].flatMap { e in find(e).map { e.distanceErrors[$0] } }
            cues.append(cue)
        }
    }
    func stats(_ v: [Double]) -> String {
        let q = { (p: Double) in CueTimingEvaluation.quantile(v, p) ?? .nan }
        return String(format: "%3d cues  p50 %5.2f m  p95 %5.2f m  max %5.1f m", v.count, q(0.5), q(0.95), v.max() ?? .nan)
    }
    func split(_ label: String, _ runs: [(error: Double, heard: Double)]) {
        print("    \(label.padding(toLength: 30, withPad: " ", startingAt: 0)) \(stats(runs.map(\.error)))")
        print("      heard during it              \(stats(runs.filter { $0.heard < 0 }.map(\.error)))")
        print("      heard after it               \(stats(runs.filter { $0.heard >= 0 }.map(\.error)))")
    }
    print("  the \(cues.count) cues the outages were placed for (|true distance when heard − target|):")
    split("routecue run via gpsd, outages", cues.compactMap { $0.live.map { ($0.error, $0.heard) } })
    split("simulate, the same outages", cues.compactMap(\.simulated))
    print("    \("simulate, no outage".padding(toLength: 30, withPad: " ", startingAt: 0)) \(stats(cues.compactMap(\.clean)))")
    print("    \("routecue run, no outage".padding(toLength: 30, withPad: " ", startingAt: 0)) \(stats(cues.compactMap(\.cleanLive)))")
    print("  every distance cue of the drives with outages:")
    printCueTiming("routecue run, outages", drives.compactMap { d in d.evaluation.map { (d.name, $0) } })
    printCueTiming("simulate, same outages", drives.map { ($0.name, $0.withoutFixes) })
    print("  each outage (seconds of drive time from its end; error live, simulate with the outage, without one):")
    for cue in cues {
        let d = drives.first { $0.name == cue.drive }
        let simulated = cue.simulated.map { String(format: "%+.2f s", $0.heard) } ?? "not heard: \(fate(of: cue.outage.cue, in: d?.withoutFixesRecord))"
        let heard = cue.live.map { String(format: "heard %+.2f s (simulate %@)", $0.heard, simulated) }
            ?? "not heard live: \(fate(of: cue.outage.cue, in: d?.record)) (simulate \(simulated))"
        let errors = [cue.live?.error, cue.simulated?.error, cue.clean].map { $0.map { String(format: "%.1f m", $0) } ?? "–" }.joined(separator: " / ")
        print(String(format: "    %-11@ lead %+.1f s  %@; %@: %@  (%@)", cue.outage.cue as NSString, cue.outage.lead, cue.course as NSString,
                     heard as NSString, errors as NSString, cue.drive as NSString))
    }
    for cue in cues.filter({ $0.live != nil }).sorted(by: { $0.live!.error > $1.live!.error }).prefix(5) {
        print(String(format: "    worst: %@, outage ending %.1f s before, heard %+.1f s after its end: %@", cue.drive as NSString,
                     cue.outage.lead, cue.live!.heard, cue.live!.label as NSString))
    }
}

/// What became of the cue `key` ("range m4") in `record` when it was not heard: skipped or cancelled with the reason.
private func fate(of key: String, in record: DriveRecord?) -> String {
    let parts = key.split(separator: " ")
    guard parts.count == 2, let m = Int(parts[1].dropFirst()), let record else { return "?" }
    let entries = record.log.filter { $0.stage?.rawValue == String(parts[0]) && $0.maneuver == m }
    guard let last = entries.last else { return "never decided" }
    return "\(last.event.rawValue)\(last.reason.map { " (\($0))" } ?? "")"
}

/// What happened around outage `i` of `d` live: gpsd killed, listening again, the daemon connected and its first fix
/// (and when that fix was measured), in seconds of drive time from the outage's end.
private func course(of d: OutageDrive, outage i: Int) -> String {
    guard let mapping = d.record?.mapping, i < d.outcomes.count else { return "not driven" }
    let o = d.outcomes[i], end = d.outages[i].end
    func t(_ instant: UInt64?) -> String {
        guard let instant, let time = mapping.fixTime(at: MonotonicInstant(nanoseconds: instant)) else { return "   –  " }
        return String(format: "%+6.2f", time - end)
    }
    var text = "killed \(t(o.killed)), gpsd back \(t(o.listening)), connected \(t(o.connected)), first fix \(t(o.firstFix))"
    if let fix = o.firstFix, let epoch = d.sent.last(where: { $0.at <= fix })?.epoch, let time = d.simulated.drive.fixes[epoch].time {
        text += String(format: " (measured %+.2f)", time - end)
    }
    // Through simulate's wiring the first fix after the outage is the next one measured.
    if let next = d.simulated.drive.fixes.first(where: { ($0.time ?? 0) >= end })?.time {
        text += String(format: ", simulate's first fix measured %+.2f", next - end)
    }
    if let failure = o.failure { text += " (gpsd not started: \(failure))" }
    return text
}
