import DriveLab
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// A tour of three regular stations and an svp trace, routed by a real Valhalla on the generated town (`TestMap`) and
/// guided end to end, once by `routecue simulate --engine` and once by `routecue run --engine` with the drive fed
/// through a real gpsd: the stops are announced, the trace's points never; the driver leaves the route after the
/// trace (straight on along Kammerstraße where the tour turns right into Koloniestraße), RouteCue asks the engine once
/// from where the car is, heading where it heads, and guides on the new route (Lotharstraße, Friedenstraße) to the
/// destination without saying again what it said (one departure, one arrival, each stop once). With the engine killed
/// after the tour was resolved, the reroute fails with a clear error, is asked again after the back-off, and the
/// resolved route keeps guiding.
final class ValhallaGuidanceTests: XCTestCase {
    private var valhalla: ValhallaProcess?
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?
    private var daemon: DaemonProcess?
    private var tmp: URL!

    override func setUpWithError() throws {
        try ValhallaProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        daemon?.kill()
        gpsd?.stop()
        feeder?.stop()
        valhalla?.stop()
        valhalla = nil
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    /// Where the car starts: Düsseldorfer Straße south of Mülheimer Straße, heading north.
    static let start = TownTours.rerouteStart
    /// The tour as planned.
    static let tour = TownTours.reroutePlanned
    /// The way driven (`TownTours.rerouteDriven`): straight on along Kammerstraße where the tour turns into Koloniestraße.
    static let driven = TownTours.rerouteDriven

    private func write(_ text: String, _ name: String) throws -> String {
        let url = tmp.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Starts the engine; writes the planned tour and a drive along the driven way (1 fix every `interval` s at about
    /// `speed` m/s, 3 m noise); returns the tour's path and the drive.
    private func scenario(speed: Double, interval: Double) throws -> (tour: String, drive: GeneratedDrive, service: ValhallaProcess) {
        let service = try ValhallaProcess(map: TestMap.town)
        valhalla = service
        let tour = try write(Self.tour, "tour.json")
        let input = try write(Self.driven, "driven.json")
        let out = tmp.appendingPathComponent("driven-routed.json").path
        let r = try CommandRunner.routecue(["route", "convert", input, "--to", "routecue", "--output", out,
                                            "--from", "\(Self.start.latitude),\(Self.start.longitude)", "--engine", service.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        let way = try RouteReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: out))), name: out)
        XCTAssertTrue(way.maneuvers.contains { $0.roadName == "Lotharstraße" }, "the driven way takes Lotharstraße: \(way.maneuvers.compactMap(\.roadName))")
        let fixes = (0...120).map { t in
            Fix(time: 1_000 + Double(t), received: .zero, position: Self.start, speed: speed, mode: .threeD, status: .gps)
        }
        var options = DriveOptions()
        options.fixInterval = interval
        let drive = try DriveGenerator.drive(way, trace: try SpeedTrace(fixes: fixes, name: "\(speed) m/s"), options: options)
        print(String(format: "valhalla guidance: driven way %.0f m, %d fixes", way.length, drive.fixes.count))
        return (tour, drive, service)
    }

    /// The planned tour resolved by the engine (`route convert`, from the start) into a file, and then the engine
    /// killed (SIGKILL, as in a crash); the file's path.
    private func resolvedThenEngineKilled(_ tour: String, _ service: ValhallaProcess) throws -> String {
        let resolved = tmp.appendingPathComponent("tour-routed.json").path
        let convert = try CommandRunner.routecue(["route", "convert", tour, "--to", "routecue", "--output", resolved,
                                                  "--from", "\(Self.start.latitude),\(Self.start.longitude)", "--engine", service.url])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        service.kill()
        return resolved
    }

    /// What every run of the scenario must have said, from its cue log.
    private func checkGuidance(_ log: [[String: Any]], _ context: String) throws {
        let spoken = log.filter { $0["event"] as? String == "spoken" }
        let texts = spoken.map { $0["text"] as? String ?? "" }
        print("valhalla guidance (\(context)): \(spoken.count) cues spoken:\n  " + texts.joined(separator: "\n  "))
        XCTAssertEqual(texts.filter { $0.hasPrefix("Head") }.count, 1, "one departure: \(texts)")
        XCTAssertTrue(texts.contains { $0.contains("Kammerstraße") && $0.contains("left") }, "the trace's left turn: \(texts)")
        let offRoute = try XCTUnwrap(spoken.firstIndex { $0["kind"] as? String == "reroute" }, "off the route: \(texts)")
        XCTAssertEqual(spoken.filter { $0["kind"] as? String == "reroute" }.count, 1, "off the route, said once: \(texts)")
        let after = Array(texts[(offRoute + 1)...])
        XCTAssertTrue(after.contains { $0.contains("Lotharstraße") }, "guided on the new route: \(after)")
        XCTAssertFalse(after.contains { $0.contains("Koloniestraße") }, "not sent back to the old one: \(after)")
        // Two stops and the destination, each announced once; none of the four trace points is announced.
        // (A stop's arrival is its maneuver's action cue when that is heard there, else a cue of kind waypoint.)
        XCTAssertEqual(texts.filter { $0.contains("reached your waypoint") }.count, 2, "no trace point announced: \(texts)")
        XCTAssertEqual(spoken.filter { $0["kind"] as? String == "arrival" }.count, 1, "one arrival: \(texts)")
        XCTAssertEqual(Set(after).count, after.count, "nothing said twice on the new route: \(after)")
    }

    func test_simulate_routesTheTour_announcesTheStops_andReroutesTheDriverWhoLeavesIt_once() throws {
        let (tour, drive, service) = try scenario(speed: 11, interval: 1)
        let nmea = try write(drive.nmeaText(), "drive.nmea")
        let cues = tmp.appendingPathComponent("cues.jsonl").path
        let r = try CommandRunner.routecue(["simulate", "--route", tour, "--engine", service.url, "--fixes", nmea, "--cues", cues])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains(" 1 reroute requests"), "asked once: \(r.stdout)")
        XCTAssertFalse(r.stderr.contains("reroute"), r.stderr)
        try checkGuidance(try cueLogEntries(at: cues), "simulate")
    }

    func test_theEngineKilledMidTour_givesAClearError_andTheResolvedRouteKeepsGuiding() throws {
        let (tour, drive, service) = try scenario(speed: 11, interval: 1)
        // The tour resolved while the engine was up, then the engine gone.
        let resolved = try resolvedThenEngineKilled(tour, service)
        let nmea = try write(drive.nmeaText(), "drive.nmea")
        let cues = tmp.appendingPathComponent("cues.jsonl").path
        let r = try CommandRunner.routecue(["simulate", "--route", resolved, "--engine", service.url, "--fixes", nmea, "--cues", cues])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("reroute (attempt 1) failed") && r.stderr.contains("unreachable"), r.stderr)
        let requests = try XCTUnwrap(rerouteRequests(inSummary: r.stdout), r.stdout)
        XCTAssertGreaterThanOrEqual(requests, 2, "asked again after the back-off: \(r.stdout)")
        let spoken = try spokenCueLogEntries(at: cues)
        let texts = spoken.map { $0["text"] as? String ?? "" }
        print("valhalla guidance (engine killed): \(requests) reroute requests, \(spoken.count) cues:\n  " + texts.joined(separator: "\n  "))
        XCTAssertTrue(texts.contains { $0.contains("Kammerstraße") }, "the resolved legs guided: \(texts)")
        XCTAssertEqual(spoken.filter { $0["kind"] as? String == "reroute" }.count, 1, "off the route, said once: \(texts)")
    }

    func test_run_throughGpsd_routesTheTourFromTheFirstFix_andReroutesInProcess_once() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd)") }
        // A brisk drive (22 m/s where the turns allow, 2 fixes a second) keeps the real-time run short.
        let (tour, drive, service) = try scenario(speed: 22, interval: 0.5)
        let feeder = try NMEAFeeder(epochs: drive.fixes.map(DriveNMEA.sentences(for:)), secondsPerEpoch: 0.5)
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
        let cues = tmp.appendingPathComponent("cues.jsonl").path
        let daemon = try DaemonProcess(["--route", tour, "--engine", service.url, "--gpsd", "127.0.0.1:\(gpsd!.port)",
                                        "--bus", "none", "--session-bus", "none", "--device", "null", "--cues", cues,
                                        "--log-level", "debug"])
        self.daemon = daemon
        XCTAssertNotNil(daemon.line(containing: "waiting for the first fix to route its first way", within: 10), daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "asking the routing engine for the tour's ways", within: 15), daemon.stderrText)
        let deadline = Date().addingTimeInterval(Double(drive.fixes.count) * 0.5 + 30)
        while !feeder.isFinished, daemon.isRunning, Date() < deadline { usleep(200_000) }
        XCTAssertNotNil(daemon.line(containing: "arrived at the destination", within: 10), daemon.stderrText)
        usleep(1_500_000)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)

        let log = daemon.stderrText
        XCTAssertEqual(log.components(separatedBy: "rerouting (off_route, attempt 1)").count - 1, 1, log)
        XCTAssertFalse(log.contains("attempt 2"), "one request was enough: \(log)")
        let answered = try XCTUnwrap(log.split(separator: "\n").first { $0.contains("route loaded from the routing engine after") },
                                     "the new route came from the engine: \(log)")
        print("valhalla guidance (run): \(answered)")
        try checkGuidance(try cueLogEntries(at: cues), "run through gpsd")
    }

    func test_run_withTheEngineKilledAfterTheTourWasResolved_failsTheRerouteClearly_andKeepsGuiding() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd)") }
        let (tour, drive, service) = try scenario(speed: 22, interval: 0.5)
        let resolved = try resolvedThenEngineKilled(tour, service)
        // The drive from the trace on (its first third, already guided in the other tests, left out to keep it short).
        let fixes = Array(drive.fixes.dropFirst(drive.fixes.count / 3))
        let feeder = try NMEAFeeder(epochs: fixes.map(DriveNMEA.sentences(for:)), secondsPerEpoch: 0.5)
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
        let cues = tmp.appendingPathComponent("cues.jsonl").path
        let daemon = try DaemonProcess(["--route", resolved, "--engine", service.url, "--gpsd", "127.0.0.1:\(gpsd!.port)",
                                        "--bus", "none", "--session-bus", "none", "--device", "null", "--cues", cues])
        self.daemon = daemon
        let deadline = Date().addingTimeInterval(Double(fixes.count) * 0.5 + 30)
        while !feeder.isFinished, daemon.isRunning, Date() < deadline { usleep(200_000) }
        XCTAssertNotNil(daemon.line(containing: "arrived at the destination", within: 10), daemon.stderrText)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)

        let log = daemon.stderrText
        let failures = log.split(separator: "\n").filter { $0.contains("reroute failed") }
        print("valhalla guidance (run, engine killed): \(failures.count) failed reroutes:\n  " + failures.joined(separator: "\n  "))
        XCTAssertFalse(failures.isEmpty, log)
        XCTAssertTrue(failures.allSatisfy { $0.contains("unreachable") && $0.contains("asking again after the back-off") }, log)
        XCTAssertTrue(log.contains("rerouting (off_route, attempt 2)"), "asked again after the back-off: \(log)")
        let spoken = try spokenCueLogEntries(at: cues)
        let texts = spoken.map { $0["text"] as? String ?? "" }
        print("valhalla guidance (run, engine killed): \(spoken.count) cues:\n  " + texts.joined(separator: "\n  "))
        XCTAssertEqual(spoken.filter { $0["kind"] as? String == "reroute" }.count, 1, "off the route, said once: \(texts)")
        XCTAssertTrue(spoken.contains { $0["kind"] as? String == "arrival" }, "the resolved route guided to the destination: \(texts)")
        XCTAssertTrue(daemon.isRunning == false)
    }
}
