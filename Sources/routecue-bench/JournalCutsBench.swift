import EventLoopKit
import Foundation
import RouteCueCore

// Part b of `routecue-bench journal`: kill and resume. --cuts seeded random instants S over the drive (or its first
// --cut-minutes); each is a power cut (`routecue simulate --state-dir D --power-cut S`: no last write, the cue playing
// cut off) and a restart (`routecue simulate --state-dir D` on the drive from S + 4 s on, the car having driven on
// meanwhile). Counted: stages (maneuver and stage) heard in both runs ("repeated", goal 0); stages the resumed run
// skipped, with their reasons, and of them those the uninterrupted drive speaks ("lost": due while RouteCue was down,
// never said late); stages the uninterrupted drive speaks that neither run says nor logs (the resumed run may plan a
// maneuver's stages anew, at the speed it then has); and whether "Continuing to …" was said once.

struct JournalCutsBench {
    let options: JournalBenchOptions
    let drive: JournalDrive
    /// The whole drive uninterrupted (part a's run).
    let baseline: SimulateRun
    let work: String

    /// Seconds between the power cut and the restart's first fix.
    static let restartSeconds = 4.0

    /// What one cut and its restart did.
    struct Cut {
        var seconds: Double
        var writes = 0
        var outcome = Outcome.resumed
        var repeated: [String] = []
        /// Every stage the resumed run skipped, with its reason.
        var skipped: [(stage: String, reason: String)] = []
        /// Of those, the ones the uninterrupted drive speaks and the run before the cut did not.
        var lost: [(stage: String, reason: String)] = []
        /// Stages the uninterrupted drive speaks that neither run says nor logs, and whether the resumed run spoke
        /// another stage of the same maneuver.
        var unlogged: [(stage: String, maneuverAnnounced: Bool)] = []
        var continuing = 0

        enum Outcome: Equatable { case resumed, notResumed(String), noJournal, tooLate }
    }

    func run() throws {
        // Instants on simulate's clock: seconds after the first fix arrives.
        let whole = options.cutMinutes.map { $0 * 60 >= drive.arrivalSeconds } ?? true
        let window = whole ? drive.arrivalSeconds : options.cutMinutes! * 60
        let end = whole ? drive.epochs.count : drive.index(arrivingAt: window)
        let began = MonotonicClock.nanoseconds()
        let fixes = work + "/cuts-drive.nmea"
        try drive.writeNMEA(0..<end, path: fixes)
        let uninterrupted: SimulateRun
        if !whole {
            uninterrupted = try SimulateRun.run(options.binary, route: drive.routePath, fixes: fixes, cues: work + "/cuts-baseline.jsonl",
                                                stateDirectory: work + "/cuts-baseline-state")
            try? FileManager.default.removeItem(atPath: work + "/cuts-baseline-state")
        } else {
            uninterrupted = baseline
        }
        let spoken = Set(uninterrupted.spokenStages)
        let skippedUninterrupted = Set(uninterrupted.log.filter { $0.event == .skipped }.compactMap(\.stageKey))
        print("  b. kill and resume: \(options.cuts) power cuts at seeded random instants (seed \(options.seed)) over "
              + (whole ? "the whole drive" : "the drive's first \(formatDuration(window)) (--cut-minutes)")
              + String(format: ", each restarted %g s later on the drive from there (simulate --state-dir, --power-cut); the uninterrupted drive speaks %d stages",
                       Self.restartSeconds, spoken.count))
        fflush(nil)
        var random = SplitMix64(seed: options.seed)
        var cuts: [Cut] = []
        for k in 0..<options.cuts {
            let seconds = random.nextUnit() * window
            cuts.append(try cut(k, at: seconds, end: end, fixes: fixes, spoken: spoken))
        }
        Self.report(cuts, skippedUninterrupted: skippedUninterrupted, wall: Double(MonotonicClock.nanoseconds() - began) / 1e9)
        fflush(nil)
    }

    private func cut(_ k: Int, at seconds: Double, end: Int, fixes: String, spoken: Set<String>) throws -> Cut {
        let state = work + "/cut-\(k)"
        defer {
            if !options.keep { removeFiles(of: k) }
        }
        var result = Cut(seconds: seconds)
        let before = try SimulateRun.run(options.binary, route: drive.routePath, fixes: fixes, cues: work + "/cut-\(k)-before.jsonl",
                                         stateDirectory: state, powerCut: seconds)
        result.writes = before.journal?.writes ?? 0
        guard FileManager.default.fileExists(atPath: state + "/journal.json") else {
            result.outcome = .noJournal
            return result
        }
        let rest = work + "/cut-\(k)-rest.nmea"
        let restart = min(end, drive.index(arrivingAt: seconds + Self.restartSeconds))
        guard try drive.writeNMEA(restart..<end, path: rest) >= 5 else {
            result.outcome = .tooLate
            return result
        }
        let after = try SimulateRun.run(options.binary, route: drive.routePath, fixes: rest, cues: work + "/cut-\(k)-after.jsonl",
                                        stateDirectory: state)
        guard after.resumed else {
            let said = after.stderr.split(separator: "\n").first { $0.contains("journal: ") }.map(String.init) ?? "nothing about the journal"
            result.outcome = .notResumed(said)
            return result
        }
        let heardBefore = Set(before.spokenStages)
        let heardAfter = after.spokenStages
        result.repeated = heardAfter.filter(heardBefore.contains)
        result.skipped = after.log.filter { $0.event == .skipped }.compactMap { entry in
            entry.stageKey.map { ($0, entry.reason ?? "no reason") }
        }
        let logged = Set(after.log.compactMap(\.stageKey))
        result.lost = result.skipped.filter { spoken.contains($0.stage) && !heardBefore.contains($0.stage) }
        let maneuversAfter = Set(heardAfter.map { $0.prefix { $0 != ":" } })
        result.unlogged = spoken.subtracting(heardBefore).subtracting(heardAfter).subtracting(logged).sorted()
            .map { ($0, maneuversAfter.contains($0.prefix { $0 != ":" })) }
        result.continuing = after.log.filter { $0.event == .spoken && $0.text.hasPrefix("Continuing") }.count
        return result
    }

    private func removeFiles(of k: Int) {
        try? FileManager.default.removeItem(atPath: work + "/cut-\(k)")
        for file in ["before.jsonl", "after.jsonl", "rest.nmea"] { unlink(work + "/cut-\(k)-" + file) }
    }

    /// A reason without its figures ("moment passed: 40 m left …" → "moment passed").
    static func reasonKind(_ reason: String) -> String {
        String(reason.prefix { $0 != ":" && $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }

    private static func report(_ cuts: [Cut], skippedUninterrupted: Set<String>, wall: Double) {
        let resumed = cuts.filter { $0.outcome == .resumed }
        let instants = cuts.map(\.seconds)
        print(String(format: "    cut instants (after the first fix, on simulate's clock): min %@, p50 %@, max %@; %.0f s wall for the %d cuts (2 simulate runs each)",
                     formatDuration(instants.min() ?? 0) as NSString, formatDuration(percentile(instants, 0.5)) as NSString,
                     formatDuration(instants.max() ?? 0) as NSString, wall, cuts.count))
        let noJournal = cuts.filter { $0.outcome == .noJournal }.count, tooLate = cuts.filter { $0.outcome == .tooLate }.count
        let notResumed = cuts.compactMap { cut -> String? in if case .notResumed(let said) = cut.outcome { return said } else { return nil } }
        print("    resumed: \(resumed.count) of \(cuts.count)" + (noJournal > 0 ? "; no journal after the cut (the destination reached before it): \(noJournal)" : "")
              + (tooLate > 0 ? "; cut within \(Int(restartSeconds)) s of the end, nothing to resume: \(tooLate)" : "")
              + (notResumed.isEmpty ? "" : "; NOT resumed with a journal there: \(notResumed.count) (\(notResumed.first!))"))
        let repeated = resumed.flatMap { cut in cut.repeated.map { "\($0) (cut at \(formatDuration(cut.seconds)))" } }
        print("    stages heard twice (before the cut and after the restart): \(repeated.count) (goal 0)"
              + (repeated.isEmpty ? "" : ": " + repeated.prefix(8).joined(separator: ", ")))
        let once = resumed.filter { $0.continuing == 1 }.count
        let never = resumed.filter { $0.continuing == 0 }.map { formatDuration($0.seconds) }
        let twice = resumed.filter { $0.continuing > 1 }.map { formatDuration($0.seconds) }
        print("    \"Continuing to …\" said once: \(once) of \(resumed.count) resumed runs"
              + (never.isEmpty ? "" : "; not said: \(never.count) (cuts at \(never.prefix(6).joined(separator: ", ")))")
              + (twice.isEmpty ? "" : "; said more than once: \(twice.count) (cuts at \(twice.prefix(6).joined(separator: ", ")))"))
        let skipped = resumed.flatMap(\.skipped)
        let usual = skipped.filter { skippedUninterrupted.contains($0.stage) }.count
        print("    stages skipped in the resumed runs: \(skipped.count), \(usual) of them skipped by the uninterrupted drive too"
              + (skipped.isEmpty ? "" : "; by reason: " + grouped(skipped.map { reasonKind($0.reason) })))
        let lost = resumed.flatMap(\.lost)
        let perRun = resumed.map(\.lost.count)
        let histogram = (0...(perRun.max() ?? 0)).compactMap { n -> String? in
            let runs = perRun.filter { $0 == n }.count
            return runs == 0 ? nil : "\(n) in \(runs) run\(runs == 1 ? "" : "s")"
        }
        print("    lost (skipped after the restart, spoken by the uninterrupted drive: due while RouteCue was down, not said late): \(lost.count) in all"
              + "; per resumed run: \(histogram.joined(separator: ", "))" + (lost.isEmpty ? "" : "; by reason: " + grouped(lost.map { reasonKind($0.reason) })))
        let unlogged = resumed.flatMap { cut in cut.unlogged.map { ($0.stage, $0.maneuverAnnounced, cut.seconds) } }
        let replanned = unlogged.filter { $0.1 }, unannounced = unlogged.filter { !$0.1 }
        func list(_ items: [(String, Bool, Double)]) -> String {
            items.prefix(8).map { "\($0.0) (cut at \(formatDuration($0.2)))" }.joined(separator: ", ")
        }
        print("    spoken by the uninterrupted drive, neither said nor logged by the two runs: \(unlogged.count)"
              + (replanned.isEmpty ? "" : "; \(replanned.count) of a maneuver the resumed run announced with other stages (planned anew: \(list(replanned)))")
              + (unannounced.isEmpty ? "" : "; \(unannounced.count) of a maneuver NOT announced after the restart: \(list(unannounced))"))
        let writes = cuts.map { Double($0.writes) }
        print(String(format: "    journal writes before the cut: p50 %.0f, p90 %.0f, max %.0f", percentile(writes, 0.5), percentile(writes, 0.9), writes.max() ?? 0))
    }

    /// "reason ×n, …", the most frequent first.
    private static func grouped(_ items: [String]) -> String {
        var counts: [String: Int] = [:]
        for item in items { counts[item, default: 0] += 1 }
        let order = counts.sorted { (a: (key: String, value: Int), b: (key: String, value: Int)) -> Bool in
            a.value != b.value ? a.value > b.value : a.key < b.key
        }
        return order.map { "\($0.key) ×\($0.value)" }.joined(separator: "; ")
    }
}
