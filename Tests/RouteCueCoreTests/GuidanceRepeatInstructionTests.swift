import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// RepeatInstruction: the next maneuver's instruction at once, worded for the distance as it is now, without taking
/// the place of the maneuver's own stages.
final class GuidanceRepeatInstructionTests: XCTestCase {
    func test_theNextInstruction_isSaidAtOnce_withTodaysDistance_andTheStagesStillCome() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 4000, tail: 800)
        let arrivals = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var s = F.Stepper(GuidanceEngine(route: route))
        let asked = MonotonicInstant(seconds: 80.5)
        for fix in arrivals where fix.received < asked { s.send(.fix(fix), at: fix.received) }
        let before = s.spoken.count
        let along = s.engine.progress.estimate(at: asked).distanceAlong
        XCTAssertTrue(s.engine.canRepeatInstruction(at: asked))
        s.send(.repeatInstruction, at: asked)
        s.advance(to: asked.advanced(bySeconds: 0.5))
        let repeated = try XCTUnwrap(s.spoken.dropFirst(before).first, "spoken at once")
        XCTAssertEqual(repeated.trigger.seconds, asked.seconds, accuracy: 0.3)
        let remaining = route.maneuvers[1].distanceAlong - along
        let expected = SpokenDistances.spoken(forRemaining: remaining, in: .metric)!
        XCTAssertTrue(repeated.text.hasPrefix("In \(expected.value.formatted()) kilometers, turn right") ||
                      repeated.text.hasPrefix("In \(Int(expected.value)) kilometers, turn right"),
                      "\(repeated.text) for \(Int(remaining)) m to go")
        XCTAssertEqual(repeated.maneuver, 1)
        XCTAssertNil(repeated.stage, "it is no stage: the stages still come")
        for fix in arrivals where fix.received >= asked { s.send(.fix(fix), at: fix.received) }
        let stages = s.spoken.filter { $0.maneuver == 1 }.compactMap(\.stage)
        XCTAssertTrue(stages.contains(.action) && stages.contains(.distance), "\(s.spoken.map(\.text))")
    }

    func test_withoutBeingOnTheRoute_nothingIsSaid() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 2000)
        var s = F.Stepper(GuidanceEngine(route: route))
        XCTAssertFalse(s.engine.canRepeatInstruction(at: .zero))
        s.send(.repeatInstruction, at: MonotonicInstant(seconds: 1))
        s.advance(to: MonotonicInstant(seconds: 5))
        XCTAssertTrue(s.spoken.isEmpty)
    }

    func test_aForcedTimingProfile_isUsedForEveryManeuver() {
        var timing = TimingOptions()
        XCTAssertEqual(timing.profile(approachRoadClass: "motorway", speed: 30), .fastSpeed)
        timing.forcedProfile = .slowSpeed
        XCTAssertEqual(timing.profile(approachRoadClass: "motorway", speed: 30), .slowSpeed)
        XCTAssertEqual(timing.profile(approachRoadClass: nil, speed: 5), .slowSpeed)
    }
}
