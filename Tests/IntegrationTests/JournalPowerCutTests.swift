import DriveLab
import Foundation
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The guidance journal through power cuts, through `routecue simulate` (the wiring `run` shares, on a virtual clock):
/// the example drive cut at 200 seeded random instants (`--power-cut`) and started again from its journal
/// (`--state-dir`), the car having driven on for 4 s. Each replay runs in a process of its own, as a car's restart
/// does (and as espeak-ng's state, which runs on from one synthesis to the next, needs for other tests in this one).
final class JournalPowerCutTests: XCTestCase {
    private var tmp: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: CommandRunner.routecueBinary.path) else {
            XCTFail("\(CommandRunner.routecueBinary.path) is not built: `make test` builds it first")
            return
        }
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
    }

    private static let route = "examples/grid-trip.osrm.json"
    private static let restartSeconds = 4

    private typealias Outcome = PowerCutOutcome

    private static func key(_ entry: CueLogEntry) -> String? {
        guard let m = entry.maneuver, let stage = entry.stage, entry.kind != .reroute else { return nil }
        return "\(m):\(stage.rawValue)"
    }

    private static func log(_ url: URL) throws -> [CueLogEntry] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try CueLogEntry(jsonLine: String($0)) }
    }

    /// Cuts the drive `cut` seconds after its first fix, then starts again from the journal with the epochs from
    /// `restartSeconds` later.
    private static func cutAndResume(_ run: Int, cut: Double, epochs: [String], route: Route, in directory: URL) throws -> Outcome {
        var outcome = Outcome()
        let state = directory.appendingPathComponent("state-\(run)")
        let drive = directory.appendingPathComponent("drive.nmea")
        let before = directory.appendingPathComponent("before-\(run).jsonl"), after = directory.appendingPathComponent("after-\(run).jsonl")
        let phrases = directory.appendingPathComponent("phrases").path
        let first = try CommandRunner.routecue(["simulate", "--route", Self.route, "--fixes", drive.path, "--cues", before.path,
                                                "--phrases", phrases, "--state-dir", state.path, "--power-cut", String(cut), "--quiet"])
        guard first.status == 0 else { return Outcome(problems: ["run \(run): simulate failed: \(first.stderr)"]) }
        let heardBefore = try log(before).filter { $0.event == .spoken }
        let directoryOfState = StateDirectory(path: state.path)
        // The journal reads back whole: the old one or the new one, never a torn one.
        let stored: StoredJournal?
        do {
            stored = try StoredJournal.read(in: directoryOfState, importOptions: ImportOptions())
        } catch {
            return Outcome(problems: ["run \(run): the journal does not read back: \(error)"])
        }
        guard let stored else {
            // Only the destination ends the journal.
            if !heardBefore.contains(where: { $0.kind == .arrival }) { outcome.problems.append("run \(run): no journal at \(cut) s") }
            outcome.afterTheDestination = true
            return outcome
        }
        if stored.route != route { outcome.problems.append("run \(run): the journal's route is not the route") }
        let heardKeys = Set(heardBefore.compactMap(key))
        for cue in stored.journal.progress.heard {
            if case let .stage(m, stage) = cue, !heardKeys.contains("\(m):\(stage.rawValue)") {
                outcome.problems.append("run \(run): the journal holds \(cue.token), which was not heard whole")
            }
        }

        let restart = Int(cut.rounded(.up)) + restartSeconds
        guard restart + 5 < epochs.count else { return outcome }
        let rest = directory.appendingPathComponent("rest-\(run).nmea")
        try epochs[restart...].joined().write(to: rest, atomically: true, encoding: .utf8)
        let second = try CommandRunner.routecue(["simulate", "--route", Self.route, "--fixes", rest.path, "--cues", after.path,
                                                 "--phrases", phrases, "--state-dir", state.path, "--quiet"])
        guard second.status == 0 else { return Outcome(problems: ["run \(run): the restart failed: \(second.stderr)"]) }
        guard second.stderr.contains("journal: resuming the route") else {
            return Outcome(problems: ["run \(run): not resumed: \(second.stderr)"])
        }
        outcome.resumed = true
        let afterLog = try log(after)
        let heardAfter = afterLog.filter { $0.event == .spoken }
        outcome.repeated = heardAfter.compactMap(key).filter(heardKeys.contains).map { "run \(run) (cut at \(Int(cut)) s): \($0)" }
        outcome.lost = afterLog.filter { $0.event == .skipped && $0.reason?.hasPrefix("moment passed") == true }.count
        let said = heardAfter.map(\.text)
        if said.filter({ $0.hasPrefix("Continuing to") }).count != 1 {
            outcome.problems.append("run \(run): \"Continuing to …\" said \(said.filter { $0.hasPrefix("Continuing to") }.count) times: \(said)")
        }
        // At the right maneuver: none behind the journal's last passed one; every maneuver after the next one gets its
        // action cue (or a logged reason).
        let maneuvers = heardAfter.filter { $0.kind != .reroute }.compactMap(\.maneuver)
        if let passed = stored.journal.progress.passedManeuver, let earliest = maneuvers.min(), earliest <= passed {
            outcome.problems.append("run \(run): resumed behind the car (maneuver \(earliest), \(passed) passed): \(said)")
        }
        let lastHeard = heardBefore.compactMap(\.maneuver).max() ?? 0
        for m in route.maneuvers where m.announced && m.index > lastHeard + 1 && m.type != .depart {
            if !afterLog.contains(where: { $0.maneuver == m.index && $0.stage == .action }) {
                outcome.problems.append("run \(run): maneuver \(m.index) has no action cue nor a reason after the restart: \(said)")
            }
        }
        if (try? directoryOfState.read(GuidanceJournal.fileName, maxBytes: 1 << 20)) ?? nil != nil {
            outcome.problems.append("run \(run): the destination did not end the journal")
        }
        return outcome
    }

    func test_200PowerCuts_resumeFromTheJournal_atTheRightManeuver_neverRepeatingAStageHeardBefore() throws {
        let route = try BundledExample.route()
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        let epochs = NMEAFeeder.epochs(ofNMEA: text)
        try epochs.joined().write(to: tmp.appendingPathComponent("drive.nmea"), atomically: true, encoding: .utf8)
        // The English pack alone: each of the 400 processes then reads one pack, not all of them.
        let phrases = tmp.appendingPathComponent("phrases")
        try FileManager.default.createDirectory(at: phrases, withIntermediateDirectories: true)
        let packs = SharedData.repositoryRoot.appendingPathComponent("config/phrases")
        try FileManager.default.copyItem(at: packs.appendingPathComponent("en-US.json"), to: phrases.appendingPathComponent("en-US.json"))
        try FileManager.default.copyItem(at: packs.appendingPathComponent("abbreviations"), to: phrases.appendingPathComponent("abbreviations"))
        var random = SplitMix64(seed: 2812)
        let cuts = (0..<200).map { _ in random.nextUnit() * Double(epochs.count - 1) }
        // Two at a time (the machine's two cores).
        let outcomes = Outcomes(count: cuts.count)
        let directory = tmp!
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for run in stride(from: lane, to: cuts.count, by: 2) {
                do {
                    outcomes.set(run, try Self.cutAndResume(run, cut: cuts[run], epochs: epochs, route: route, in: directory))
                } catch {
                    outcomes.set(run, Outcome(problems: ["run \(run): \(error)"]))
                }
            }
        }
        let all = outcomes.all
        let repeated = all.flatMap(\.repeated)
        print("200 power cuts: \(all.filter(\.resumed).count) resumed, \(all.filter(\.afterTheDestination).count) after the destination; stages heard twice: \(repeated.count); stages due while down, skipped with their reason: \(all.map(\.lost).reduce(0, +))")
        XCTAssertEqual(all.flatMap(\.problems), [])
        XCTAssertEqual(repeated, [], "no stage heard before a cut is heard again")
        XCTAssertGreaterThan(all.filter(\.resumed).count, 150)
    }
}

/// What one cut and its restart showed.
private struct PowerCutOutcome: Sendable {
    var problems: [String] = []
    var repeated: [String] = []
    var lost = 0
    var resumed = false
    var afterTheDestination = false
}

/// The outcomes of the runs, filled from two threads.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [PowerCutOutcome?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ run: Int, _ value: PowerCutOutcome) {
        lock.lock()
        values[run] = value
        lock.unlock()
    }

    /// Every run's outcome (a run that never reported counts as a problem).
    var all: [PowerCutOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return values.enumerated().map { $0.element ?? PowerCutOutcome(problems: ["run \($0.offset): no outcome"]) }
    }
}
