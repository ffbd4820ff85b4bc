import RouteCueCore
import TestSupport
import XCTest

private typealias F = GuidanceFixtures

/// The departure cue is due the moment the route is acquired, so nothing could plan it ahead: it waits the car
/// audio's preparation time (`GuidanceInput.audioPreparation`, the music ducking down), announced as the next cue
/// from the instant it is due, and is heard exactly that much later; without preparation it starts at once.
final class GuidanceDepartureTests: XCTestCase {
    private struct Departure {
        var acquired: MonotonicInstant
        var plannedAtAcquisition: MonotonicInstant?
        var spokenAtAcquisition: Bool
        var cue: Cue
    }

    /// The departure is the depart maneuver's `continue` ("Follow the route on Start Street").
    private static func isDeparture(_ cue: Cue) -> Bool { cue.maneuver == 0 && cue.stage == .continue }

    private func depart(preparation: Double?) throws -> Departure {
        let route = try F.makeRoute(turns: [.right], spacing: 1500, tail: 300)
        var s = F.Stepper(GuidanceEngine(route: route))
        if let preparation { s.send(.audioPreparation(seconds: preparation), at: MonotonicInstant(seconds: 1)) }
        var acquired: (at: MonotonicInstant, planned: MonotonicInstant?, spoken: Bool)?
        for fix in F.arriving(F.drive(route, speed: 12).fixes, latency: 0.3, jitter: 0).prefix(30) {
            s.send(.fix(fix), at: fix.received)
            if acquired == nil, s.engine.progress.state == .onRoute {
                acquired = (fix.received, s.engine.nextCueHeard, s.spoken.contains(where: Self.isDeparture))
            }
        }
        let at = try XCTUnwrap(acquired, "the route is acquired")
        let cue = try XCTUnwrap(s.spoken.first(where: Self.isDeparture), "the departure is spoken: \(s.spoken.map(\.text))")
        return Departure(acquired: at.at, plannedAtAcquisition: at.planned, spokenAtAcquisition: at.spoken, cue: cue)
    }

    func test_withPreparation_theDepartureIsAnnouncedAtOnce_andHeardThatMuchLater() throws {
        let d = try depart(preparation: 0.8)
        XCTAssertFalse(d.spokenAtAcquisition, "it waits for the music")
        let planned = try XCTUnwrap(d.plannedAtAcquisition, "the next cue is known the moment it is due")
        XCTAssertEqual(planned.seconds - d.acquired.seconds, 0.8, accuracy: 1e-6)
        XCTAssertEqual(d.cue.audioStart.seconds, planned.seconds, accuracy: 1e-6, "heard when it was announced")
        XCTAssertEqual(d.cue.trigger.seconds - d.acquired.seconds, 0.8 - AudioRouteTiming().leadIn, accuracy: 1e-6)
    }

    func test_withoutPreparation_theDepartureStartsAtOnce() throws {
        for preparation in [nil, 0.0] {
            let d = try depart(preparation: preparation)
            XCTAssertTrue(d.spokenAtAcquisition, "preparation \(String(describing: preparation))")
            XCTAssertEqual(d.cue.trigger.seconds, d.acquired.seconds, accuracy: 1e-9)
        }
    }
}
