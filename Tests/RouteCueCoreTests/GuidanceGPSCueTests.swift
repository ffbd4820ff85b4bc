import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// "GPS signal lost" after 10 s without a fix while guiding, once per outage, and "GPS signal regained" when fixes
/// come back after it was said; both from the engine's own timers, both switchable, neither displacing a maneuver cue.
final class GuidanceGPSCueTests: XCTestCase {
    private static let lost = "GPS signal lost"
    private static let regained = "GPS signal regained"

    /// A long straight road with a turn far ahead, driven at 15 m/s; fixes measured in `outages` are lost.
    private func run(outages: [ClosedRange<Double>], timing: TimingOptions = TimingOptions(), speed: Double = 15) throws -> F.Run {
        let route = try F.makeRoute(turns: [.left], spacing: 4000, tail: 800)
        var drive = F.drive(route, speed: speed)
        for window in outages { drive = drive.dropping(window) }
        return F.run(route, drive, timing: timing, latency: 0.3, jitter: 0)
    }

    private func spoken(_ run: F.Run, _ text: String) -> [Cue] { run.spoken.filter { $0.text == text } }

    func test_lostCue_isSpokenOnce_10sAfterTheLastFix_andRegainedOnceAfterTheReturn() throws {
        let run = try run(outages: [40.5...52.5])
        let lost = spoken(run, Self.lost), regained = spoken(run, Self.regained)
        XCTAssertEqual(lost.count, 1, "\(run.spoken.map(\.text))")
        XCTAssertEqual(regained.count, 1)
        // The last fix was measured at 40 s and arrived 0.3 s later; the cue is due 10 s after its arrival.
        XCTAssertEqual(try XCTUnwrap(lost.first).trigger.seconds, 50.3, accuracy: 0.05)
        // Fixes return with the one measured at 53 s (arriving at 53.3 s): the regained cue follows at once.
        XCTAssertEqual(try XCTUnwrap(regained.first).trigger.seconds, 53.3, accuracy: 0.5)
        XCTAssertEqual(lost.first?.kind, .reroute)
    }

    func test_anOutageShorterThanTheDelay_saysNothing() throws {
        let run = try run(outages: [40.5...48.5])
        XCTAssertTrue(spoken(run, Self.lost).isEmpty)
        XCTAssertTrue(spoken(run, Self.regained).isEmpty)
        let outage = try XCTUnwrap(run.result.events.first { $0.event.isGPSLost }, "progress still saw the outage")
        XCTAssertEqual(outage.instant.seconds, 42.8, accuracy: 0.1, "2.5 s after the last fix arrived at 40.3 s")
    }

    func test_switchedOff_neitherIsSpoken_andTheDelayIsConfigurable() throws {
        var quiet = TimingOptions()
        quiet.gpsCues.announceLost = false
        let silent = try run(outages: [40.5...60.5], timing: quiet)
        XCTAssertTrue(spoken(silent, Self.lost).isEmpty)
        XCTAssertTrue(spoken(silent, Self.regained).isEmpty, "no regained without a lost")

        var noRegained = TimingOptions()
        noRegained.gpsCues.announceRegained = false
        noRegained.gpsCues.lostAnnounceSeconds = 5
        let early = try run(outages: [40.5...50.5], timing: noRegained)
        XCTAssertEqual(try XCTUnwrap(spoken(early, Self.lost).first).trigger.seconds, 45.3, accuracy: 0.05)
        XCTAssertTrue(spoken(early, Self.regained).isEmpty)
    }

    func test_twoOutages_getAPairEach() throws {
        let run = try run(outages: [40.5...55.5, 100.5...115.5])
        XCTAssertEqual(spoken(run, Self.lost).count, 2)
        XCTAssertEqual(spoken(run, Self.regained).count, 2)
        XCTAssertEqual(run.spoken.filter { $0.text == Self.lost || $0.text == Self.regained }.map(\.text),
                       [Self.lost, Self.regained, Self.lost, Self.regained])
    }

    func test_beforeTheCarIsOnTheRoute_nothingIsSaid() throws {
        // The first fixes (from 10 s) are lost until 25 s: the engine never placed the car, it is not guiding.
        let run = try run(outages: [9.5...25.5])
        XCTAssertTrue(spoken(run, Self.lost).isEmpty)
    }

    func test_afterArrival_nothingIsSaid() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 600, tail: 300)
        let drive = F.drive(route, standAtEnd: 40) { _, _ in F.Motion(speed: 12) }
        let arrivedAt = try XCTUnwrap(F.run(route, drive).result.events.first { $0.event.isArrived }?.instant.seconds)
        let run = F.run(route, drive.dropping((arrivedAt + 2)...(arrivedAt + 30)))
        XCTAssertTrue(spoken(run, Self.lost).isEmpty, "\(run.spoken.map(\.text))")
    }

    func test_anActionCueDueInTheOutage_isNotDisplacedByTheLostCue() throws {
        // The turn at 4000 m is reached at about 277 s at 15 m/s: the outage covers the approach, and 10 s into it
        // the action cue's moment is near. The action is still spoken (predicted through the outage).
        let run = try run(outages: [262.5...290.5])
        let action = run.spoken(1, .action)
        XCTAssertEqual(action.count, 1, "\(run.result.log.map { "\($0.event) \($0.text) \($0.reason ?? "")" })")
        let lost = try XCTUnwrap(run.result.log.first { $0.text == Self.lost })
        XCTAssertEqual(lost.event, .spoken, "the lost cue gives way and follows: \(lost.reason ?? "")")
        let start = try XCTUnwrap(lost.audioStart), end = try XCTUnwrap(lost.audioEnd), a = try XCTUnwrap(action.first)
        XCTAssertTrue(end <= a.audioStart || start >= a.audioEnd, "the lost cue does not overlap the action cue")
    }

    func test_aNewRouteDuringTheOutage_neitherRepeatsLostNorLosesRegained() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 4000, tail: 800)
        let drive = F.drive(route, speed: 15).dropping(40.5...60.5)
        var s = F.Stepper(GuidanceEngine(route: route))
        for fix in F.arriving(drive.fixes, latency: 0.3, jitter: 0) {
            s.send(.fix(fix), at: fix.received)
            if fix.received.seconds > 40, fix.received.seconds < 41 {
                // 12 s into the outage, after "lost": a new route (a reroute's answer) arrives.
                s.send(.newRoute(route), at: MonotonicInstant(seconds: 52.5))
            }
        }
        let texts = s.spoken.map(\.text)
        XCTAssertEqual(texts.filter { $0 == Self.lost }.count, 1, "\(texts)")
        XCTAssertEqual(texts.filter { $0 == Self.regained }.count, 1, "\(texts)")
    }
}
