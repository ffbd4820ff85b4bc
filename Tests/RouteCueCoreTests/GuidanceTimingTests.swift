import RouteCueCore
import TestSupport
import XCTest

/// Issue 3 "Timing": where each stage is heard, per unit system, trigger kind, mode and profile; the action
/// lead with audio latency and pre-roll; fallbacks, overlaps, chaining, `continue`, warnings, natural guidance
/// and the route's own announcements. Durations are the engine's deterministic estimates (no synthesis).
final class GuidanceTimingTests: XCTestCase {
    typealias F = GuidanceFixtures

    /// Metres from where `cue` was first heard to the point its distance refers to, in truth.
    private func heardBefore(_ cue: Cue, _ route: Route, _ drive: F.Drive, at reference: Double? = nil) -> Double {
        (reference ?? route.maneuvers[cue.maneuver!].distanceAlong) - drive.along(at: cue.audioStart)
    }

    /// Monotonic seconds at which the truth first reaches `along`.
    private func passing(_ along: Double, _ drive: F.Drive) -> Double {
        let i = drive.alongs.firstIndex { $0 >= along } ?? drive.alongs.count - 1
        return drive.times[i]
    }

    // MARK: Spoken distances

    func test_in1Kilometer_isHeardAt1000m_andEverySpokenDistanceIsTrueWhenHeard_inAllUnitSystems() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300, roadClass: "primary")
        let drive = F.drive(route, speed: 20, noise: 3)
        for units in UnitSystem.allCases {
            var timing = TimingOptions()
            timing.units = units
            let run = F.run(route, drive, timing: timing)
            let distanceCues = run.spoken.filter { $0.maneuver == 1 && [.range, .reminder, .distance].contains($0.stage) }
            XCTAssertEqual(distanceCues.count, 2, "\(units): \(distanceCues.map(\.text))")
            for cue in distanceCues {
                let heard = heardBefore(cue, route, drive)
                let target = try XCTUnwrap(cue.target)
                print("\(units): \"\(cue.text)\" heard \(heard) m before the turn (target \(target) m)")
                XCTAssertEqual(heard, target, accuracy: 3, "\(units): \(cue.text)")
                let truthful = try XCTUnwrap(SpokenDistances.spoken(forRemaining: heard, in: units))
                XCTAssertEqual(truthful.metres, target, accuracy: 0.01, "\(units): \(cue.text) is not what \(heard) m is called")
            }
            if units == .metric {
                let range = try XCTUnwrap(run.spoken(1, .range).first)
                XCTAssertTrue(range.text.hasPrefix("In 1 kilometer"), range.text)
                XCTAssertEqual(heardBefore(range, route, drive), 1000, accuracy: 3, "not at 1300 m")
            }
        }
    }

    // MARK: Triggers in metres and seconds

    func test_stagesInSeconds_targetSecondsTimesSpeed_andStagesInMetresTheirDistance() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300, roadClass: "primary")
        let drive = F.drive(route, speed: 20)
        var timing = TimingOptions()
        timing.timings[.car]!.regularSpeed = StageTimings(range: .metres(1000), reminder: nil, distance: .seconds(15),
                                                          action: .seconds(6))
        let run = F.run(route, drive, timing: timing)
        let range = try XCTUnwrap(run.spoken(1, .range).first)
        XCTAssertEqual(range.target ?? 0, 1000, accuracy: 0.01)
        let distance = try XCTUnwrap(run.spoken(1, .distance).first)
        XCTAssertEqual(distance.target ?? 0, 15 * 20, accuracy: 0.01, "15 s × 20 m/s")
        XCTAssertEqual(heardBefore(distance, route, drive), 300, accuracy: 3)
        let action = try XCTUnwrap(run.spoken(1, .action).first)
        XCTAssertEqual(action.target ?? 0, 6 * 20, accuracy: 1, "6 s × 20 m/s")
        XCTAssertEqual(heardBefore(action, route, drive), 120, accuracy: 3)
    }

    // MARK: Modes and profiles

    func test_aTruckHearsItsStagesEarlierThanACar() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300, roadClass: "primary")
        let drive = F.drive(route, speed: 20)
        var heard: [TransportMode: [CueStage: Double]] = [:]
        for mode in [TransportMode.car, .truck] {
            var timing = TimingOptions()
            timing.mode = mode
            let run = F.run(route, drive, timing: timing)
            for cue in run.spoken where cue.maneuver == 1 { heard[mode, default: [:]][cue.stage!] = heardBefore(cue, route, drive) }
        }
        print("heard before the turn: car \(heard[.car]!), truck \(heard[.truck]!)")
        for stage in [CueStage.range, .distance, .action] {
            let car = try XCTUnwrap(heard[.car]?[stage]), truck = try XCTUnwrap(heard[.truck]?[stage])
            XCTAssertGreaterThan(truck, car + 20, "\(stage)")
        }
    }

    func test_profileFromApproachRoadClass_elseFromSpeed() throws {
        let drive: (Route) -> F.Drive = { F.drive($0, speed: 15) }
        // 15 m/s on a motorway: the fast row (range 2 km, reminder 1 km, distance 500 m).
        let motorway = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300, roadClass: "motorway")
        let fast = F.run(motorway, drive(motorway))
        XCTAssertEqual(fast.spoken.filter { $0.maneuver == 1 }.compactMap(\.stage), [.range, .reminder, .distance, .action])
        XCTAssertEqual(fast.spoken(1, .range).first?.target, 2000)
        // No road class: 15 m/s is the regular row (1 km, 400 m).
        let unknown = try F.makeRoute(turns: [.left], spacing: 3000, tail: 300)
        let regular = F.run(unknown, drive(unknown))
        XCTAssertEqual(regular.spoken.filter { $0.maneuver == 1 }.compactMap(\.stage), [.range, .distance, .action])
        XCTAssertEqual(regular.spoken(1, .range).first?.target, 1000)
        XCTAssertEqual(regular.spoken(1, .distance).first?.target, 400)
    }

    func test_profileIsFixedOncePerManeuver_evenWhenTheSpeedChangesALot() throws {
        // No road class; the turn becomes next at 28 m/s (fast row), then the car slows to 10 m/s (slow row speeds).
        let route = try F.makeRoute(turns: [.left], spacing: 3500, tail: 300)
        let drive = F.drive(route) { _, along in F.Motion(speed: along < 1400 ? 28 : 10) }
        let run = F.run(route, drive)
        let stages = run.spoken.filter { $0.maneuver == 1 }
        XCTAssertEqual(stages.compactMap(\.stage), [.range, .reminder, .distance, .action], stages.map(\.text).joined(separator: " | "))
        XCTAssertEqual(run.spoken(1, .reminder).first?.target, 1000, "the fast row's reminder, at slow speed")
        XCTAssertEqual(run.spoken(1, .distance).first?.target, 500, "the fast row's 500 m, not the slow row's 200 m")
        for cue in stages where cue.stage != .action {
            XCTAssertEqual(heardBefore(cue, route, drive), cue.target ?? 0, accuracy: 3, cue.text)
        }
    }

    func test_includedStagesList_isHonoured() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 3000, tail: 300, roadClass: "motorway")
        var timing = TimingOptions()
        timing.includedStages = [.distance, .action]
        let run = F.run(route, F.drive(route, speed: 25), timing: timing)
        // (The departure, "Head east…", is switched by `announceDeparture`, not by the stage list.)
        let stages = Set(run.result.log.filter { ($0.maneuver ?? 0) >= 1 }.compactMap(\.stage))
        XCTAssertEqual(stages, [.distance, .action], "left-out stages are neither spoken nor logged")
        XCTAssertEqual(run.spoken(1, .distance).count, 1)
        XCTAssertEqual(run.spoken(2, .action).count, 1)
    }

    // MARK: Action lead

    func test_actionCueEndsAtLeastTheLeadBeforeTheManeuver_withOutputLatencyAndPreRoll() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 2500, tail: 300)
        let audio = AudioRouteTiming(outputLatency: 0.25, preRoll: 0.5)
        // The shipped rows, and rows whose action trigger is as late as can be (1 m): then only the lead places it.
        var latest = TimingOptions()
        for profile in TimingProfile.allCases { latest.timings[.car]![profile].action = .metres(1) }
        for (name, timing) in [("default", TimingOptions()), ("latest", latest)] {
        for kmh in [30.0, 50, 90, 130] {
            let speed = kmh / 3.6
            let drive = F.drive(route, speed: speed, noise: 3, seed: UInt64(kmh))
            let run = F.run(route, drive, timing: timing, audio: audio)
            for m in [1, 2] {
                let action = try XCTUnwrap(run.spoken(m, .action).first, "\(name) \(kmh) km/h: maneuver \(m) has its action; log: \(run.result.log.filter { $0.maneuver == m }.map { "\($0.event) \($0.stage?.rawValue ?? "") \($0.text) \($0.distance ?? -1) \($0.reason ?? "")" })")
                XCTAssertEqual(action.audioStart.seconds - action.trigger.seconds, 0.75, accuracy: 1e-6, "latency + pre-roll")
                let passed = passing(route.maneuvers[m].distanceAlong, drive)
                let margin = passed - action.audioEnd.seconds
                print("\(name) rows, \(Int(kmh)) km/h, maneuver \(m): \"\(action.text)\" ends \(margin) s before it")
                // 3 m of position noise at the speed allows a little slack; never less than the lead otherwise.
                XCTAssertGreaterThanOrEqual(margin, 1.0 - 3 / speed, "\(name) \(kmh) km/h: the action ends the lead before the turn")
                XCTAssertLessThan(margin, name == "latest" ? 1.6 : 12, "\(name) \(kmh) km/h: not needlessly early")
            }
        }
        }
    }

    // MARK: Fallbacks

    func test_aLongTextFallsBackToItsShortForm_elseIsSkippedWithAReason() throws {
        // A 120-character road name: "In 400 meters, turn left onto …" would run into the action cue, the short
        // "In 400 meters, turn left" does not.
        let long = String(repeating: "Very Long Boulevard of the Unending Name ", count: 3)
        // Turn 1 has a long road name; turn 2 follows 30 m after turn 1 (no time for its own action cue).
        let route = try F.makeRoute(turns: [.left, .right], spacing: 30, lead: 3000, tail: 300, roadClass: "primary") { m in
            if m.modifier == .left { m.roadName = long }
        }
        let run = F.run(route, F.drive(route, speed: 20))
        let distance = try XCTUnwrap(run.spoken(1, .distance).first, "\(run.result.log.map { "\($0.event) \($0.maneuver ?? -1) \($0.stage?.rawValue ?? "") \($0.text.prefix(60)) \($0.distance ?? -1) \($0.reason ?? "")" })")
        XCTAssertTrue(distance.short, distance.text)
        XCTAssertFalse(distance.text.contains("Boulevard"), distance.text)
        let entry = try XCTUnwrap(run.result.log.first { $0.event == .spoken && $0.maneuver == 1 && $0.stage == .distance })
        XCTAssertEqual(entry.reason, "short form: the full one would not fit")
        let skipped = run.skipped(2, .action)
        XCTAssertEqual(run.spoken(2, .action).count, 0)
        XCTAssertEqual(skipped.count, 1)
        print("turn 2 action: \(skipped.first?.reason ?? "-")")
        XCTAssertFalse((skipped.first?.reason ?? "").isEmpty)
    }

    // MARK: Overlap and lateness

    func test_aBusyRoute_neverOverlapsCues_andNothingIsHeardAfterItsManeuver() throws {
        let route = try F.makeRoute(turns: [.left, .right, .slightLeft, .right, .left, .sharpRight, .right], spacing: 450,
                                    lead: 2500, tail: 500, warnings: [("speed_camera", 1800), ("speed_camera", 3300)])
        // Fast on the approach, braking before each turn, speeding up after.
        let drive = F.drive(route, noise: 3, seed: 5) { _, along in
            let corners = route.maneuvers.filter { $0.type == .turn }.map(\.distanceAlong)
            let toNext = corners.first { $0 > along }.map { $0 - along } ?? 1000
            let sinceLast = corners.last { $0 <= along }.map { along - $0 } ?? 1000
            return F.Motion(speed: min(25, 8 + 0.08 * toNext, 8 + 0.1 * sinceLast))
        }
        let run = F.run(route, drive)
        XCTAssertGreaterThan(run.spoken.count, 15)
        for (a, b) in zip(run.spoken, run.spoken.dropFirst()) {
            XCTAssertLessThanOrEqual(a.audioEnd, b.audioStart, "\"\(a.text)\" overlaps \"\(b.text)\"")
        }
        for cue in run.spoken where cue.kind == .maneuver && cue.stage != .continue {
            let m = try XCTUnwrap(cue.maneuver)
            guard route.maneuvers[m].type != .depart else { continue }
            XCTAssertLessThan(cue.audioEnd.seconds, passing(route.maneuvers[m].distanceAlong, drive), "\"\(cue.text)\" after its maneuver")
        }
        for m in route.maneuvers where m.type == .turn {
            let action = run.spoken(m.index, .action).count + run.skipped(m.index, .action).count
            XCTAssertEqual(action, 1, "maneuver \(m.index): an action cue or a logged reason")
        }
        XCTAssertTrue(run.result.log.filter { $0.event == .cancelled }.isEmpty)
    }

    // MARK: Chaining

    func test_aManeuver100mAfterAnother_isChainedIntoItsDistanceAndActionCues() throws {
        let route = try F.makeRoute(turns: [.left, .right], spacing: 100, lead: 3000, tail: 500, roadClass: "motorway")
        let run = F.run(route, F.drive(route, speed: 25))
        let distance = try XCTUnwrap(run.spoken(1, .distance).first)
        let action = try XCTUnwrap(run.spoken(1, .action).first)
        XCTAssertTrue(distance.text.contains(", then turn right"), distance.text)
        XCTAssertTrue(action.text.contains(", then turn right"), action.text)
        XCTAssertFalse(run.spoken(1, .range).first?.text.contains("then") ?? true, "the range cue is not chained")
        for stage in [CueStage.range, .reminder] {
            XCTAssertEqual(run.spoken(2, stage).count, 0)
            let entry = try XCTUnwrap(run.skipped(2, stage).first, "\(stage) of the chained turn is logged")
            XCTAssertTrue((entry.reason ?? "").hasPrefix("chained"), entry.reason ?? "")
        }
    }

    func test_continueAfterAManeuver_whenTheNextIsFar() throws {
        let far = try F.makeRoute(turns: [.left, .right], spacing: 8000, lead: 1000, tail: 300)
        let drive = F.drive(far, speed: 25)
        let run = F.run(far, drive)
        let cont = try XCTUnwrap(run.spoken.first { $0.stage == .continue && $0.maneuver == 1 })
        XCTAssertEqual(cont.text, "Continue for 8 kilometers")
        let after = drive.along(at: cont.audioStart) - far.maneuvers[1].distanceAlong
        XCTAssertGreaterThan(after, 0, "after the turn")
        XCTAssertLessThan(after, 150, "shortly after the turn")
        let near = try F.makeRoute(turns: [.left, .right], spacing: 1500, lead: 1000, tail: 300)
        let nearRun = F.run(near, F.drive(near, speed: 25))
        XCTAssertTrue(nearRun.spoken.filter { $0.stage == .continue && $0.maneuver == 1 }.isEmpty)
    }

    // MARK: Warnings, natural guidance, source announcements

    func test_speedCameraWarnings_haveTheirOwnTiming_andCanBeSwitchedOff() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 4000, tail: 300, warnings: [("speed_camera", 1500)])
        let drive = F.drive(route, speed: 20)
        let run = F.run(route, drive)
        let warnings = run.spoken.filter { $0.kind == .warning }
        XCTAssertEqual(warnings.count, 1)
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.text, "Speed camera in 250 meters", "12 s × 20 m/s = 240 m, spoken as its nearest value")
        XCTAssertEqual(heardBefore(warning, route, drive, at: route.warnings[0].distanceAlong), 250, accuracy: 3)
        var off = TimingOptions()
        off.warningKinds = []
        let silent = F.run(route, drive, timing: off)
        XCTAssertTrue(silent.spoken.filter { $0.kind == .warning }.isEmpty)
        XCTAssertEqual(silent.spoken.filter { $0.kind == .maneuver }.map(\.text), run.spoken.filter { $0.kind == .maneuver }.map(\.text))
    }

    func test_naturalGuidance_usesATrafficLightLandmark_whenEnabled() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 2000, tail: 300, roadClass: "primary") { m in
            m.landmarks = [Landmark(kind: "traffic_signals", distanceBeforeManeuver: 5)]
        }
        let drive = F.drive(route, speed: 15)
        var timing = TimingOptions()
        timing.naturalGuidance = true
        let natural = try XCTUnwrap(F.run(route, drive, timing: timing).spoken(1, .distance).first)
        XCTAssertEqual(natural.text, "At the next traffic light, turn left")
        let plain = try XCTUnwrap(F.run(route, drive).spoken(1, .distance).first)
        XCTAssertEqual(plain.text, "In 400 meters, turn left")
    }

    func test_naturalGuidance_namesTheTrafficLight_onlyWhenNoOtherSignalLiesBetweenTheCarAndTheTurn() throws {
        // The distance cue is heard 400 m before the turn; a signal passed straight on 200 m before the turn is still
        // ahead of the car then ("the next traffic light" would be that one), one 600 m before it is already behind.
        var timing = TimingOptions()
        timing.naturalGuidance = true
        for (other, expected) in [(200.0, "In 400 meters, turn left"), (600.0, "At the next traffic light, turn left")] {
            let route = try F.makeRoute(turns: [.left], spacing: 2000, tail: 300, roadClass: "primary") { m in
                m.landmarks = [Landmark(kind: "traffic_signals", distanceBeforeManeuver: 5),
                               Landmark(kind: "traffic_signals", distanceBeforeManeuver: other)]
            }
            let drive = F.drive(route, speed: 15)
            let cue = try XCTUnwrap(F.run(route, drive, timing: timing).spoken(1, .distance).first)
            XCTAssertEqual(cue.text, expected, "another signal \(Int(other)) m before the turn")
        }
    }

    func test_useSourceAnnouncements_speaksTheRoutesOwnWordsAtTheirPlaces() throws {
        let route = try F.makeRoute(turns: [.left], spacing: 2000, tail: 300, roadClass: "primary") { m in
            m.announcements = [
                SourceAnnouncement(kind: "voice", text: "In half a mile, make a left", distanceAlong: 2000 - 800),
                SourceAnnouncement(kind: "voice", text: "Make a left now", distanceAlong: 2000 - 90),
            ]
        }
        let drive = F.drive(route, speed: 15)
        var timing = TimingOptions()
        timing.useSourceAnnouncements = true
        let run = F.run(route, drive, timing: timing)
        let turn = run.spoken.filter { $0.maneuver == 1 }
        XCTAssertEqual(turn.map(\.text), ["In half a mile, make a left", "Make a left now"])
        XCTAssertEqual(heardBefore(turn[0], route, drive), 800, accuracy: 3)
        XCTAssertEqual(heardBefore(turn[1], route, drive), 90, accuracy: 3)
        let own = F.run(route, drive)
        XCTAssertFalse(own.spoken.contains { $0.text.contains("make a left") })
    }
}
