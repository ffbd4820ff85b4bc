import DriveLab
import EventLoopKit
import Foundation
import Glibc
import TestSupport
import XCTest

/// `routecue ctl` against `routecue run` on a private bus: each command run as the integrator runs it (a child
/// process), its output and exit status; `watch` as a long-running child ended by SIGINT.
final class CtlCommandTests: XCTestCase {
    private var tmp: URL!
    private var bus: DBusDaemonProcess?
    private var daemon: DaemonProcess?
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?
    private var watches: [CtlWatchProcess] = []

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
        bus = try DBusDaemonProcess(.session)
    }

    override func tearDown() {
        for watch in watches { watch.kill() }
        daemon?.kill()
        gpsd?.stop()
        feeder?.stop()
        bus?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    /// `routecue run` on the test bus, without gpsd (nothing listens on port 9) unless `gpsdPort` is given.
    private func startDaemon(gpsdPort: Int = 9) throws {
        daemon = try DaemonProcess(["--bus", bus!.address, "--gpsd", "127.0.0.1:\(gpsdPort)", "--device", "null"])
        XCTAssertTrue(bus!.waitForOwner(of: "org.routecue", within: 10), daemon?.stderrText ?? "")
    }

    /// `routecue ctl --bus ADDRESS ARGUMENTS`.
    @discardableResult
    private func ctl(_ arguments: String...) throws -> CommandRunner.Result {
        try CommandRunner.routecue(["ctl", "--bus", bus!.address] + arguments)
    }

    private func watch() throws -> CtlWatchProcess {
        let watch = try CtlWatchProcess(["ctl", "--bus", bus!.address, "watch"])
        watches.append(watch)
        XCTAssertNotNil(watch.line(containing: "org.routecue is owned by", within: 10), "the watch is ready: \(watch.output)")
        return watch
    }

    func test_load_status_maneuvers_andStart_showTheRouteAndTheState() throws {
        try startDaemon()
        let status0 = try ctl("status")
        XCTAssertEqual(status0.status, 0, status0.stderr)
        XCTAssertTrue(status0.stdout.contains("State: idle\n"), status0.stdout)
        XCTAssertTrue(status0.stdout.contains("NextManeuver: none\n"), status0.stdout)
        XCTAssertTrue(status0.stdout.contains("Muted: false\n"), "Audio1's properties too: \(status0.stdout)")

        let loaded = try ctl("load", "examples/grid-trip.osrm.json")
        XCTAssertEqual(loaded.status, 0, loaded.stderr)
        XCTAssertEqual(loaded.stdout, "loaded 7 maneuvers\n")

        let maneuvers = try ctl("maneuvers")
        XCTAssertEqual(maneuvers.status, 0, maneuvers.stderr)
        let rows = maneuvers.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, 8, "a header and 7 maneuvers: \(maneuvers.stdout)")
        XCTAssertTrue(rows[1].contains("depart") && rows[1].contains("Ringstraße"), "\(rows[1])")
        XCTAssertTrue(rows[2].contains("turn") && rows[2].contains("right") && rows[2].contains("Lindenallee")
            && rows[2].contains("420 m"), "\(rows[2])")
        XCTAssertTrue(rows[3].contains("1.07 km"), "\(rows[3])")

        XCTAssertEqual(try ctl("start").status, 0)
        let status1 = try ctl("status")
        XCTAssertTrue(status1.stdout.contains("State: waiting-for-fix\n"), status1.stdout)
        XCTAssertEqual(try ctl("get", "State").stdout, "waiting-for-fix\n")
        XCTAssertEqual(try ctl("stop").status, 0)
        XCTAssertEqual(try ctl("get", "state").stdout, "idle\n", "a property name in any case")
    }

    func test_setAndGet_options_refusedValues_say_andABadFile() throws {
        try startDaemon()
        XCTAssertEqual(try ctl("set", "units", "imperial_us").status, 0)
        XCTAssertEqual(try ctl("get", "units").stdout, "imperial_us\n")
        XCTAssertEqual(try ctl("get", "Units").stdout, "imperial_us\n")

        let refused = try ctl("set", "units", "furlongs")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "routecue ctl: org.freedesktop.DBus.Error.InvalidArgs: option units must be metric, imperial_us, imperial_uk, not 'furlongs'\n")
        XCTAssertEqual(try ctl("get", "units").stdout, "imperial_us\n", "a refused value changes nothing")

        XCTAssertEqual(try ctl("set", "included_stages", "range,action").status, 0)
        XCTAssertEqual(try ctl("get", "included_stages").stdout, "range,action\n")
        XCTAssertEqual(try ctl("set", "natural_guidance", "false").status, 0)
        XCTAssertEqual(try ctl("get", "natural_guidance").stdout, "false\n")
        XCTAssertEqual(try ctl("set", "Muted", "true").status, 0, "a writable property")
        XCTAssertEqual(try ctl("get", "Muted").stdout, "true\n")

        let said = try ctl("say", "Tankstelle in 2 Kilometern")
        XCTAssertEqual(said.status, 0, said.stderr)
        XCTAssertNotNil(UInt32(said.stdout.trimmingCharacters(in: .newlines)), "the output's id: \(said.stdout)")

        let badFile = tmp.appendingPathComponent("bad.json")
        try #"{"routes": 3}"#.write(to: badFile, atomically: true, encoding: .utf8)
        let bad = try ctl("load", badFile.path)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("routecue ctl: org.routecue.Error.BadRoute: "), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("routes"), bad.stderr)
        let missing = try ctl("load", tmp.appendingPathComponent("none.json").path)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("No such file or directory"), missing.stderr)

        let unknown = try ctl("get", "colour")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no option or property colour"), unknown.stderr)
    }

    func test_aFileOver1MiB_isPassedAsADescriptor() throws {
        try startDaemon()
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json"), encoding: .utf8)
        let big = tmp.appendingPathComponent("big.osrm.json")
        try (text + String(repeating: " ", count: 1_100_000)).write(to: big, atomically: true, encoding: .utf8)
        let loaded = try ctl("load", big.path, "--format", "osrm")
        XCTAssertEqual(loaded.status, 0, loaded.stderr)
        XCTAssertEqual(loaded.stdout, "loaded 7 maneuvers\n")
        XCTAssertNotNil(daemon?.line(containing: "route loaded from LoadRouteFd", within: 5), daemon?.stderrText ?? "")
    }

    func test_watch_printsPropertiesChanged_andSIGINTEndsItWithExit0() throws {
        try startDaemon()
        let watch = try watch()
        let set = try ctl("set", "language", "de-DE")
        XCTAssertEqual(set.status, 0, set.stderr)
        let line = watch.line(containing: "PropertiesChanged Guidance1", within: 5)
        XCTAssertNotNil(line, watch.output)
        XCTAssertTrue(line?.contains("Language=de-DE") == true, line ?? "")

        XCTAssertEqual(try ctl("say", "Hallo").status, 0)
        XCTAssertNotNil(watch.line(containing: "WillPlay ", within: 5), watch.output)
        XCTAssertNotNil(watch.line(containing: "DidPlay ", within: 10), watch.output)

        watch.send(SIGINT)
        XCTAssertEqual(watch.waitForExit(within: 5), 0, watch.output)
        XCTAssertEqual(watch.errors, "", "nothing on stderr after SIGINT")
    }

    func test_watch_goesOnWhileRouteCueIsAway_andShowsItComingBack() throws {
        let watch = try CtlWatchProcess(["ctl", "--bus", bus!.address, "watch"])
        watches.append(watch)
        XCTAssertNotNil(watch.line(containing: "org.routecue has no owner", within: 10), watch.output)
        try startDaemon()
        XCTAssertNotNil(watch.line(containing: "org.routecue is owned by", within: 10), watch.output)
        XCTAssertNotNil(watch.line(containing: "PropertiesChanged Guidance1 State=idle", within: 10),
                        "RouteCue sends every property when it owns the name: \(watch.output)")
        daemon?.send(SIGTERM)
        XCTAssertEqual(daemon?.waitForExit(within: 5), 0)
        XCTAssertTrue(PollingWait.until(timeout: 5) { watch.lines.filter { $0.contains("has no owner") }.count == 2 }, watch.output)
        XCTAssertTrue(watch.isRunning, "the watch goes on")
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(within: 5), 0, watch.output)
    }

    func test_watch_printsEventText_asGuidanceSpeaks() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd): skipped") }
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        let feeder = try NMEAFeeder(epochs: Array(NMEAFeeder.epochs(ofNMEA: text).prefix(20)))
        self.feeder = feeder
        gpsd = try GPSDProcess(feedPort: feeder.port)
        try startDaemon(gpsdPort: gpsd!.port)
        let watch = try watch()
        XCTAssertEqual(try ctl("load", "examples/grid-trip.osrm.json").status, 0)
        XCTAssertEqual(try ctl("start").status, 0)
        let line = watch.line(containing: "EventText ", within: 20)
        print("watch: \(line ?? "no EventText")")
        XCTAssertEqual(line?.hasPrefix(#"EventText "Head north on Ringstraße" maneuver "#), true, watch.output)
        XCTAssertTrue(line?.contains(" maneuver=0") == true && line?.contains(" lang=en-US") == true, line ?? "")
        XCTAssertNotNil(watch.line(containing: "State=guiding", within: 10), watch.output)
        let status = try ctl("status")
        XCTAssertTrue(status.stdout.contains("NextManeuver: turn right onto Lindenallee (maneuver 1)\n"), status.stdout)
        XCTAssertNotNil(status.stdout.range(of: #"DistanceRemaining: \d+ m\n"#, options: .regularExpression), status.stdout)
    }

    func test_noRouteCueOnTheBus_noBus_andUsageErrors() throws {
        let absent = try ctl("status")
        XCTAssertEqual(absent.status, 1)
        XCTAssertTrue(absent.stderr.contains("nothing owns org.routecue on the bus at"), absent.stderr)
        let noBus = try CommandRunner.routecue(["ctl", "--bus", "unix:path=\(tmp.path)/no-bus", "status"])
        XCTAssertEqual(noBus.status, 1)
        XCTAssertTrue(noBus.stderr.hasPrefix("routecue ctl: cannot connect to the bus at unix:path="), noBus.stderr)

        for arguments in [["frob"], [], ["route", "loud"], ["set", "units"], ["status", "--format", "osrm"], ["get", "State", "--timeout", "0"]] {
            let result = try ctl(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("usage: routecue ctl"), "\(arguments): \(result.stderr)")
        }
        let help = try CommandRunner.routecue(["ctl", "--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["status", "load FILE", "say TEXT", "route default|speaker|hfp", "set KEY VALUE", "get KEY", "maneuvers", "watch", "--timeout"] {
            XCTAssertTrue(help.stdout.contains(command), command)
        }
        XCTAssertTrue(try CommandRunner.routecue(["--help"]).stdout.contains("ctl [--bus BUS] COMMAND"))
    }

    private func ctl(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.routecue(["ctl", "--bus", bus!.address] + arguments)
    }
}

/// `routecue ctl watch` as a child process: its standard output collected line by line, its standard error kept;
/// killed by PID when the test ends.
private final class CtlWatchProcess: @unchecked Sendable {
    /// What the reading threads collect.
    private final class Collected: Sendable {
        private let state = LockedValue<(lines: [String], errors: String)>(([], ""))
        func append(line: String) { state.withLock { $0.lines.append(line) } }
        func append(errors: String) { state.withLock { $0.errors += errors } }
        var lines: [String] { state.withLock { $0.lines } }
        var errors: String { state.withLock { $0.errors } }
    }

    private let process = Process()
    private let collected = Collected()
    private var readers: [Thread] = []

    init(_ arguments: [String]) throws {
        process.executableURL = CommandRunner.routecueBinary
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let collected = collected
        readers = [Thread {
            var pending = Data()
            while case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
                pending += chunk
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    collected.append(line: line)
                }
            }
        }, Thread {
            while case let chunk = err.fileHandleForReading.availableData, !chunk.isEmpty {
                collected.append(errors: String(decoding: chunk, as: UTF8.self))
            }
        }]
        for reader in readers { reader.start() }
    }

    deinit { kill() }

    var lines: [String] { collected.lines }
    var errors: String { collected.errors }
    var output: String { (lines + ["(stderr) " + errors]).joined(separator: "\n") }
    var isRunning: Bool { process.isRunning }

    /// The first line containing `text`, waiting up to `timeout` seconds.
    func line(containing text: String, within timeout: Double) -> String? {
        PollingWait.until(timeout: timeout) { lines.contains { $0.contains(text) } }
        return lines.first { $0.contains(text) }
    }

    func send(_ signal: Int32) {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, signal) }
    }

    /// Its exit status once it has exited (within `timeout` seconds), nil if it still runs or a signal ended it.
    func waitForExit(within timeout: Double) -> Int32? {
        guard PollingWait.until(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    func kill() {
        if process.isRunning {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
