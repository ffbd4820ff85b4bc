import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// New options for a running engine (the daemon's SIGHUP reload) keep the route, the progress and what was said;
/// and a later stage spoken first (at high speed) leaves no earlier stage to count back up.
final class GuidanceReconfigureTests: XCTestCase {
    func test_unitsChangedMidRoute_theNextCueSpeaksTheNewUnits_nothingRepeated_progressKept() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 3000, tail: 500)
        let drive = F.drive(route, speed: 20)
        var s = F.Stepper(GuidanceEngine(route: route))
        let arrivals = F.arriving(drive.fixes, latency: 0.3, jitter: 0)
        // Up to just after the first turn: its cues are said in metres.
        let split = try XCTUnwrap(arrivals.firstIndex { drive.along(at: $0.received) > 3100 })
        for fix in arrivals[..<split] { s.send(.fix(fix), at: fix.received) }
        let before = s.spoken
        XCTAssertTrue(before.contains { $0.maneuver == 1 && $0.text.contains("meters") }, "\(before.map(\.text))")
        let now = arrivals[split - 1].received.advanced(bySeconds: 0.1)
        s.advance(to: now)
        let along = s.engine.progress.estimate(at: now).distanceAlong

        var imperial = TimingOptions()
        imperial.units = .imperialUS
        let actions = s.engine.reconfigure(timing: imperial, progress: ProgressOptions(), wording: .plainEnglish, at: now)
        XCTAssertEqual(s.engine.progress.estimate(at: now).distanceAlong, along, accuracy: 0.001, "progress is kept")
        XCTAssertFalse(actions.contains { if case .speak = $0 { return true } else { return false } },
                       "nothing is said again on reconfiguring")
        for fix in arrivals[split...] { s.send(.fix(fix), at: fix.received) }
        let after = s.spoken.dropFirst(before.count)
        let secondTurn = after.filter { $0.maneuver == 2 && $0.stage != .action }
        XCTAssertFalse(secondTurn.isEmpty)
        for cue in secondTurn {
            XCTAssertTrue(cue.text.contains("mile") || cue.text.contains("feet"), "\"\(cue.text)\" is in imperial units")
        }
        let keys = s.spoken.map { "\($0.maneuver ?? -1) \($0.stage?.rawValue ?? $0.kind.rawValue)" }
        XCTAssertEqual(keys.count, Set(keys).count, "no cue spoken twice: \(keys)")
        XCTAssertEqual(Set(s.spoken.map(\.id)).count, s.spoken.count, "sequence numbers go on")
    }

    func test_anActionCueHeardBeforeTheDistanceStage_leavesNoDistanceCueAfterIt() throws {
        // The turn is planned while the car crawls at 5 m/s (a 10 s action lead is 50 m then, after the 300 m distance
        // stage); it then speeds up to 40 m/s, where the action starts 400 m before the turn, ahead of the distance.
        var timing = TimingOptions()
        for profile in TimingProfile.allCases {
            timing.timings[.car]![profile][.action] = .seconds(10)
            timing.timings[.car]![profile][.distance] = .metres(300)
        }
        let route = try F.makeRoute(turns: [.left], spacing: 2000, tail: 500)
        let drive = F.drive(route) { _, along in F.Motion(speed: along < 1500 ? 5 : 40) }
        let run = F.run(route, drive, timing: timing)
        let stages = run.spoken.filter { $0.maneuver == 1 }.compactMap(\.stage)
        XCTAssertEqual(stages.last, .action, "\(run.spoken.map(\.text))")
        XCTAssertFalse(run.spoken(1, .distance).contains { cue in run.spoken(1, .action).contains { $0.id < cue.id } })
        let skipped = try XCTUnwrap(run.skipped(1, .distance).first)
        XCTAssertEqual(skipped.reason, "the action stage was spoken first")
    }
}
