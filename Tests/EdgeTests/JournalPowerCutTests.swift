import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The guidance journal through power cuts, on the wiring `routecue run` and `simulate` share (`DriveSimulator`: the
/// engine, `GuidanceAudio`, the queue, the audio service, the journal keeper, on a virtual clock): the example drive
/// cut at 200 seeded random instants and started again from its journal, the car driving on meanwhile.
final class JournalPowerCutTests: XCTestCase {
    private var tmp: URL!

    override func setUpWithError() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("routecue-powercut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
    }

    private func key(_ entry: CueLogEntry) -> String? {
        guard let m = entry.maneuver, let stage = entry.stage, entry.kind != .reroute else { return nil }
        return "\(m):\(stage.rawValue)"
    }

    func test_200PowerCuts_resumeFromTheJournal_atTheRightManeuver_neverRepeatingAStageHeardBefore() throws {
        let route = try BundledExample.route()
        let fixes = try BundledExample.drive()
        let simulator = try DriveSimulator(voice: "en-us")
        let options = SimulationOptions()
        let arrivals = FixDelivery.arrivals(of: fixes, options: options)
        let first = arrivals[0].received.seconds, last = arrivals[arrivals.count - 1].received.seconds
        var random = SplitMix64(seed: 2812)
        var repeated: [String] = [], lost = 0, resumed = 0, restartsWithoutJournal = 0, writes: [Int] = []
        let restartSeconds = 4.0
        for run in 0..<200 {
            let cut = first + random.nextUnit() * (last - first)
            let directory = StateDirectory(path: tmp.appendingPathComponent("run\(run)").path)
            try directory.create()
            let written = StatisticsBox()
            var engine = GuidanceEngine(route: route)
            let before = try simulator.run(engine: &engine, fixes: fixes, options: options, journal: SimulationJournal(
                directory: directory, source: "grid-trip.osrm.json", powerCutSeconds: cut, log: DaemonLog(level: .error),
                report: { statistics in written.value = statistics }))
            writes.append(written.value.writes)

            // The journal reads back whole: the old one or the new one, never a torn one.
            guard let stored = try StoredJournal.read(in: directory, importOptions: ImportOptions()) else {
                // Only the end of the route ends the journal.
                XCTAssertTrue(before.events.contains { $0.event == .arrived }, "run \(run): no journal at \(cut) s")
                restartsWithoutJournal += 1
                continue
            }
            XCTAssertEqual(stored.route, route, "run \(run)")
            let heardBefore = Set(before.log.filter { $0.event == .spoken }.compactMap(key))
            XCTAssertTrue(Set(stored.journal.progress.heard.compactMap { cue -> String? in
                if case let .stage(m, stage) = cue { return "\(m):\(stage.rawValue)" } else { return nil }
            }).isSubset(of: heardBefore), "run \(run): the journal holds only cues heard whole")

            // Started again `restartSeconds` later, the car having driven on.
            let restart = arrivals.firstIndex { $0.received.seconds >= cut + restartSeconds } ?? fixes.count
            let rest = Array(fixes[restart...])
            guard rest.count > 5 else { continue }
            var again = GuidanceEngine(route: stored.route)
            again.resume(from: stored.journal.progress, destination: stored.journal.destination)
            let after = try simulator.run(engine: &again, fixes: rest, options: options, journal: SimulationJournal(
                directory: directory, source: "grid-trip.osrm.json", resumed: stored.journal, log: DaemonLog(level: .error)))
            resumed += 1
            let heardAfter = after.log.filter { $0.event == .spoken }.compactMap(key)
            repeated += heardAfter.filter(heardBefore.contains).map { "run \(run) (cut at \(Int(cut - first)) s): \($0)" }
            lost += after.log.filter { $0.event == .skipped && $0.reason?.hasPrefix("moment passed") == true }.count
            // At the right maneuver: none behind the journal's last passed one, and every maneuver ahead gets its action.
            let spokenManeuvers = after.log.filter { $0.event == .spoken && $0.kind != .reroute }.compactMap(\.maneuver)
            if let passed = stored.journal.progress.passedManeuver, let earliest = spokenManeuvers.min() {
                XCTAssertGreaterThan(earliest, passed, "run \(run): resumed behind the car: \(after.log.map(\.text))")
            }
            let resumedAt = after.events.first { if case .acquired = $0.event { true } else { false } }
            if case .acquired(let along)? = resumedAt?.event {
                for m in route.maneuvers where m.announced && m.distanceAlong > along + 150 && m.type != .depart {
                    XCTAssertTrue(after.log.contains { $0.maneuver == m.index && $0.stage == .action },
                                  "run \(run): maneuver \(m.index) ahead of the resumed car gets its action cue or a reason")
                }
                XCTAssertEqual(after.log.filter { $0.event == .spoken && $0.text.hasPrefix("Continuing to") }.count, 1,
                               "run \(run): says once where it continues: \(after.log.map(\.text))")
            }
            XCTAssertNil(try directory.read(GuidanceJournal.fileName, maxBytes: 1 << 20), "run \(run): the destination ends the journal")
        }
        writes.sort()
        print("200 power cuts: \(resumed) resumed, \(restartsWithoutJournal) after the destination; stages heard twice: \(repeated.count); stages due while down, skipped with their reason: \(lost); journal writes before a cut p50 \(writes[writes.count / 2]), max \(writes.last ?? 0)")
        XCTAssertEqual(repeated, [], "no stage heard before a cut is heard again")
        XCTAssertGreaterThan(resumed, 150)
    }
}

/// What the journal of a replay wrote, handed over when the replay (which the test waits for) ends.
private final class StatisticsBox: @unchecked Sendable {
    var value = GuidanceJournalKeeper.Statistics()
}
