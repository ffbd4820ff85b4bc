import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The guidance journal through `routecue run` with the real components: a recorded drive fed in real time to a real
/// gpsd, the daemon speaking on JACK's paced dummy device. SIGKILL during a cue and a restart: guidance resumes from
/// the journal, says where it continues, says the cut-off cue again and nothing else twice; SIGTERM writes it. A kill
/// between the journal's write and its rename (an LD_PRELOAD shim holds the rename) leaves the old journal whole. A
/// full disk (the shim's ENOSPC) is logged once and guidance goes on.
final class DaemonJournalProcessTests: XCTestCase {
    private var tmp: URL!
    private var jack: JackDummyServer?
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?
    private var daemons: [DaemonProcess] = []

    override func setUpWithError() throws {
        guard GPSDProcess.isInstalled else {
            throw XCTSkip("gpsd is not installed (Debian package gpsd): the journal's process tests skipped")
        }
        guard FileManager.default.isExecutableFile(atPath: CommandRunner.routecueBinary.path) else {
            XCTFail("\(CommandRunner.routecueBinary.path) is not built: `make test` builds it first")
            return
        }
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        for daemon in daemons { daemon.kill() }
        gpsd?.stop()
        feeder?.stop()
        jack = nil
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
    }

    private static let route = "examples/grid-trip.osrm.json"
    private var stateDirectory: String { tmp.appendingPathComponent("state").path }

    private static func drive(seconds: Int) throws -> [String] {
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        return Array(NMEAFeeder.epochs(ofNMEA: text).prefix(seconds))
    }

    /// Starts the feeder with `epochs` and a gpsd reading it.
    private func startGPS(_ epochs: [String]) throws {
        let feeder = try NMEAFeeder(epochs: epochs)
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
    }

    /// Starts `routecue run` on the example route with the state directory, its cue log in `cues`.
    private func startDaemon(cues: String, device: String = "null", environment: [String: String] = [:]) throws -> DaemonProcess {
        let daemon = try DaemonProcess(["--route", Self.route, "--gpsd", "127.0.0.1:\(gpsd!.port)", "--device", device,
                                        "--cues", tmp.appendingPathComponent(cues).path, "--state-dir", stateDirectory,
                                        "--config", try config(), "--log-level", "debug"], environment: environment)
        daemons.append(daemon)
        return daemon
    }

    private func config() throws -> String {
        let path = tmp.appendingPathComponent("routecue.json")
        if !FileManager.default.fileExists(atPath: path.path) {
            try #"{"audio": {"device": {"idle_hold_s": 600}}}"#.write(to: path, atomically: true, encoding: .utf8)
        }
        return path.path
    }

    private func spoken(_ cues: String) throws -> [CueLogEntry] {
        let text = (try? String(contentsOf: tmp.appendingPathComponent(cues), encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try CueLogEntry(jsonLine: String($0)) }.filter { $0.event == .spoken }
    }

    private func key(_ entry: CueLogEntry) -> String {
        "\(entry.maneuver.map(String.init) ?? "-") \(entry.stage?.rawValue ?? entry.kind.rawValue)"
    }

    private func storedJournal() throws -> StoredJournal? {
        try StoredJournal.read(in: StateDirectory(path: stateDirectory), importOptions: ImportOptions())
    }

    private func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    // MARK: - Killed and started again

    func test_SIGKILLDuringACue_thenARestart_resumesSayingWhereItContinues_sayingTheCutCueAgain_andNothingElseTwice() throws {
        jack = try JackDummyServer()
        let epochs = try Self.drive(seconds: 48)
        try startGPS(epochs)
        let first = try startDaemon(cues: "first.jsonl", device: ALSATestEnvironment.pacedDevice)
        XCTAssertNotNil(first.line(containing: "gps: fix", within: 15), first.stderrText)
        // The third cue starts playing (two heard whole before it): the power goes 0.4 s into its words.
        XCTAssertTrue(try waitUntil(40) { try spoken("first.jsonl").count >= 2 }, first.stderrText)
        let before = try spoken("first.jsonl")
        let playing = first.stderr.count
        XCTAssertTrue(waitUntil(20) { first.stderr.dropFirst(playing).contains { $0.text.contains(": first sample ") } }, first.stderrText)
        usleep(400_000)
        first.send(SIGKILL)
        XCTAssertNotNil(first.waitForExit(within: 5))
        let heardBefore = try spoken("first.jsonl")
        XCTAssertEqual(heardBefore.count, before.count, "the cue cut off is not in the log: it was not heard whole")

        // The journal reads back whole, and holds what was heard, not the cue cut off.
        let stored = try XCTUnwrap(try storedJournal(), "a journal after the kill")
        let heardTokens = Set(heardBefore.compactMap { entry -> String? in
            guard let m = entry.maneuver, let stage = entry.stage, entry.kind == .maneuver else { return nil }
            // "Head north on …" is the departure cue.
            return m == 0 && stage == .continue ? HeardCue.departure.token : HeardCue.stage(maneuver: m, stage).token
        })
        XCTAssertTrue(heardTokens.isSubset(of: Set(stored.journal.progress.heard.map(\.token))),
                      "heard \(heardTokens), journal \(stored.journal.progress.heard.map(\.token))")

        let second = try startDaemon(cues: "second.jsonl", device: ALSATestEnvironment.pacedDevice)
        XCTAssertNotNil(second.line(containing: "journal: resuming the route to Schulstraße", within: 10), second.stderrText)
        XCTAssertNotNil(second.line(containing: "not loaded: the journal's route is resumed", within: 2), second.stderrText)
        let feeder = try XCTUnwrap(self.feeder)
        while !feeder.isFinished, second.isRunning { usleep(100_000) }
        usleep(3_000_000)
        second.send(SIGTERM)
        XCTAssertEqual(second.waitForExit(within: 6), 0, second.stderrText)
        XCTAssertTrue(second.stderr.contains { $0.text.contains("journal: ") && $0.text.contains(" writes of ") },
                      "SIGTERM writes the journal: \(second.stderrText)")
        XCTAssertNotNil(try storedJournal(), "the journal after SIGTERM reads back")

        let after = try spoken("second.jsonl")
        print("before the kill: \(heardBefore.map { "\(key($0)) \"\($0.text)\"" }); after the restart: \(after.map { "\(key($0)) \"\($0.text)\"" })")
        XCTAssertEqual(after.first?.text, "Continuing to Schulstraße", "\(after.map(\.text))")
        XCTAssertEqual(after.filter { $0.text.hasPrefix("Continuing to") }.count, 1)
        let repeated = Set(after.map(key)).intersection(heardBefore.map(key))
        XCTAssertEqual(repeated, [], "heard before the kill and again after it")
        // The cue cut off is the next one simulate speaks after those heard: said again (its words still hold) or
        // skipped with its reason in the log.
        let simulated = tmp.appendingPathComponent("simulated.jsonl")
        let nmea = tmp.appendingPathComponent("excerpt.nmea")
        try epochs.joined().write(to: nmea, atomically: true, encoding: .utf8)
        let run = try CommandRunner.routecue(["simulate", "--route", Self.route, "--fixes", nmea.path, "--cues", simulated.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = try String(contentsOf: simulated, encoding: .utf8).split(separator: "\n")
            .map { try CueLogEntry(jsonLine: String($0)) }.filter { $0.event == .spoken }
        let cut = try XCTUnwrap(expected.dropFirst(heardBefore.count).first, "simulate speaks more than was heard")
        let secondLog = try String(contentsOf: tmp.appendingPathComponent("second.jsonl"), encoding: .utf8).split(separator: "\n")
            .map { try CueLogEntry(jsonLine: String($0)) }
        XCTAssertTrue(secondLog.contains { key($0) == key(cut) && ($0.event == .spoken || $0.reason != nil) },
                      "the cue cut off (\(key(cut)) \"\(cut.text)\") is said again or skipped with its reason: \(secondLog.map { "\($0.event.rawValue) \(key($0))" })")
    }

    // MARK: - The file system failing under it

    func test_aKillBetweenTheJournalsWriteAndItsRename_leavesTheOldJournalWhole_andARestartResumesIt() throws {
        let shim: String
        do { shim = try FaultInjectionShim.build() } catch { throw XCTSkip("\(error)") }
        try startGPS(try Self.drive(seconds: 40))
        let marker = tmp.appendingPathComponent("rename-held").path
        let daemon = try startDaemon(cues: "held.jsonl", environment: FaultInjectionShim.environment(library: shim, [
            FaultInjectionShim.pauseRenameVariable: "/journal.json", FaultInjectionShim.markerVariable: marker,
        ]))
        // The first record (guidance starting) is held before its rename: let it through.
        XCTAssertTrue(waitUntil(15) { FileManager.default.fileExists(atPath: marker) }, daemon.stderrText)
        try FileManager.default.removeItem(atPath: marker)
        XCTAssertTrue(waitUntil(5) { (try? storedJournal()) != nil }, daemon.stderrText)
        let old = try XCTUnwrap(try storedJournal())
        // The next one (a cue heard) is held between its write and its rename: the power goes now.
        XCTAssertTrue(waitUntil(30) { FileManager.default.fileExists(atPath: marker) }, daemon.stderrText)
        daemon.kill()
        XCTAssertNotNil(daemon.waitForExit(within: 5))
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: stateDirectory).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(temporaries.count, 1, "the new record was written, not renamed")
        let whole = try XCTUnwrap(try storedJournal(), "the old journal reads back whole")
        XCTAssertEqual(whole.journal, old.journal, "the old record, not a torn new one")

        let again = try startDaemon(cues: "again.jsonl")
        XCTAssertNotNil(again.line(containing: "journal: resuming", within: 10), again.stderrText)
        XCTAssertTrue(waitUntil(5) {
            ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? []).allSatisfy { !$0.hasSuffix(".tmp") }
        }, "the temporary a power cut left is removed at start")
        again.send(SIGTERM)
        XCTAssertEqual(again.waitForExit(within: 6), 0, again.stderrText)
    }

    func test_aFullDisk_isLoggedOnce_andGuidanceGoesOn() throws {
        let shim: String
        do { shim = try FaultInjectionShim.build() } catch { throw XCTSkip("\(error)") }
        try startGPS(try Self.drive(seconds: 30))
        let daemon = try startDaemon(cues: "full.jsonl", environment: FaultInjectionShim.environment(library: shim, [
            FaultInjectionShim.enospcVariable: "/state/",
        ]))
        XCTAssertNotNil(daemon.line(containing: "journal: not written (guidance goes on", within: 15), daemon.stderrText)
        XCTAssertTrue(try waitUntil(30) { try spoken("full.jsonl").count >= 2 }, "cues are still spoken: \(daemon.stderrText)")
        XCTAssertTrue(daemon.isRunning)
        XCTAssertEqual(daemon.stderr.filter { $0.text.contains("journal: not written") }.count, 1, "logged once")
        XCTAssertTrue(daemon.stderrText.contains("No space left on device") || daemon.stderrText.contains("no space left"), daemon.stderrText)
        XCTAssertNil(try storedJournal(), "no journal, and nothing torn")
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 6), 0, daemon.stderrText)
    }
}
