import DBusKit
import DriveLab
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// A test against a real Valhalla on the generated town (`TestMap`): skipped with a visible message when the engine
/// cannot be had; the engine, and the private bus and `routecue run` a test starts with `startDaemon`, stopped by
/// their PIDs in tearDown, also on failure.
class ValhallaTestCase: XCTestCase {
    var valhalla: ValhallaProcess?
    var tmp: URL!
    var bus: DBusDaemonProcess?
    var daemon: DaemonProcess?
    var client: BusConnection?

    /// Guidance1 on the daemon's bus.
    let guidance: (name: BusName, path: ObjectPath, interface: InterfaceName) = ("org.routecue", "/org/routecue/Guidance", "org.routecue.Guidance1")

    override func setUpWithError() throws {
        try ValhallaProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        let client = client
        _ = try? onLoop { client?.close() }
        daemon?.kill()
        bus?.stop()
        valhalla?.stop()
        valhalla = nil
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    /// The engine on the town's tiles.
    func startEngine() throws -> ValhallaProcess {
        let service = try ValhallaProcess(map: TestMap.town)
        valhalla = service
        return service
    }

    /// `routecue run` with the configuration `json` on a private session bus (no gpsd, the null device), and a client
    /// connection to that bus.
    func startDaemon(config json: String) throws -> (DaemonProcess, BusConnection) {
        try DBusDaemonProcess.require()
        let bus = try DBusDaemonProcess(.session)
        self.bus = bus
        let config = tmp.appendingPathComponent("routecue-run.json")
        try json.write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--bus", bus.address, "--session-bus", "none", "--gpsd", "127.0.0.1:9", "--device", "null",
                                        "--config", config.path])
        self.daemon = daemon
        XCTAssertTrue(bus.waitForOwner(of: guidance.name.rawValue, within: 10), daemon.stderrText)
        let client = try connectToBus(bus.address)
        self.client = client
        return (daemon, client)
    }

    /// Guidance1.LoadRoute of `document` (format detected).
    func loadRoute(_ client: BusConnection, _ document: String) throws -> Result<[DBusValue], BusError> {
        try callAndWait(client, guidance.name, guidance.path, guidance.interface, "LoadRoute", [.string("auto"), .string(document)])
    }

    /// Guidance1.GetManeuvers: one dictionary per maneuver.
    func maneuvers(_ client: BusConnection) throws -> [[String: DBusValue]] {
        try XCTUnwrap(try callAndWait(client, guidance.name, guidance.path, guidance.interface, "GetManeuvers").get().first?.elements)
            .compactMap(\.dictionary)
    }
}

/// How many reroute requests `routecue simulate`'s summary counts (`… N reroute requests …`).
func rerouteRequests(inSummary stdout: String) -> Int? {
    stdout.components(separatedBy: " reroute requests").first?.split(separator: " ").last.flatMap { Int($0) }
}

/// The entries of the cue log at `path` (none when it was never written); a line that is not a JSON object fails.
/// `text` is the cue's words (`CueWording.words(of:)`: the test town's German names are said by the German voice in
/// English guidance, so most cues are SSML), `speech` what espeak-ng read.
func cueLogEntries(at path: String) throws -> [[String: Any]] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map {
        var entry = try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        if let speech = entry["text"] as? String {
            entry["speech"] = speech
            entry["text"] = CueWording.words(of: speech)
        }
        return entry
    }
}

/// The entries of the cue log at `path` whose cue was spoken.
func spokenCueLogEntries(at path: String) throws -> [[String: Any]] {
    try cueLogEntries(at: path).filter { $0["event"] as? String == "spoken" }
}
