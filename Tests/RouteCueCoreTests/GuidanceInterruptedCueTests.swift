import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// A cue cut off by its device going away (`audioInterrupted`) is said again from its start while its words still
/// hold, else shortened or skipped with the reason; and `nextCueHeard` says ahead when the next planned cue is heard
/// (what the music's ramp down starts from).
final class GuidanceInterruptedCueTests: XCTestCase {
    func test_anInterruptedCue_isSaidAgainAtOnce_withWordsTrueForNow() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 3000, tail: 800)
        let arrivals = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var s = F.Stepper(GuidanceEngine(route: route))
        var interrupted: Cue?
        var at = MonotonicInstant.zero
        for fix in arrivals {
            s.send(.fix(fix), at: fix.received)
            if interrupted == nil, let cue = s.spoken.first(where: { $0.maneuver == 1 && $0.stage == .distance }) {
                // Into its words (the fix after the one it was spoken at) the hands-free device goes.
                XCTAssertLessThan(s.now, cue.audioEnd, "mid-cue")
                at = s.now
                s.send(.audioInterrupted(id: cue.id), at: s.now)
                s.advance(to: s.now.advanced(bySeconds: 0.1))
                interrupted = cue
            }
        }
        let cue = try XCTUnwrap(interrupted, "\(s.spoken.map(\.text))")
        let again = try XCTUnwrap(s.spoken.first { $0.id > cue.id && $0.maneuver == 1 && $0.stage == .distance },
                                  "said again: \(s.spoken.map(\.text))")
        XCTAssertEqual(again.trigger.seconds, at.seconds, accuracy: 0.01, "at once")
        XCTAssertEqual(again.text, cue.text, "its distance still holds, so the same words")
        XCTAssertTrue(s.spoken.contains { $0.maneuver == 1 && $0.stage == .action }, "the action cue still comes")
    }

    func test_anInterruptedActionCue_isSaidAgainOnlyWhileItStillEndsBeforeTheManeuver() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 2000, tail: 800)
        let arrivals = F.arriving(F.drive(route, speed: 20).fixes, latency: 0.3, jitter: 0)
        var s = F.Stepper(GuidanceEngine(route: route))
        var interrupted: Cue?
        for fix in arrivals {
            s.send(.fix(fix), at: fix.received)
            if interrupted == nil, let cue = s.spoken.first(where: { $0.maneuver == 1 && $0.stage == .action }), s.now < cue.audioEnd {
                s.send(.audioInterrupted(id: cue.id), at: s.now)
                s.advance(to: s.now.advanced(bySeconds: 0.1))
                interrupted = cue
            }
        }
        let cue = try XCTUnwrap(interrupted, "\(s.spoken.map(\.text))")
        let again = s.spoken.filter { $0.id > cue.id && $0.maneuver == 1 && $0.stage == .action }
        let skipped = s.logged.filter { $0.maneuver == 1 && $0.stage == .action && $0.event == .skipped }
        print("action cue interrupted: said again \(again.map { "\"\($0.text)\" \(Int($0.distanceAtStart ?? -1)) m before" }), skipped \(skipped.map { $0.reason ?? "" })")
        XCTAssertEqual(again.count + skipped.count, 1, "said again or skipped, once")
        let maneuverAt = route.maneuvers[1].distanceAlong
        for repeatCue in again {
            // Its last word at least action_lead_s before the maneuver, at the speed it was said at.
            let endRemaining = (repeatCue.distanceAtStart ?? 0) - repeatCue.speed * repeatCue.audioEnd.seconds(since: repeatCue.audioStart)
            XCTAssertGreaterThanOrEqual(endRemaining, repeatCue.speed * TimingOptions().actionLeadSeconds - 1,
                                        "it still ends before the maneuver at \(maneuverAt) m")
        }
    }

    func test_nextCueHeard_isWhenThePlannedCueIsHeard() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 3000, tail: 800)
        let arrivals = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var s = F.Stepper(GuidanceEngine(route: route))
        var predictions: [(at: MonotonicInstant, heard: MonotonicInstant)] = []
        for fix in arrivals {
            s.send(.fix(fix), at: fix.received)
            if let heard = s.engine.nextCueHeard { predictions.append((s.now, heard)) }
        }
        let distance = try XCTUnwrap(s.spoken.first { $0.maneuver == 1 && $0.stage == .distance })
        // Ten seconds before it, the engine already knew when its first word would be heard.
        let early = try XCTUnwrap(predictions.last { $0.at.seconds < distance.audioStart.seconds - 10 })
        XCTAssertEqual(early.heard.seconds, distance.audioStart.seconds, accuracy: 0.5,
                       "predicted \(early.heard.seconds) s at \(early.at.seconds) s, heard at \(distance.audioStart.seconds) s")
    }
}
