import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
@testable import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The guidance journal (docs/journal.md) as `routecue run`'s daemon keeps it, in the test's process on virtual time.
/// A power cut in the middle of the example drive (no SIGTERM, no last write) leaves a journal and one route file that
/// read back; a daemon started on them with the same `--route` resumes the journal's route instead of loading the
/// file, says "Continuing to Schulstraße" once before any maneuver cue, never says a stage heard before the cut, and
/// the destination ends the journal. SIGTERM writes the journal as it stands. A journal offered (`resume: ask`) and
/// resumed while another start route's first write is under way names its own route file. A journal that is garbage,
/// truncated, of another version, too old, or whose route file changed or is missing is set aside with its reason and
/// the start route is guided (never a crash); `journal.resume: off` neither writes a journal nor reads one.
final class DaemonJournalInProcessTests: XCTestCase {
    private var tmp: URL!
    /// Daemons stopped (SIGTERM) in tearDown unless they have ended or lost their power.
    private var started: [InProcessDaemon] = []

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        for daemon in started where daemon.exit == nil { try? daemon.stop() }
        started = []
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private let routeFile = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")

    /// The example drive's fixes at the instants `simulate` hands them over.
    private static func arrivals() throws -> [Fix] {
        FixDelivery.arrivals(of: try BundledExample.drive(), options: SimulationOptions())
    }

    /// A fresh state directory `name` under the test's folder.
    private func stateDirectory(_ name: String) throws -> StateDirectory {
        let directory = StateDirectory(path: tmp.appendingPathComponent(name).path)
        try directory.create()
        return directory
    }

    /// Starts a daemon with `config`, the state directory, the example route as its start route and a cue log
    /// (`cues`: `<name>/cues.jsonl`), its configuration file in a folder of its own (`name`).
    private func startDaemon(_ name: String, config: String = "{}", state: StateDirectory, cues: Bool = false) throws -> InProcessDaemon {
        let folder = tmp.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var options = try InProcessDaemon.options(config: config, in: folder, bus: nil)
        options.stateDirectory = state.path
        options.routePath = routeFile.path
        if cues { options.cuesPath = folder.appendingPathComponent("cues.jsonl").path }
        let daemon = try InProcessDaemon.start(options)
        started.append(daemon)
        return daemon
    }

    /// Hands `fixes` to the daemon once its guidance has started, each at its arrival instant, then lets `tail`
    /// seconds pass; false when no guidance started.
    private static func drive(_ running: InProcessDaemon, _ fixes: ArraySlice<Fix>, tail: Double = 0) throws -> Bool {
        try RouteCueLoop.runAndWait {
            let (loop, daemon) = (running.loop, running.daemon!)
            guard loop.settle(until: { daemon.guidance != nil }) else { return false }
            for fix in fixes {
                loop.advance(to: fix.received.nanoseconds)
                daemon.gpsReported(.fix(fix))
            }
            loop.advance(bySeconds: tail)
            return true
        }
    }

    /// The cue log of the daemon started as `name`.
    private func cueLog(_ name: String) throws -> [CueLogEntry] {
        let path = tmp.appendingPathComponent(name).appendingPathComponent("cues.jsonl").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try CueLogEntry(jsonLine: String($0)) }
    }

    /// A maneuver's stage spoken: `12:distance`.
    private static func stage(_ entry: CueLogEntry) -> String? {
        guard entry.event == .spoken, let m = entry.maneuver, let stage = entry.stage, entry.kind != .reroute else { return nil }
        return "\(m):\(stage.rawValue)"
    }

    private static func entries(_ directory: StateDirectory) -> [String] {
        (FileSystem.listDirectory(directory.path) ?? []).sorted()
    }

    private static func bytes(_ directory: StateDirectory, _ name: String) -> [UInt8]? {
        try? directory.read(name, maxBytes: 16 << 20)
    }

    /// Writes a journal of the example route as the keeper would (its route file in RouteCue JSON, then the record),
    /// a little before maneuver 2 with its first stage heard, saved at `savedAt`.
    @discardableResult
    static func writeJournal(into directory: StateDirectory, savedAt: Double = WallClock.unixSeconds()) throws -> GuidanceJournal {
        let route = try BundledExample.route()
        let routeBytes = RouteCueJSON.write(route)
        let checksum = JournalChecksum.of(routeBytes)
        let along = route.maneuvers[2].distanceAlong - 250
        let journal = GuidanceJournal(
            savedAt: savedAt, routeFile: GuidanceJournal.routeFileName(checksum: checksum), routeBytes: routeBytes.count,
            routeChecksum: checksum, routeSource: "the D-Bus document", destination: route.waypoints.last { $0.role == .destination }?.name,
            options: ["units": .string("metric")],
            progress: JournalProgress(leg: 0, distanceAlong: along, passedManeuver: route.maneuvers.lastIndex { $0.distanceAlong <= along },
                                      heard: [.stage(maneuver: 2, .range)]))
        try directory.writeAtomically(routeBytes, to: journal.routeFile)
        try directory.writeAtomically(journal.jsonBytes, to: GuidanceJournal.fileName)
        return journal
    }

    // MARK: - A power cut, and the daemon after it

    func test_aPowerCutMidDrive_leavesAJournalThatReadsBack_andTheNextDaemonResumesItWithoutRepeatingACue_untilTheDestinationEndsIt() throws {
        let arrivals = try Self.arrivals()
        let state = try stateDirectory("state")
        let cut = 150   // past maneuver 3's action: eight stages of four maneuvers heard

        // Daemon A drives up to the cut; the journal's writes under way land (a thread's work takes no virtual time),
        // then the power goes: no SIGTERM, no last write.
        let a = try startDaemon("a", state: state, cues: true)
        XCTAssertTrue(try Self.drive(a, arrivals[...cut]), "daemon A guides its start route")
        let landed = try RouteCueLoop.runAndWait { () -> Bool in
            let engine = a.daemon.guidance!.engine
            return a.loop.settle {
                guard let stored = try? StoredJournal.read(in: state, importOptions: ImportOptions()) else { return false }
                return stored.journal.progress.heard.isSuperset(of: engine.journalProgress.heard)
            }
        }
        try a.cutPower()
        started.removeAll { $0 === a }
        XCTAssertTrue(landed, "the journal on disk holds every cue heard near the car: \(a.log.lines.joined())")
        let spokenBefore = try cueLog("a").compactMap(Self.stage)
        XCTAssertGreaterThanOrEqual(spokenBefore.count, 8, "\(spokenBefore)")
        XCTAssertTrue(spokenBefore.contains("3:action"), "\(spokenBefore)")

        let files = Self.entries(state)
        XCTAssertEqual(files.filter { $0 == GuidanceJournal.fileName }.count, 1, "\(files)")
        XCTAssertEqual(files.filter { $0.hasPrefix("journal-route-") && $0.hasSuffix(".json") }.count, 1, "one route file: \(files)")
        let stored = try XCTUnwrap(try StoredJournal.read(in: state, importOptions: ImportOptions()))
        XCTAssertEqual(stored.journal.destination, "Schulstraße")
        XCTAssertEqual(stored.journal.routeSource, routeFile.path)
        XCTAssertEqual(stored.route.maneuvers.count, try BundledExample.route().maneuvers.count)
        XCTAssertTrue(stored.journal.progress.heard.contains(.stage(maneuver: 3, .action)), "\(stored.journal.progress.heard)")

        // Daemon B, the same state directory and start route: the journal's route is resumed, the file not loaded;
        // the car has driven on for 4 s meanwhile.
        let b = try startDaemon("b", state: state, cues: true)
        let restart = try XCTUnwrap(arrivals.firstIndex { $0.received.seconds >= arrivals[cut].received.seconds + 4 })
        XCTAssertTrue(try Self.drive(b, arrivals[restart...], tail: 30), "daemon B guides")
        let ended = try RouteCueLoop.runAndWait {
            b.loop.settle { b.log.lines.contains { $0.contains("journal: ended (the destination reached)") } }
        }
        let log = b.log.lines.joined()
        XCTAssertTrue(log.contains("journal: resuming the route to Schulstraße from \(routeFile.path)"), log)
        XCTAssertTrue(log.contains("start route \(routeFile.path) not loaded"), log)
        XCTAssertTrue(ended, log)

        let after = try cueLog("b")
        let spokenAfter = after.compactMap(Self.stage)
        XCTAssertEqual(spokenAfter.filter(spokenBefore.contains), [], "no stage heard before the cut is heard again: \(after.map(\.text))")
        XCTAssertTrue(spokenAfter.contains("4:range") && spokenAfter.contains("6:action"), "the rest of the route is guided: \(spokenAfter)")
        let continuing = after.enumerated().filter { $0.element.event == .spoken && $0.element.text == "Continuing to Schulstraße" }
        XCTAssertEqual(continuing.count, 1, "said once where it continues: \(after.map(\.text))")
        let firstManeuverCue = after.firstIndex { Self.stage($0) != nil }
        XCTAssertLessThan(continuing.first?.offset ?? .max, firstManeuverCue ?? .max, "before any maneuver cue: \(after.map(\.text))")
        XCTAssertTrue(after.contains { $0.event == .spoken && $0.kind == .arrival }, "the destination is reached: \(after.map(\.text))")

        XCTAssertNil(Self.bytes(state, GuidanceJournal.fileName), "the destination ends the journal: \(Self.entries(state))")
        XCTAssertEqual(Self.entries(state).filter { $0.hasPrefix("journal") }, [], "its route file with it")
        try b.stop()
        XCTAssertEqual(b.exit, .stopped)
        XCTAssertEqual(Self.entries(state), [], "SIGTERM after the destination writes none, and no temporary is left")
        print("journal power cut: \(spokenBefore.count) stages heard before the cut, \(spokenAfter.count) after it, none twice")
    }

    func test_SIGTERM_writesTheJournalAsItStands_andLogsWhatItWrote() throws {
        let arrivals = try Self.arrivals()
        let state = try stateDirectory("state")
        let c = try startDaemon("c", state: state)
        // On the B 6, 15 s past the last cue heard (maneuver 4's action): the journal's writes land (the chain of
        // writes a cue starts, one at a time, ends); then 15 s more with no cue, which the journal writes within a
        // minute, or on SIGTERM.
        XCTAssertTrue(try Self.drive(c, arrivals[..<210]))
        try RouteCueLoop.runAndWait {
            let heard = c.daemon.guidance!.engine.journalProgress.heard
            _ = c.loop.settle { (try? StoredJournal.read(in: state, importOptions: ImportOptions()))?.journal.progress.heard.isSuperset(of: heard) == true }
            _ = c.loop.settle(timeout: 0.2) { false }
        }
        XCTAssertTrue(try Self.drive(c, arrivals[210..<225]))
        let (progress, onDisk) = try RouteCueLoop.runAndWait { () -> (JournalProgress, JournalProgress?) in
            _ = c.loop.settle(timeout: 0.2) { false }
            return (c.daemon.guidance!.engine.journalProgress, (try? StoredJournal.read(in: state, importOptions: ImportOptions()))?.journal.progress)
        }
        XCTAssertLessThan(try XCTUnwrap(onDisk).distanceAlong, progress.distanceAlong - 100, "before SIGTERM, the journal is behind the car")
        try c.stop()
        XCTAssertEqual(c.exit, .stopped)

        let line = try XCTUnwrap(c.log.lines.last { $0.contains("journal: ") && $0.contains(" write") }, c.log.lines.joined())
        XCTAssertNotNil(line.range(of: #"journal: \d+ writes? of \d+ bytes, 1 route file of \d+ bytes"#, options: .regularExpression), line)
        let stored = try XCTUnwrap(try StoredJournal.read(in: state, importOptions: ImportOptions()))
        XCTAssertEqual(stored.journal.progress.leg, progress.leg)
        XCTAssertEqual(stored.journal.progress.distanceAlong, progress.distanceAlong, accuracy: 0.06, "where the car was at SIGTERM")
        XCTAssertEqual(stored.journal.progress.heard, progress.heard)
        XCTAssertGreaterThan(progress.distanceAlong, 500)
    }

    func test_askMode_aJournalResumedJustAfterAnotherStartRouteStarted_namesItsOwnRouteFile_whateverWriteWasUnderWay() throws {
        let state = try stateDirectory("state")
        // As read back (saved_at to the millisecond).
        let offered = try GuidanceJournal.parse(try Self.writeJournal(into: state).jsonBytes)
        // A start route of other bytes (its destination named otherwise), loaded while the journal is offered.
        var other = try BundledExample.route()
        other.waypoints[other.waypoints.count - 1].name = "Schulstrasse"
        let start = tmp.appendingPathComponent("start.routecue.json")
        try Data(RouteCueJSON.write(other)).write(to: start)
        let folder = tmp.appendingPathComponent("ask")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var options = try InProcessDaemon.options(config: #"{"journal": {"resume": "ask"}}"#, in: folder, bus: nil)
        options.stateDirectory = state.path
        options.routePath = start.path
        let running = try InProcessDaemon.start(options)
        started.append(running)

        // Resumed in the same turn of the loop as the start route's guidance began, so that its first write (its route
        // file, then a journal naming it) is most often still under way on the daemon's file thread; done or not, the
        // journal left must name the resumed route's own file.
        let resumed = try RouteCueLoop.runAndWait { () -> Bool in
            let (loop, daemon) = (running.loop, running.daemon!)
            guard loop.settle(until: { daemon.guidance != nil && daemon.offeredJournal != nil }) else { return false }
            do { try daemon.resumeOfferedJournal() } catch { return false }
            // The writes land: the last is the resumed route's, one route file left.
            return loop.settle {
                guard let stored = try? StoredJournal.read(in: state, importOptions: ImportOptions()) else { return false }
                return stored.journal.savedAt > offered.savedAt && stored.journal.routeSource == offered.routeSource
                    && Self.entries(state).filter { $0.hasPrefix("journal-route-") }.count == 1
            }
        }
        XCTAssertTrue(resumed, "the resumed journal is written and reads back: \(Self.entries(state)) \(running.log.lines.joined())")
        let stored = try XCTUnwrap(try StoredJournal.read(in: state, importOptions: ImportOptions()))
        XCTAssertEqual(stored.journal.destination, "Schulstraße")
        XCTAssertEqual(stored.route.waypoints.last?.name, "Schulstraße", "its route file is the resumed route, not the start route's: \(running.log.lines.joined())")
        XCTAssertEqual(Self.entries(state).filter { $0.hasPrefix("journal-route-") }, [stored.journal.routeFile],
                       "the start route's file is gone with its journal: \(running.log.lines.joined())")
    }

    // MARK: - Journals that are not resumed

    private enum Damage: String, CaseIterable {
        case garbage, truncated, version2, routeChanged, tooOld, routeMissing
    }

    func test_aDamagedJournal_isSetAsideWithItsReason_andTheStartRouteIsGuided() throws {
        for damage in Damage.allCases {
            let state = try stateDirectory("state-\(damage)")
            let journal = try Self.writeJournal(into: state, savedAt: WallClock.unixSeconds() - (damage == .tooOld ? 7200 : 60))
            let valid = journal.jsonBytes
            var routeBytes = try XCTUnwrap(Self.bytes(state, journal.routeFile))
            var damaged = valid
            let reason: String
            switch damage {
            case .garbage:
                damaged = [0x00, 0xff, 0x7b, 0x22] + Array("not a journal at all".utf8)
                reason = "invalid JSON"
            case .truncated:
                damaged = Array(valid.prefix(valid.count * 2 / 3))
                reason = "(truncated document?)"
            case .version2:
                damaged = Array(String(decoding: valid, as: UTF8.self).replacingOccurrences(of: #""routecue_journal":1"#, with: #""routecue_journal":2"#).utf8)
                reason = "journal format version 2; this RouteCue reads version 1"
            case .routeChanged:
                routeBytes[routeBytes.count / 2] = routeBytes[routeBytes.count / 2] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
                try state.writeAtomically(routeBytes, to: journal.routeFile)
                reason = "the route file is not the one the journal was written with"
            case .tooOld:
                reason = "it is 2 h old (journal.max_age_h is 1 h)"
            case .routeMissing:
                try state.remove(journal.routeFile)
                reason = "the journal's route file is missing"
            }
            if damaged != valid { try state.writeAtomically(damaged, to: GuidanceJournal.fileName) }

            let config = damage == .tooOld ? #"{"journal": {"max_age_h": 1}}"# : "{}"
            let running = try startDaemon("daemon-\(damage)", config: config, state: state)
            let path = routeFile.path
            let (guiding, journalProperty, journalState, fresh) = try RouteCueLoop.runAndWait { () -> (Bool, DBusValue, JournalState, GuidanceJournal?) in
                let (loop, daemon) = (running.loop, running.daemon!)
                let guiding = loop.settle { daemon.guidance != nil && running.log.lines.contains { $0.contains("journal: not resumed") } }
                // The start route's own journal, written once the damaged one is out of the way.
                var fresh: GuidanceJournal?
                _ = loop.settle {
                    fresh = try? StoredJournal.read(in: state, importOptions: ImportOptions())?.journal
                    return fresh?.routeSource == path
                }
                return (guiding, daemon.guidanceProperties()[.journal], daemon.journalState, fresh)
            }
            let log = running.log.lines.joined()
            XCTAssertTrue(guiding, "\(damage): the start route is guided: \(log)")
            XCTAssertTrue(log.contains("route loaded from \(routeFile.path)"), "\(damage): \(log)")
            let line = try XCTUnwrap(running.log.lines.first { $0.contains("journal: not resumed") }, "\(damage)")
            XCTAssertTrue(line.contains(reason), "\(damage): the reason names the problem: \(line)")
            XCTAssertEqual(journalProperty, .string("set_aside"), "\(damage)")
            XCTAssertEqual(journalState, .setAside, "\(damage)")

            let files = Self.entries(state)
            let setAside = files.filter { $0.hasPrefix("journal.json.set-aside-") }
            XCTAssertEqual(setAside.count, 1, "\(damage): \(files)")
            XCTAssertEqual(setAside.first.flatMap { Self.bytes(state, $0) }, damaged, "\(damage): kept as it was, for a bug report")
            XCTAssertTrue(line.contains(setAside.first ?? "?"), "\(damage): the log names the copy: \(line)")
            if [.routeChanged, .tooOld].contains(damage) {
                let routeAside = files.filter { $0.hasPrefix(journal.routeFile + ".set-aside-") }
                XCTAssertEqual(routeAside.count, 1, "\(damage): its route file is set aside with it: \(files)")
                XCTAssertEqual(routeAside.first.flatMap { Self.bytes(state, $0) }, routeBytes, "\(damage)")
            }
            // The journal.json there now is the start route's own, not the damaged one.
            XCTAssertEqual(fresh?.routeSource, routeFile.path, "\(damage): \(files)")
            XCTAssertEqual(fresh?.options, [:], "\(damage): nothing of the damaged journal carried over")
            try running.stop()
            XCTAssertEqual(running.exit, .stopped, "\(damage)")
        }
    }

    func test_resumeOff_writesNoJournalWhileGuiding() throws {
        let arrivals = try Self.arrivals()
        let state = try stateDirectory("state")
        let running = try startDaemon("off", config: #"{"journal": {"resume": "off"}}"#, state: state, cues: true)
        XCTAssertTrue(try Self.drive(running, arrivals[..<200], tail: 70))
        XCTAssertGreaterThan(try cueLog("off").compactMap(Self.stage).count, 8, "cues heard: each would write the journal")
        XCTAssertEqual(Self.entries(state), [], "nothing written into the state directory")
        try running.stop()
        XCTAssertEqual(Self.entries(state), [], "not on SIGTERM either")
        XCTAssertFalse(running.log.lines.contains { $0.contains("journal: ") }, running.log.lines.joined())
    }

    func test_resumeOff_leavesAJournalFoundAtStartAsItIs_andGuidesTheStartRoute() throws {
        let state = try stateDirectory("state")
        try Self.writeJournal(into: state)
        let before = Self.entries(state).map { ($0, Self.bytes(state, $0)) }
        let running = try startDaemon("off", config: #"{"journal": {"resume": "off"}}"#, state: state)
        let arrivals = try Self.arrivals()
        XCTAssertTrue(try Self.drive(running, arrivals[..<60]))
        let after = Self.entries(state).map { ($0, Self.bytes(state, $0)) }
        XCTAssertEqual(after.map(\.0), before.map(\.0))
        XCTAssertEqual(after.map(\.1), before.map(\.1), "neither read nor written")
        XCTAssertTrue(running.log.lines.contains { $0.contains("route loaded from \(routeFile.path)") }, running.log.lines.joined())
        XCTAssertEqual(try onLoop { running.daemon.journalState }, JournalState.none)
    }
}

/// The journal offered to the UI (`journal.resume: ask`), on the daemon in the test's process against a private
/// dbus-daemon: `Journal` is `offered` and `OfferedJournal` says where to; ResumeJournal guides along it (and a
/// journal resumed is no longer there to discard), DiscardJournal forgets it and its files. With a start route loaded
/// meanwhile, the journal resumed still names a route file that is on disk.
final class DaemonJournalInProcessBusTests: XCTestCase {
    private var tmp: URL!
    private var ui: InProcessDaemonOnBus?

    private static let guidance: InterfaceName = "org.routecue.Guidance1"

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
        ui = try InProcessDaemonOnBus()
    }

    override func tearDown() {
        ui?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    /// The state directory, with a valid journal of the example route in it.
    private func stateWithJournal() throws -> (StateDirectory, GuidanceJournal) {
        let state = StateDirectory(path: tmp.appendingPathComponent("state").path)
        try state.create()
        return (state, try DaemonJournalInProcessTests.writeJournal(into: state))
    }

    /// Starts the daemon in `journal.resume: ask` with the control interface on the private bus, and waits for the
    /// journal to be offered.
    private func startDaemon(state: StateDirectory, routePath: String? = nil) throws -> InProcessDaemon {
        var options = try InProcessDaemon.options(config: #"{"journal": {"resume": "ask"}}"#, in: tmp, bus: ui!.bus.address)
        options.stateDirectory = state.path
        options.routePath = routePath
        let daemon = try ui!.start(options)
        XCTAssertTrue(PollingWait.until(timeout: 10) { (try? self.property("Journal")) == .string("offered") },
                      "offered: \(daemon.log.lines.joined())")
        return daemon
    }

    private func call(_ method: MemberName, _ arguments: [DBusValue] = []) throws -> Result<[DBusValue], BusError> {
        try ui!.call(Self.guidance, method, arguments)
    }

    private func property(_ name: String) throws -> DBusValue? {
        try ui!.property(Self.guidance, name)
    }

    func test_askMode_offersTheJournal_ResumeJournalGuidesAlongIt_andThenThereIsNoneToDiscard() throws {
        let (state, journal) = try stateWithJournal()
        let daemon = try startDaemon(state: state)
        XCTAssertEqual(try property("State"), .string("idle"), "nothing guided until the UI decides")
        let offered = try XCTUnwrap(try property("OfferedJournal")?.dictionary)
        XCTAssertEqual(offered["destination"]?.string, "Schulstraße")
        XCTAssertEqual(offered["leg"]?.integer, 0)
        XCTAssertEqual(offered["source"]?.string, journal.routeSource)
        XCTAssertEqual(offered["distance_along_m"]?.number ?? 0, journal.progress.distanceAlong, accuracy: 1)
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("journal: offered to the UI (route to Schulstraße") }, daemon.log.lines.joined())

        _ = try call("ResumeJournal").get()
        XCTAssertEqual(try property("Journal"), .string("resumed"))
        XCTAssertNotEqual(try property("State"), .string("idle"), "guided along the journal's route")
        XCTAssertEqual(try property("OfferedJournal")?.dictionary?.isEmpty, true, "no longer offered")
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("journal: resuming the route to Schulstraße") }, daemon.log.lines.joined())

        XCTAssertEqual(failure(try call("DiscardJournal"))?.name, "org.routecue.Error.NoJournal")
        XCTAssertEqual(failure(try call("ResumeJournal"))?.name, "org.routecue.Error.NoJournal")
        XCTAssertEqual(try property("Journal"), .string("resumed"), "a refused discard changes nothing")
        // The journal goes on, naming the route file that is there.
        let stored = try XCTUnwrap(try StoredJournal.read(in: state, importOptions: ImportOptions()))
        XCTAssertEqual(stored.journal.routeFile, journal.routeFile)
    }

    func test_askMode_DiscardJournal_forgetsTheJournalAndRemovesItsFiles() throws {
        let (state, journal) = try stateWithJournal()
        let daemon = try startDaemon(state: state)
        _ = try call("DiscardJournal").get()
        XCTAssertEqual(try property("Journal"), .string("discarded"))
        XCTAssertEqual(try property("OfferedJournal")?.dictionary?.isEmpty, true)
        XCTAssertEqual(try property("State"), .string("idle"))
        let gone = PollingWait.until(timeout: 10) {
            (try? state.read(GuidanceJournal.fileName, maxBytes: 1 << 20)) == .some(nil)
                && (try? state.read(journal.routeFile, maxBytes: 1 << 24)) == .some(nil)
        }
        XCTAssertTrue(gone, "journal.json and its route file are removed: \(FileSystem.listDirectory(state.path) ?? [])")
        XCTAssertEqual(failure(try call("ResumeJournal"))?.name, "org.routecue.Error.NoJournal")
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("journal: discarded by the UI (route to Schulstraße)") }, daemon.log.lines.joined())
    }

    func test_askMode_withAnotherStartRouteLoadedMeanwhile_theJournalResumedNamesARouteFileOnDisk() throws {
        let (state, journal) = try stateWithJournal()
        // A start route of other bytes (its destination named otherwise): its own route file while it is guided.
        var other = try BundledExample.route()
        other.waypoints[other.waypoints.count - 1].name = "Schulstrasse"
        let start = tmp.appendingPathComponent("start.routecue.json")
        try Data(RouteCueJSON.write(other)).write(to: start)
        let daemon = try startDaemon(state: state, routePath: start.path)
        XCTAssertTrue(PollingWait.until(timeout: 10) { (try? self.property("State")) != .string("idle") }, daemon.log.lines.joined())
        XCTAssertTrue(PollingWait.until(timeout: 10) {
            (try? StoredJournal.read(in: state, importOptions: ImportOptions()))?.journal.routeSource == start.path
        }, "the start route's journal is written meanwhile: \(daemon.log.lines.joined())")

        _ = try call("ResumeJournal").get()
        XCTAssertEqual(try property("Journal"), .string("resumed"))
        var stored: StoredJournal?
        var problem = ""
        let resumed = PollingWait.until(timeout: 10) {
            do {
                stored = try StoredJournal.read(in: state, importOptions: ImportOptions())
            } catch {
                (stored, problem) = (nil, "\(error)")
            }
            return stored?.journal.destination == "Schulstraße"
        }
        XCTAssertTrue(resumed, "the journal resumed reads back, its route file there: \(problem) \(FileSystem.listDirectory(state.path) ?? []) \(daemon.log.lines.joined())")
        XCTAssertEqual(stored?.journal.routeFile, journal.routeFile)
        XCTAssertEqual(stored?.route.waypoints.last?.name, "Schulstraße")
    }
}
