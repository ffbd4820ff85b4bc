import RouteCueCore
import TestSupport
import XCTest

/// The guidance journal's record (its text read back whole, damaged ones refused naming what is wrong), the policy
/// deciding whether a journal found at start is resumed, and the engine resumed from it: at the right maneuver, never
/// repeating a cue heard whole, saying once where it continues.
final class GuidanceJournalTests: XCTestCase {
    private func journal() -> GuidanceJournal {
        GuidanceJournal(savedAt: 1_796_000_000.125, routeFile: "journal-route-0123456789abcdef.json", routeBytes: 2048,
                        routeChecksum: "0123456789abcdef", routeSource: "/var/lib/routes/bern.json", destination: "Bern Bahnhof",
                        options: ["language": .string("de-DE"), "markup": .bool(true), "included_stages": .strings(["distance", "action"])],
                        progress: JournalProgress(leg: 1, distanceAlong: 12_345.6, passedManeuver: 7, passedWaypoint: 1,
                                                  heard: [.stage(maneuver: 8, .range), .stage(maneuver: 8, .distance),
                                                          .source(maneuver: 9, index: 2), .continueAfter(maneuver: 7),
                                                          .warning(3), .arrival(leg: 1), .departure]))
    }

    func test_aJournal_readsBackAsItWasWritten_inOneLine() throws {
        let written = journal()
        let bytes = written.jsonBytes
        XCTAssertEqual(bytes.filter { $0 == 10 }.count, 1, "one line")
        XCTAssertEqual(try GuidanceJournal.parse(bytes), written)
        XCTAssertLessThan(bytes.count, 600, String(decoding: bytes, as: UTF8.self))
        // The same state gives the same bytes (the heard cues are sorted).
        XCTAssertEqual(try GuidanceJournal.parse(bytes).jsonBytes, bytes)
    }

    func test_everyHeardCue_hasAToken_readBackAsItself_andOtherTokensAreRefused() {
        let cues: [HeardCue] = [.stage(maneuver: 0, .range), .stage(maneuver: 12, .continue), .source(maneuver: 3, index: 0),
                                .continueAfter(maneuver: 4), .departure, .warning(0), .arrival(leg: 2)]
        for cue in cues { XCTAssertEqual(HeardCue(token: cue.token), cue, cue.token) }
        for bad in ["", "12", "12:", "12:left", "-1:range", "x:range", "warning:", "warning:-2", "arrival:x", "12:source:", "1:2:3:4",
                    "departure:1", "99999999999:range"] {
            XCTAssertNil(HeardCue(token: bad), bad)
        }
    }

    func test_damagedJournals_areRefused_asStateDirectoryErrors_namingWhatIsWrong() {
        let good = String(decoding: journal().jsonBytes, as: UTF8.self)
        let cases: [(String, String, String)] = [
            ("truncated", String(good.prefix(good.count / 2)), "truncated"),
            ("empty", "", "end of input"),
            ("not JSON", "garbage\n", "invalid JSON"),
            ("a future version", good.replacingOccurrences(of: "\"routecue_journal\":1", with: "\"routecue_journal\":2"), "version 2"),
            ("an unknown key", good.replacingOccurrences(of: "\"route_source\"", with: "\"route_origin\""), "route_origin"),
            ("a bad heard cue", good.replacingOccurrences(of: "\"8:range\"", with: "\"8:rnage\""), "progress.heard"),
            ("a negative distance", good.replacingOccurrences(of: "12345.6", with: "-3"), "along_m"),
            ("a route file outside the directory", good.replacingOccurrences(of: "journal-route-0123456789abcdef.json", with: "../etc/passwd"), "route_file"),
            ("a bad checksum", good.replacingOccurrences(of: "\"0123456789abcdef\"", with: "\"xyz\""), "route_checksum"),
            ("no leg", good.replacingOccurrences(of: "\"leg\":1,", with: ""), "leg"),
            ("an option of another type", good.replacingOccurrences(of: "\"markup\":true", with: "\"markup\":3"), "options.markup"),
        ]
        for (what, text, mentions) in cases {
            XCTAssertThrowsError(try GuidanceJournal.parse(Array(text.utf8)), what) { error in
                let error = error as! InputError
                XCTAssertEqual(error.input, .stateDirectory, what)
                XCTAssertTrue("\(error)".contains(mentions), "\(what): \(error)")
            }
        }
    }

    func test_theResumePolicy_resumesOrOffersAYoungJournal_andSetsAsideAnOldOne() {
        let now = 1_796_000_000.0
        XCTAssertEqual(JournalResumePolicy().verdict(savedAt: now - 600, now: now), .resume)
        XCTAssertEqual(JournalResumePolicy(mode: .ask).verdict(savedAt: now - 600, now: now), .offer)
        guard case .setAside(let reason) = JournalResumePolicy().verdict(savedAt: now - 13 * 3600, now: now) else {
            return XCTFail("a journal of 13 h is set aside")
        }
        XCTAssertTrue(reason.contains("13 h old"), reason)
        XCTAssertEqual(JournalResumePolicy(maxAgeSeconds: 60).verdict(savedAt: now - 59, now: now), .resume)
        // A clock set back (a board without RTC battery): the journal is not lost for it.
        XCTAssertEqual(JournalResumePolicy().verdict(savedAt: now + 86_400, now: now), .resume)
        XCTAssertEqual(JournalResumePolicy.describe(3 * 3600 + 20 * 60), "3 h 20 min")
    }

    func test_aChecksum_isFNV1a64() {
        XCTAssertEqual(JournalChecksum.of([]), "cbf29ce484222325")
        XCTAssertEqual(JournalChecksum.of(Array("a".utf8)), "af63dc4c8601ec8c")
    }
}

/// The engine's journal: what it reports, and resuming from it.
final class GuidanceJournalResumeTests: XCTestCase {
    private typealias F = GuidanceFixtures

    /// Steps an engine over fixes, finishing each cue when its audio ends (as the audio side reports it).
    private struct Drive {
        var stepper: F.Stepper
        var finished: Set<Int> = []

        init(_ engine: GuidanceEngine) { stepper = F.Stepper(engine) }

        /// A fresh engine on `before`'s route, resumed from what `before`'s engine would have journaled.
        init(resumingFrom before: Drive, destination: String?) {
            var engine = GuidanceEngine(route: before.stepper.engine.route)
            engine.resume(from: before.stepper.engine.journalProgress, destination: destination)
            self.init(engine)
        }

        mutating func send(_ fix: Fix) {
            finishCues(before: fix.received)
            stepper.send(.fix(fix), at: fix.received)
        }

        mutating func finishCues(before instant: MonotonicInstant) {
            while let cue = stepper.spoken.first(where: { !finished.contains($0.id) && $0.audioEnd <= instant }) {
                finished.insert(cue.id)
                stepper.send(.audioFinished(id: cue.id), at: max(stepper.now, cue.audioEnd))
            }
        }

        /// Sends `fixes` until the cue `key` (`maneuver:stage`) has been heard whole: the index of the fix it was heard
        /// by (0 when it never was: all were sent).
        mutating func send(_ fixes: [Fix], untilHeard key: String) -> Int {
            for (i, fix) in fixes.enumerated() {
                send(fix)
                if heardKeys.contains(key) { return i }
            }
            return 0
        }

        var heardKeys: [String] {
            stepper.spoken.filter { finished.contains($0.id) && $0.maneuver != nil && $0.stage != nil }.map { "\($0.maneuver!):\($0.stage!.rawValue)" }
        }
    }

    func test_aResumedEngine_continuesAtTheNextManeuver_neverRepeatsAHeardStage_andSaysOnceWhereItContinues() throws {
        let route = try F.makeRoute(turns: [.right, .left, .right, .left], spacing: 1500, tail: 800)
        let fixes = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var before = Drive(GuidanceEngine(route: route))
        // Power goes once maneuver 2's distance stage was heard.
        let cut = before.send(fixes, untilHeard: "2:distance")
        XCTAssertGreaterThan(cut, 0, "maneuver 2's distance stage was heard")
        let kept = before.stepper.engine.journalProgress
        XCTAssertTrue(kept.heard.contains(.stage(maneuver: 2, .distance)), "\(kept.heard)")
        XCTAssertEqual(kept.passedManeuver, 1)
        let journal = try GuidanceJournal.parse(GuidanceJournal(savedAt: 0, routeFile: "journal-route-0000000000000000.json",
                                                                routeBytes: 1, routeChecksum: "0000000000000000", routeSource: "t",
                                                                destination: "Bern", options: [:], progress: kept).jsonBytes)

        // Three seconds later (the process restarted by its watchdog, gpsd's first fix), the car 45 m further.
        var after = Drive(GuidanceEngine(route: route))
        after.stepper.engine.resume(from: journal.progress, destination: journal.destination)
        for fix in fixes[(cut + 3)...] { after.send(fix) }
        let texts = after.stepper.spoken.map(\.text)
        XCTAssertEqual(texts.first, "Continuing to Bern", "\(texts)")
        XCTAssertEqual(texts.filter { $0.hasPrefix("Continuing to") }.count, 1, "\(texts)")
        XCTAssertFalse(after.stepper.spoken.contains { $0.maneuver == 0 }, "no departure: \(texts)")
        let repeated = Set(after.heardKeys).intersection(before.heardKeys)
        XCTAssertEqual(repeated, [], "heard before the power loss and again after it: \(repeated)")
        XCTAssertEqual(after.stepper.spoken.compactMap(\.maneuver).min(), 2, "resumed at maneuver 2: \(texts)")
        XCTAssertTrue(after.heardKeys.contains("2:action"), "maneuver 2's action still comes: \(texts)")
        XCTAssertTrue(after.heardKeys.contains("4:action") || after.stepper.spoken.contains { $0.kind == .arrival }, "to the end: \(texts)")
    }

    func test_aStageThatFellDueWhileDown_isSkippedWithItsReason_notSaidLate() throws {
        let route = try F.makeRoute(turns: [.right, .left], spacing: 2500, tail: 800)
        let fixes = F.arriving(F.drive(route, speed: 20).fixes, latency: 0.3, jitter: 0)
        var before = Drive(GuidanceEngine(route: route))
        let cut = before.send(fixes, untilHeard: "1:action")
        // Down for 90 s (1.8 km): maneuver 2's range stage fell due meanwhile.
        var after = Drive(resumingFrom: before, destination: nil)
        for fix in fixes[(cut + 90)...] { after.send(fix) }
        let said = after.stepper.spoken.map(\.text)
        XCTAssertEqual(said.first, "Continuing along the route", "\(said)")
        XCTAssertFalse(after.stepper.spoken.contains { $0.maneuver == 2 && $0.stage == .range }, "not said late: \(said)")
        let skips = after.stepper.logged.filter { $0.event == .skipped }
        let skipped = try XCTUnwrap(skips.first { $0.maneuver == 2 && $0.stage == .range },
                                    "skipped with its reason: \(skips.map { "\($0.maneuver ?? -1) \($0.stage?.rawValue ?? "") \($0.reason ?? "")" })")
        print("a stage due while down: \(skipped.reason ?? "")")
        XCTAssertTrue(after.heardKeys.contains("2:action"), "\(said)")
    }

    func test_aManeuverPassedWhileDown_hasItsStagesLoggedSkippedWithThatReason() throws {
        let route = try F.makeRoute(turns: [.right, .left, .right], spacing: 1500, tail: 800)
        let fixes = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var before = Drive(GuidanceEngine(route: route))
        let cut = before.send(fixes, untilHeard: "1:action")
        // Down for 130 s (1,950 m): maneuver 2, 1,500 m on, is passed meanwhile.
        var after = Drive(resumingFrom: before, destination: nil)
        for fix in fixes[(cut + 130)...] { after.send(fix) }
        let skipped = after.stepper.logged.filter { $0.event == .skipped && $0.maneuver == 2 }
        XCTAssertEqual(Set(skipped.compactMap(\.stage)), [.range, .distance, .action], "\(skipped.map { "\($0.stage?.rawValue ?? "") \($0.reason ?? "")" })")
        XCTAssertTrue(skipped.allSatisfy { $0.reason == "passed while RouteCue was down (power loss)" })
        XCTAssertFalse(after.stepper.spoken.contains { $0.maneuver == 2 }, "never said late")
        XCTAssertTrue(after.heardKeys.contains("3:action"), "\(after.stepper.spoken.map(\.text))")
    }

    func test_aCarFarFromTheResumedRoute_isOffItsRoute_andTheRerouteIsAskedFor_withoutContinuing() throws {
        let route = try F.makeRoute(turns: [.right, .left], spacing: 1500, tail: 800)
        let fixes = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var before = Drive(GuidanceEngine(route: route))
        for fix in fixes.prefix(60) { before.send(fix) }
        // Started again 2 km north of where the route goes: the driver took another road meanwhile.
        var after = Drive(resumingFrom: before, destination: "Bern")
        for fix in fixes[90..<150] {
            let away = GeoMath.destination(from: fix.position!, bearing: 0, distance: 2000)
            after.send(F.changed(fix, position: away))
        }
        XCTAssertTrue(after.stepper.events.contains { if case .offRoute = $0 { true } else { false } }, "\(after.stepper.events)")
        XCTAssertFalse(after.stepper.reroutes.isEmpty, "the reroute is asked for")
        XCTAssertFalse(after.stepper.spoken.contains { $0.text.hasPrefix("Continuing to") }, "not continuing a route the car is not on")
    }

    func test_theCuePlaying_isNotKeptAsHeard_andAHeardCueRaisesTheRevision() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 1500, tail: 800)
        let fixes = F.arriving(F.drive(route, speed: 15).fixes, latency: 0.3, jitter: 0)
        var s = F.Stepper(GuidanceEngine(route: route))
        var playing: Cue?
        for fix in fixes {
            s.send(.fix(fix), at: fix.received)
            if let cue = s.spoken.first(where: { $0.maneuver == 1 && $0.stage == .range }) { playing = cue; break }
        }
        let cue = try XCTUnwrap(playing)
        XCTAssertFalse(s.engine.journalProgress.heard.contains(.stage(maneuver: 1, .range)), "cut off by a power loss now, it is said again")
        let revision = s.engine.journalRevision
        s.send(.audioFinished(id: cue.id), at: cue.audioEnd)
        XCTAssertEqual(s.engine.journalRevision, revision + 1)
        XCTAssertTrue(s.engine.journalProgress.heard.contains(.stage(maneuver: 1, .range)))
    }

    func test_aJournalThatDoesNotFitTheRoute_isNotResumed() throws {
        let route = try F.makeRoute(turns: [.right], spacing: 1500, tail: 800)
        var engine = GuidanceEngine(route: route)
        engine.resume(from: JournalProgress(leg: 0, distanceAlong: 100, heard: [.stage(maneuver: 40, .range)]), destination: nil)
        XCTAssertFalse(engine.isResumed)
        engine.resume(from: JournalProgress(leg: 3, distanceAlong: 100), destination: nil)
        XCTAssertFalse(engine.isResumed)
        engine.resume(from: JournalProgress(leg: 0, distanceAlong: route.length + 500), destination: nil)
        XCTAssertFalse(engine.isResumed)
    }
}
