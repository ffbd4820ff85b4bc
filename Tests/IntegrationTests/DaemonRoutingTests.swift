import DBusKit
import DriveLab
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// `routecue run` with a routing engine (a scripted server standing in for Valhalla; the real one runs in the Valhalla
/// tests): LoadRoute of a tour of bare stations is answered once the engine has given its way, with the engine's
/// maneuvers; an engine that is gone fails the call with RoutingFailed and the old route stays; a tour given at start
/// while the engine is down is tried again until it comes up, and RouteCue keeps running.
final class DaemonRoutingTests: XCTestCase {
    private var tmp: URL!
    private var bus: DBusDaemonProcess?
    private var daemon: DaemonProcess?
    private var client: BusConnection?
    private var servers: [ScriptedTCPServer] = []
    private var feeder: NMEAFeeder?
    private var gpsd: GPSDProcess?

    private static let name: BusName = "org.routecue"
    private static let path: ObjectPath = "/org/routecue/Guidance"
    private static let guidance: InterfaceName = "org.routecue.Guidance1"

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
        bus = try DBusDaemonProcess(.session)
    }

    override func tearDown() {
        let client = client
        _ = try? onLoop { client?.close() }
        daemon?.kill()
        for server in servers { server.stop() }
        gpsd?.stop()
        feeder?.stop()
        bus?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private let example = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")

    /// An engine answering every request with the example route.
    private func engine(port: UInt16 = 0) throws -> ScriptedTCPServer {
        let body = try String(contentsOf: example, encoding: .utf8)
        // It answers once the request came: answering and closing before it arrived resets the connection.
        let server = try ScriptedTCPServer(port: port, script: [.receive, .send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8)),
                                                                .send(Array(body.utf8)), .close])
        servers.append(server)
        return server
    }

    /// A tour of two bare stations at the example route's ends.
    private func tour() throws -> String {
        let routed = try RouteReader.read(Array(try Data(contentsOf: example)), name: "grid-trip.osrm.json")
        let (a, b) = (routed.geometry.coordinates[0], routed.geometry.coordinates[routed.geometry.count - 1])
        return """
        {"srs": "EPSG:4326", "stations": [{"type": "regular", "name": "Start", "point": {"x": \(a.longitude), "y": \(a.latitude)}},
                                          {"type": "regular", "name": "Schule", "point": {"x": \(b.longitude), "y": \(b.latitude)}}]}
        """
    }

    private func startDaemon(enginePort: UInt16, gpsd: String = "127.0.0.1:9", extra: [String] = []) throws -> DaemonProcess {
        let config = tmp.appendingPathComponent("routecue.json")
        try #"{"routing": {"engine_url": "http://127.0.0.1:\#(enginePort)", "timeout_s": 2}}"#.write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--bus", bus!.address, "--session-bus", "none", "--gpsd", gpsd, "--device", "null",
                                        "--config", config.path, "--log-level", "debug"] + extra)
        self.daemon = daemon
        XCTAssertTrue(bus!.waitForOwner(of: Self.name.rawValue, within: 10), daemon.stderrText)
        client = try connectToBus(bus!.address)
        return daemon
    }

    private func load(_ document: String) throws -> Result<[DBusValue], BusError> {
        try callAndWait(client!, Self.name, Self.path, Self.guidance, "LoadRoute", [.string("auto"), .string(document)])
    }

    func test_loadRoute_ofABareTour_isAnsweredWithTheEnginesWay_andAnEngineGoneIsRoutingFailed() throws {
        let server = try engine()
        let daemon = try startDaemon(enginePort: server.port)
        let document = try tour()
        XCTAssertEqual(try load(document).get(), [.uint32(7)], "the engine's 6 maneuvers and the tour's arrival\n\(daemon.stderrText)")
        XCTAssertNotNil(daemon.line(containing: "asking the routing engine for the tour's ways", within: 1), daemon.stderrText)
        XCTAssertEqual(server.connectionCount, 1)
        let names = try callAndWait(client!, Self.name, Self.path, Self.guidance, "GetManeuvers").get().first?.elements?.count
        XCTAssertEqual(names, 7)

        server.stop()
        guard case .failure(let error) = try load(document) else { return XCTFail("loaded without an engine") }
        XCTAssertEqual(error.name, "org.routecue.Error.RoutingFailed")
        XCTAssertTrue(error.message.contains("stations[1]: routing engine http://127.0.0.1:\(server.port)"), error.message)
        XCTAssertEqual(try callAndWait(client!, Self.name, Self.path, Self.guidance, "GetManeuvers").get().first?.elements?.count, 7,
                       "the old route stays")
        XCTAssertEqual(try load("{\"routes\": 3}").failure?.name, "org.routecue.Error.BadRoute", "a broken document is still BadRoute")
        XCTAssertTrue(daemon.isRunning)
    }

    /// The daemon's `RoutingState`.
    private func routingState() throws -> String? {
        guard case .string(let state)? = try propertyAndWait(client!, Self.name, Self.path, Self.guidance, "RoutingState") else { return nil }
        return state
    }

    func test_aTourGivenAtStart_waitsForTheFirstFix_andWhileTheEngineIsDown_isTriedAgainUntilItComesUp() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd)") }
        let port = try LoopbackSocket.freePort()
        let file = tmp.appendingPathComponent("tour.json")
        try tour().write(to: file, atomically: true, encoding: .utf8)
        // The car sets off from the tour's first station (the example drive); its receiver starts 3 s after RouteCue.
        let drive = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea"), encoding: .utf8)
        let feeder = try NMEAFeeder(epochs: NMEAFeeder.epochs(ofNMEA: drive))
        self.feeder = feeder
        let gpsdPort = try LoopbackSocket.freePort()
        let daemon = try startDaemon(enginePort: port, gpsd: "127.0.0.1:\(gpsdPort)", extra: ["--route", file.path])
        XCTAssertNotNil(daemon.line(containing: "waiting for the first fix to route its first way", within: 5), daemon.stderrText)
        XCTAssertEqual(try routingState(), "waiting-for-fix")
        usleep(3_000_000)
        gpsd = try GPSDProcess(feedPort: feeder.port, port: Int(gpsdPort))
        XCTAssertNotNil(daemon.line(containing: "trying again in 2 s", within: 10), daemon.stderrText)
        XCTAssertEqual(try routingState(), "unreachable", "the engine being down is visible on D-Bus")
        _ = try engine(port: port)
        // The car stands at the first station, so the tour starts there: the engine's 6 maneuvers and the arrival.
        XCTAssertNotNil(daemon.line(containing: "route loaded from \(file.path): 7 maneuvers", within: 10), daemon.stderrText)
        XCTAssertEqual(try routingState(), "ready")
        XCTAssertTrue(daemon.isRunning)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
