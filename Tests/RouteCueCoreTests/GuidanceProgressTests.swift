import RouteCueCore
import TestSupport
import XCTest

/// Issue 3 "Progress": matching, fix age and prediction, outages, outliers, odd fix clocks, standing, off route,
/// legs and new routes, on synthetic routes driven with exact ground truth.
final class GuidanceProgressTests: XCTestCase {
    typealias F = GuidanceFixtures

    // MARK: Matching

    func test_positionOnAnOutAndBackStreet_isMatchedToThePassItsHeadingAgreesWith() throws {
        // East 500 m, U-turn, back west 500 m: every point of the street is on the route twice.
        let route = try F.makeRoute(turns: [.uTurn], spacing: 500)
        let p = GeoMath.destination(from: F.origin, bearing: 90, distance: 200)
        let window = 0...route.length
        let east = try XCTUnwrap(RouteMatcher.match(p, course: 90, on: route.geometry, window: window, expectedAlong: nil))
        let west = try XCTUnwrap(RouteMatcher.match(p, course: 270, on: route.geometry, window: window, expectedAlong: nil))
        XCTAssertEqual(east.distanceAlong, 200, accuracy: 1)
        XCTAssertEqual(west.distanceAlong, 800, accuracy: 1)
        XCTAssertLessThan(east.headingDifference ?? 180, 5)
        XCTAssertLessThan(west.headingDifference ?? 180, 5)
    }

    func test_noisyFixesAlongTurns_giveProgressWithinAFewMetresOfTheTruth() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 800)
        let drive = F.drive(route, speed: 15, noise: 3)
        var s = F.Stepper(GuidanceEngine(route: route))
        var errors: [Double] = []
        for fix in F.arriving(drive.fixes) {
            s.send(.fix(fix), at: fix.received)
            guard s.engine.progress.state == .onRoute else { continue }
            errors.append(abs(s.engine.progress.estimate(at: s.now).distanceAlong - drive.along(at: s.now)))
        }
        let p95 = try XCTUnwrap(CueTimingEvaluation.quantile(errors, 0.95))
        print("matched progress error p95 \(p95) m, max \(errors.max() ?? 0) m over \(errors.count) fixes")
        XCTAssertGreaterThan(errors.count, 100)
        XCTAssertLessThan(p95, 5)
        XCTAssertLessThan(errors.max() ?? .infinity, 10)
    }

    func test_aLoopThatCrossesAndRetracesItself_neverMakesProgressJumpAhead() throws {
        // 400 m east, then a square of 800 m sides back to the start, then east again over the first 400 m:
        // the start street is driven twice in the same direction, 3200 m apart.
        let route = try F.makeRoute(turns: [.right, .right, .right, .right], spacing: 800, lead: 400, tail: 1200)
        let drive = F.drive(route, speed: 14, noise: 3, seed: 21)
        var s = F.Stepper(GuidanceEngine(route: route))
        var previous = 0.0
        var worst = 0.0
        for fix in F.arriving(drive.fixes) {
            s.send(.fix(fix), at: fix.received)
            guard s.engine.progress.state == .onRoute else { continue }
            let along = s.engine.progress.estimate(at: s.now).distanceAlong
            let ahead = along - drive.along(at: s.now)
            worst = max(worst, ahead)
            XCTAssertLessThan(ahead, 15, "progress jumped ahead at \(s.now.seconds) s")
            XCTAssertGreaterThanOrEqual(along, previous - 0.01, "progress went backwards at \(s.now.seconds) s")
            previous = along
        }
        print("loop: the estimate was at most \(worst) m ahead of the truth")
        XCTAssertEqual(s.engine.progress.state, .arrived)
        XCTAssertEqual(s.spoken.filter { $0.stage == .action && $0.kind == .maneuver }.count, 4,
                       "each of the four corners gets its action cue, in turn")
    }

    // MARK: U-turn

    func test_drivingAgainstTheRouteForSeconds_goesOffRouteAndAsksForAReroute() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 1500)
        let drive = F.drive(route, duration: 40) { t, _ in F.Motion(speed: t < 20 ? 14 : -10) }
        let run = F.run(route, drive)
        let off = run.events.filter(\.isOffRoute)
        XCTAssertEqual(off.count, 1)
        let reasons = run.result.reroutes.map(\.request.reason)
        XCTAssertEqual(reasons.first, .wrongWay)
        let when = try XCTUnwrap(run.result.events.first { $0.event.isOffRoute }?.instant.seconds)
        print("U-turn at 30 s (monotonic), off route at \(when) s")
        XCTAssertGreaterThan(when, 30 + 3, "a U-turn needs a few seconds of driving against the route")
        XCTAssertLessThan(when, 30 + 8)
    }

    func test_aBriefOppositeHeading_isNotAUTurn() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 1500)
        var drive = F.drive(route, speed: 14)
        // Two fixes with the course flipped (a receiver glitch at low satellite count), position still moving on.
        for i in [30, 31] {
            drive.fixes[i] = F.changed(drive.fixes[i], course: GeoMath.normalizedBearing((drive.fixes[i].course ?? 90) + 180))
        }
        let run = F.run(route, drive)
        XCTAssertEqual(run.events.filter(\.isOffRoute).count, 0)
        XCTAssertTrue(run.result.reroutes.isEmpty)
        XCTAssertEqual(run.engine.progress.state, .arrived)
    }

    // MARK: Fix age and prediction

    func test_fixArrivingWithLatency_isExtrapolatedToItsArrival() throws {
        let route = try F.makeRoute(turns: [], spacing: 4000)
        let drive = F.drive(route, speed: 25)
        var s = F.Stepper(GuidanceEngine(route: route))
        var errors: [Double] = [], stale: [Double] = []
        for (i, fix) in F.arriving(drive.fixes, latency: 0.3, jitter: 0.1).enumerated() {
            s.send(.fix(fix), at: fix.received)
            guard i >= 10, s.engine.progress.state == .onRoute else { continue }
            let truth = drive.along(at: s.now)
            errors.append(abs(s.engine.progress.estimate(at: s.now).distanceAlong - truth))
            stale.append(truth - drive.along(at: drive.fixes[i].received))
        }
        let p95 = try XCTUnwrap(CueTimingEvaluation.quantile(errors, 0.95))
        let staleMean = stale.reduce(0, +) / Double(stale.count)
        print("estimate at fix arrival: p95 error \(p95) m (the fix itself is \(staleMean) m behind on average)")
        XCTAssertGreaterThan(staleMean, 6, "the fixture really delivers stale fixes")
        XCTAssertLessThan(p95, 2.5)
    }

    func test_betweenFixes_positionIsPredictedFromSpeedAndElapsedTime() throws {
        let route = try F.makeRoute(turns: [], spacing: 4000)
        // Speeding up from 10 to 25 m/s over 30 s, then steady.
        let drive = F.drive(route) { t, _ in F.Motion(speed: min(25, 10 + 0.5 * t)) }
        var s = F.Stepper(GuidanceEngine(route: route))
        var worst = 0.0
        let fixes = F.arriving(drive.fixes, latency: 0.3, jitter: 0)
        for (i, fix) in fixes.enumerated() {
            s.send(.fix(fix), at: fix.received)
            guard i >= 5, i + 1 < fixes.count else { continue }
            for fraction in [0.25, 0.5, 0.9] {
                let t = fix.received.advanced(bySeconds: fraction)
                let error = abs(s.engine.progress.estimate(at: t).distanceAlong - drive.along(at: t))
                worst = max(worst, error)
            }
        }
        print("between fixes: worst prediction error \(worst) m")
        // The budget for a heard distance is 3 m; prediction between fixes must stay inside it even while
        // the car keeps accelerating (the filter lags a little behind a sustained 0.5 m/s²).
        XCTAssertLessThan(worst, 3)
    }

    // MARK: Outage

    func test_a30sOutage_predictsMarkedUncertain_boundedThenFrozen_andResumesCleanly() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 3000, tail: 500)
        let full = F.drive(route, speed: 15)
        let drive = full.dropping(40.5...70.5)    // fixes measured at 41 … 70 s are lost
        var options = ProgressOptions()
        options.maxPredictionSeconds = 20
        var s = F.Stepper(GuidanceEngine(route: route, progress: options))
        var during: [(t: Double, estimate: ProgressEstimate)] = []
        for fix in F.arriving(drive.fixes, latency: 0.3, jitter: 0) {
            if fix.received.seconds > 71 {
                for t in stride(from: 41.0, through: 70.0, by: 1) {
                    let instant = MonotonicInstant(seconds: t + 0.3)
                    s.advance(to: instant)
                    during.append((t, s.engine.progress.estimate(at: instant)))
                }
            }
            s.send(.fix(fix), at: fix.received)
            if fix.received.seconds > 71, during.count > 0 { break }
        }
        // During the outage.
        XCTAssertEqual(s.events.filter(\.isGPSLost).count, 1)
        let early = try XCTUnwrap(during.first { $0.t == 50 })
        XCTAssertTrue(early.estimate.uncertain)
        XCTAssertFalse(early.estimate.frozen)
        XCTAssertEqual(early.estimate.distanceAlong, full.along(at: 50.3), accuracy: 3, "predicted at the last speed")
        let late = during.filter { $0.t >= 62 }
        XCTAssertTrue(late.allSatisfy { $0.estimate.frozen && $0.estimate.uncertain })
        let frozenAt = try XCTUnwrap(late.first?.estimate.distanceAlong)
        XCTAssertTrue(late.allSatisfy { abs($0.estimate.distanceAlong - frozenAt) < 0.01 }, "frozen, not predicted on")
        XCTAssertEqual(frozenAt, full.along(at: 40.0) + 15 * 20, accuracy: 5, "predicted for max_prediction_s, no more")
        XCTAssertTrue(late.allSatisfy { $0.estimate.timeToNextManeuver == nil })
        // Resuming.
        for fix in F.arriving(drive.fixes, latency: 0.3, jitter: 0) where fix.received.seconds > s.now.seconds {
            s.send(.fix(fix), at: fix.received)
            if fix.received.seconds > 75 { break }
        }
        let regained = s.events.compactMap { if case .gpsRegained(let after) = $0 { return after } else { return nil } }
        XCTAssertEqual(regained.count, 1)
        XCTAssertEqual(regained.first ?? 0, 31, accuracy: 1)
        let now = s.engine.progress.estimate(at: s.now)
        XCTAssertFalse(now.uncertain)
        XCTAssertFalse(now.frozen)
        XCTAssertEqual(now.distanceAlong, full.along(at: s.now), accuracy: 5, "back on the truth within a few fixes")
        XCTAssertEqual(s.engine.progress.state, .onRoute)
        XCTAssertFalse(s.events.contains(where: \.isOffRoute))
    }

    // MARK: Outliers

    func test_a300mJump_isRejected_butConsistentJumpedFixesAreBelieved() throws {
        let route = try F.makeRoute(turns: [], spacing: 5000)
        var drive = F.drive(route, duration: 80) { _, _ in F.Motion(speed: 15) }
        // One lone outlier 300 m to the side.
        let lone = 20
        let side = GeoMath.destination(from: drive.fixes[lone].position!, bearing: 0, distance: 300)
        drive.fixes[lone] = F.changed(drive.fixes[lone], position: side)
        // From fix 40 on, the receiver reports positions 300 m further along (a relocation it then keeps).
        for i in 40..<drive.fixes.count {
            let moved = route.geometry.coordinate(atDistance: drive.alongs[drive.times.firstIndex { $0 >= drive.fixes[i].received.seconds }!] + 300)
            drive.fixes[i] = F.changed(drive.fixes[i], position: moved)
        }
        var s = F.Stepper(GuidanceEngine(route: route))
        var believedAt: Int?
        for (i, fix) in F.arriving(drive.fixes).enumerated() {
            let rejectedBefore = s.events.filter(\.isRejected).count
            s.send(.fix(fix), at: fix.received)
            let along = s.engine.progress.estimate(at: s.now).distanceAlong
            let truth = drive.along(at: s.now)
            if i == lone {
                XCTAssertEqual(s.events.filter(\.isRejected).count, rejectedBefore + 1, "the lone outlier is rejected")
                XCTAssertEqual(along, truth, accuracy: 5)
            }
            if i == lone + 1 {
                XCTAssertEqual(s.events.filter(\.isRejected).count, rejectedBefore, "the good fix after it is used")
            }
            if i >= 40, believedAt == nil, abs(along - (truth + 300)) < 20 { believedAt = i }
        }
        print("jumped fixes from fix 40 believed at fix \(believedAt.map(String.init) ?? "never")")
        let at = try XCTUnwrap(believedAt)
        XCTAssertGreaterThanOrEqual(at, 41, "one jumped fix alone is not believed")
        XCTAssertLessThanOrEqual(at, 43, "three consistent ones are")
        XCTAssertFalse(s.events.contains(where: \.isOffRoute))
    }

    // MARK: Fix time

    func test_fixTimeGoingBackwards_keepsProgressAndCuePositions() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 2500, tail: 300, roadClass: "primary")
        let clean = F.drive(route, speed: 18)
        var drive = clean
        // The receiver's clock steps back an hour at fix 40, and two single fixes repeat an older time.
        for i in drive.fixes.indices {
            var t = drive.fixes[i].time!
            if i >= 40 { t -= 3600 }
            if i == 20 || i == 90 { t -= 2 }
            drive.fixes[i] = F.changed(drive.fixes[i], time: t)
        }
        let reference = F.run(route, clean)
        let run = F.run(route, drive)
        assertProgressAndCuesMatch(run, reference, drive: clean)
    }

    func test_fixTimeRunningTenTimesFasterThanTheClock_keepsProgressAndCuePositions() throws {
        // gpsfake -c 0.1 replays a 1 Hz recording at 10 Hz: here the monotonic clock is real time and fix time
        // runs 10× faster, fix speeds are the recording's (a tenth of the motion seen on the monotonic clock).
        let route = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300, roadClass: "primary")
        let clean = F.drive(route, speed: 18)
        let fast = F.drive(route, speed: 18, timeScale: 10)
        let reference = F.run(route, clean)
        let run = F.run(route, fast)
        XCTAssertEqual(run.engine.progress.clock.timeScale, 10, accuracy: 0.5)
        assertProgressAndCuesMatch(run, reference, drive: clean)
    }

    private func assertProgressAndCuesMatch(_ run: F.Run, _ reference: F.Run, drive: F.Drive,
                                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.engine.progress.state, .arrived, file: file, line: line)
        XCTAssertFalse(run.events.contains(where: \.isOffRoute), file: file, line: line)
        let key: (Cue) -> String = { "\($0.maneuver ?? -1)/\($0.stage?.rawValue ?? $0.kind.rawValue)" }
        XCTAssertEqual(run.spoken.map(key), reference.spoken.map(key), file: file, line: line)
        let route = run.engine.route
        for cue in run.spoken {
            guard let m = cue.maneuver, let stage = cue.stage, stage != .continue, cue.kind == .maneuver else { continue }
            let heard = route.maneuvers[m].distanceAlong - drive.along(at: cue.audioStart)
            let expected = reference.spoken.first { key($0) == key(cue) }
                .map { route.maneuvers[m].distanceAlong - drive.along(at: $0.audioStart) } ?? .nan
            XCTAssertEqual(heard, expected, accuracy: 5, "\(cue.text)", file: file, line: line)
            if stage != .action, let target = cue.target {
                XCTAssertEqual(heard, target, accuracy: 5, "\(cue.text) heard \(heard) m before", file: file, line: line)
            }
        }
    }

    // MARK: Standing

    func test_standingAtALightForAMinute_dividesByNothing_andTimeStagesWait() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 1500, tail: 300)
        // Stands 60 s at a light right at the start, then drives at 15 m/s.
        let drive = F.drive(route) { t, _ in F.Motion(speed: t < 60 ? 0 : 15) }
        var timing = TimingOptions()
        for profile in TimingProfile.allCases {
            timing.timings[.car]![profile] = StageTimings(range: nil, reminder: nil, distance: .seconds(20), action: .seconds(6))
        }
        var s = F.Stepper(GuidanceEngine(route: route, timing: timing))
        for fix in F.arriving(drive.fixes) {
            s.send(.fix(fix), at: fix.received)
            let e = s.engine.progress.estimate(at: s.now)
            for value: Double in [e.distanceAlong, e.speed, e.distanceToNextManeuver ?? 0, e.timeToNextManeuver ?? 0,
                          e.remainingLegTime ?? 0, e.remainingRouteTime ?? 0, e.remainingLegDistance] {
                XCTAssertTrue(value.isFinite, "non-finite progress value at \(s.now.seconds) s")
            }
            if fix.received.seconds < 69 {
                XCTAssertNil(e.timeToNextManeuver, "standing: no time to the maneuver")
            } else if fix.received.seconds > 75 {
                XCTAssertEqual(e.timeToNextManeuver ?? 0, (e.distanceToNextManeuver ?? 0) / 15, accuracy: 1)
            }
        }
        let turnCues = s.spoken.filter { $0.maneuver == 1 }
        XCTAssertTrue(turnCues.allSatisfy { $0.trigger.seconds > 70 }, "nothing about the turn while standing")
        let distance = try XCTUnwrap(turnCues.first { $0.stage == .distance })
        XCTAssertEqual(distance.target ?? 0, 300, accuracy: 0.5, "20 s × 15 m/s, placed once the car moved")
        XCTAssertEqual(route.maneuvers[1].distanceAlong - drive.along(at: distance.audioStart), 300, accuracy: 3)
        XCTAssertEqual(s.spoken.filter { $0.stage == .action && $0.maneuver == 1 }.count, 1)
    }

    // MARK: Off route

    func test_leavingTheCorridor_givesOneOffRoute_reroutesWithBackOff_noManeuverCues_andHysteresisBack() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 4000, tail: 600)
        // On route to ~500 m, veer left 150 m in 10 s, drive parallel for 200 s, come back in 15 s, go on.
        let drive = F.drive(route) { t, _ in
            switch t {
            case ..<35: return F.Motion(speed: 15)
            case ..<45: return F.Motion(speed: 10, lateral: -15 * (t - 35))
            case ..<245: return F.Motion(speed: 10, lateral: -150)
            case ..<260: return F.Motion(speed: 15, lateral: -150 + 10 * (t - 245))
            default: return F.Motion(speed: 15)
            }
        }
        let run = F.run(route, drive)
        let offRoute = run.result.events.filter { $0.event.isOffRoute }
        XCTAssertEqual(offRoute.count, 1)
        let off = try XCTUnwrap(offRoute.first?.instant.seconds)
        // The corridor is 25 m: left at 35 + 25/15 ≈ 36.7 s (measured), so off route no sooner than ~39.7 s + latency.
        XCTAssertGreaterThanOrEqual(off, 10 + 36.6 + 3)
        XCTAssertLessThan(off, 10 + 36.7 + 6)
        let times = run.result.reroutes.map(\.instant.seconds)
        let gaps = zip(times.dropFirst(), times).map { ($0 - $1).rounded() }
        print("off route at \(off) s, reroute requests at \(times), gaps \(gaps)")
        XCTAssertEqual(times.first ?? 0, off, accuracy: 0.001, "one request on going off route")
        XCTAssertEqual(Array(gaps.prefix(5)), [10, 20, 40, 60, 60])
        XCTAssertEqual(run.result.reroutes.map(\.request.attempt), Array(1...times.count))
        let back = try XCTUnwrap(run.result.events.first { $0.event.isBackOnRoute }?.instant.seconds)
        // Back inside 0.6 × 25 m with an agreeing heading only at the end of the return (t ≈ 260 s measured).
        XCTAssertGreaterThan(back, 10 + 259)
        XCTAssertLessThan(back, 10 + 264)
        XCTAssertTrue(times.allSatisfy { $0 < back })
        let during = run.spoken.filter { $0.audioStart.seconds > off && $0.audioStart.seconds < back }
        XCTAssertEqual(during.filter { $0.kind == .maneuver }.map(\.text), [], "no maneuver cues while off route")
        XCTAssertEqual(during.filter { $0.kind == .reroute }.count, 1, "recalculating, once")
        XCTAssertEqual(run.spoken(1, .action).count, 1, "guidance resumes for the turn")
        XCTAssertEqual(run.engine.progress.state, .arrived)
    }

    func test_backOnRoute_needsTwoAgreeingFixesWithin60PercentOfTheCorridor() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 3000, tail: 300)
        // Off route 150 m to the left, then 20 m to the left (inside the 25 m corridor, outside 0.6 × 25 = 15 m)
        // for 30 s, then one fix 5 m to the left between two at 20 m, then back on the road.
        let drive = F.drive(route) { t, _ in
            switch t {
            case ..<20: return F.Motion(speed: 15)
            case ..<30: return F.Motion(speed: 10, lateral: -15 * (t - 20))
            case ..<60: return F.Motion(speed: 10, lateral: -150)
            case ..<73: return F.Motion(speed: 10, lateral: -150 + 10 * (t - 60))
            case ..<103: return F.Motion(speed: 10, lateral: -20)
            case 104..<105: return F.Motion(speed: 10, lateral: -5)
            case ..<108: return F.Motion(speed: 10, lateral: -20)
            default: return F.Motion(speed: 10, lateral: -5)
            }
        }
        var steady = drive
        // From the return on, the receiver reports the road's course (the sideways steps are not manoeuvres).
        for i in steady.fixes.indices where steady.fixes[i].received.seconds >= 10 + 74 {
            steady.fixes[i] = F.changed(steady.fixes[i], course: 90)
        }
        let run = F.run(route, steady, latency: 0.3, jitter: 0)
        XCTAssertEqual(run.events.filter(\.isOffRoute).count, 1)
        let back = try XCTUnwrap(run.result.events.first { $0.event.isBackOnRoute }?.instant.seconds)
        print("back on route at \(back) s (monotonic; fixes 5 m from the road at 115 s, then from 119 s)")
        // Fixes are measured at whole seconds from 10 s and arrive 0.3 s later: 5 m from the road at 115 s alone,
        // then from 119 s on; the second of those (120 s) brings it back.
        XCTAssertGreaterThan(back, 10 + 109.5, "not on the lone fix near the road, nor while 20 m away")
        XCTAssertLessThan(back, 10 + 110.5, "the second agreeing fix brings it back")
        XCTAssertEqual(run.spoken(1, .action).count, 1)
    }

    func test_aMissedTurn_isRerouted_andTheNewRouteIsGuidedFromWhereTheCarIs() throws {
        // Planned: 1500 m east, then left. Driven: straight on past it, left only after 2300 m.
        let planned = try F.makeRoute(turns: [.left], spacing: 1500, tail: 1000, roadClass: "primary")
        let driven = try F.makeRoute(turns: [.left], spacing: 2300, tail: 1000, roadClass: "primary")
        let drive = F.drive(driven, speed: 15)
        var answers = 0
        let router: GuidanceSimulation.Router = { request, _ in
            guard let position = request.position else { return nil }
            answers += 1
            let along = GeoMath.distance(F.origin, position)
            return try? F.makeRoute(turns: [.left], spacing: 2300 - along, tail: 1000, roadClass: "primary", origin: position)
        }
        let run = F.run(planned, drive, router: router)
        XCTAssertEqual(run.events.filter(\.isOffRoute).count, 1)
        XCTAssertEqual(run.result.reroutes.count, 1, "the answer ends the off-route episode")
        XCTAssertEqual(answers, 1)
        XCTAssertEqual(run.spoken.filter { $0.kind == .reroute }.count, 1, "recalculating, once")
        let newTurn = run.spoken.filter { $0.routeGeneration == 1 && $0.maneuver == 1 }
        XCTAssertTrue(newTurn.contains { $0.stage == .action }, newTurn.map(\.text).joined(separator: " | "))
        for cue in newTurn where cue.stage == .distance || cue.stage == .range {
            let heard = 2300 - drive.along(at: cue.audioStart)
            XCTAssertEqual(heard, cue.target ?? 0, accuracy: 5, cue.text)
        }
        XCTAssertEqual(run.spoken.filter { $0.kind == .arrival }.count, 1)
        XCTAssertEqual(run.engine.progress.state, .arrived)
    }

    // MARK: Legs

    func test_anAnnouncedWaypoint_isAnnouncedOnArrival_andGuidanceMovesOn() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 1000, legEnds: [1500])
        XCTAssertEqual(route.legs.count, 2)
        let run = F.run(route, F.drive(route, speed: 14))
        XCTAssertEqual(run.events.compactMap(\.reachedLeg), [0])
        let waypointCues = run.spoken.filter { $0.kind == .waypoint }
        XCTAssertEqual(waypointCues.count, 1)
        let reached = try XCTUnwrap(run.result.events.first { $0.event.reachedLeg == 0 }?.instant)
        let cue = try XCTUnwrap(waypointCues.first)
        // The waypoint's own action cue: heard when the car is there, at most its action lead (6 s) ahead of it.
        let left = route.legs[0].distanceEnd - F.drive(route, speed: 14).along(at: cue.audioStart)
        XCTAssertLessThanOrEqual(left, 6 * 14 + 5, "spoken at the waypoint: \(cue.text)")
        XCTAssertGreaterThanOrEqual(left, -30, "spoken at the waypoint: \(cue.text)")
        XCTAssertLessThan(cue.audioStart.seconds - reached.seconds, 10)
        let right = try XCTUnwrap(route.maneuvers.first { $0.modifier == .right })
        XCTAssertEqual(right.leg, 1)
        XCTAssertEqual(run.spoken(right.index, .action).count, 1, "the next leg is guided without any command")
        XCTAssertEqual(run.spoken.filter { $0.kind == .arrival }.count, 1)
        XCTAssertEqual(run.engine.progress.state, .arrived)
    }

    func test_silentViaPointsOfATour_passSilently() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 1000, silentVia: [700, 1300, 2400], format: .tour)
        XCTAssertEqual(route.waypoints.filter { $0.role == .silentVia }.count, 3)
        let run = F.run(route, F.drive(route, speed: 14))
        XCTAssertEqual(run.spoken.filter { $0.kind == .waypoint }.count, 0)
        XCTAssertTrue(run.events.compactMap(\.reachedLeg).isEmpty)
        XCTAssertEqual(run.spoken.filter { $0.kind == .arrival }.count, 1)
        XCTAssertEqual(run.spoken(1, .action).count, 1)
        XCTAssertEqual(run.spoken(2, .action).count, 1)
    }

    func test_theDestination_isAnnouncedExactlyOnce_evenStandingThere() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 800)
        let drive = F.drive(route, start: 0, standAtEnd: 60) { _, along in F.Motion(speed: along < 1600 ? 12 : 0) }
        let run = F.run(route, drive)
        XCTAssertEqual(run.events.filter(\.isArrived).count, 1)
        let arrival = run.spoken.filter { $0.kind == .arrival }
        XCTAssertEqual(arrival.count, 1, arrival.map(\.text).joined(separator: " | "))
        XCTAssertTrue(arrival.first?.text.contains("arrived") ?? false)
    }

    func test_skipToNextDestination_advancesTheLeg_andAsksForARerouteToTheRest() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 1000, legEnds: [1500, 2500])
        XCTAssertEqual(route.legs.count, 3)
        let drive = F.drive(route, speed: 14)
        var s = F.Stepper(GuidanceEngine(route: route))
        for fix in F.arriving(drive.fixes) where fix.received.seconds < 70 { s.send(.fix(fix), at: fix.received) }
        XCTAssertEqual(s.engine.progress.leg, 0)
        s.send(.skipToNextDestination, at: s.now.advanced(bySeconds: 0.2))
        XCTAssertEqual(s.engine.progress.leg, 1)
        XCTAssertTrue(s.events.contains(.waypointSkipped(leg: 0)))
        let request = try XCTUnwrap(s.reroutes.last?.request)
        XCTAssertEqual(request.reason, .waypointSkipped)
        XCTAssertEqual(request.remainingWaypoints.map(\.name), ["Stop 2", "Home"])
        XCTAssertEqual(s.reroutes.count, 1)
    }

    // MARK: New route

    func test_aNewRouteWhileGuiding_doesNotRepeatACueAlreadySpokenForTheSameManeuver() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 1500, tail: 400, roadClass: "primary")
        let drive = F.drive(route, speed: 15)
        var s = F.Stepper(GuidanceEngine(route: route))
        let fixes = F.arriving(drive.fixes)
        var i = 0
        while i < fixes.count, drive.along(at: fixes[i].received) < 1250 { s.send(.fix(fixes[i]), at: fixes[i].received); i += 1 }
        let before = s.spoken.filter { $0.maneuver == 1 }.compactMap(\.stage)
        XCTAssertEqual(before, [.range, .distance], "both approach stages spoken before the new route")
        // The routing side answers with a route from here: the same turn 2 m away (a different geometry snap).
        let here = route.geometry.coordinate(atDistance: 1200)
        let newRoute = try F.makeRoute(turns: [.left], spacing: 302, tail: 400, roadClass: "primary", origin: here)
        XCTAssertLessThan(GeoMath.distance(newRoute.maneuvers[1].location, route.maneuvers[1].location), 30)
        s.send(.newRoute(newRoute), at: s.now.advanced(bySeconds: 0.1))
        let mark = s.spoken.count
        while i < fixes.count { s.send(.fix(fixes[i]), at: fixes[i].received); i += 1 }
        s.advance(to: s.now.advanced(bySeconds: 30))
        let after = s.spoken[mark...].filter { $0.maneuver == 1 && $0.routeGeneration == 1 }
        XCTAssertEqual(after.compactMap(\.stage), [.action], "only the later stage: \(after.map(\.text))")
        XCTAssertTrue(s.logged.contains { $0.route == 1 && $0.maneuver == 1 && ($0.reason ?? "").contains("already spoken") })
    }
}
