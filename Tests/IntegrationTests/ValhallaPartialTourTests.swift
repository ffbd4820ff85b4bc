import DBusKit
import DriveLab
import Foundation
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// A tour one of whose ways a real Valhalla cannot give (its last station 30 km outside the generated town, where the
/// map has no road: "No suitable edges near location"): RouteCue guides the stations it has ways for, announces the
/// last of them as a stop (not the destination), says which station failed and keeps asking for the rest
/// (`tour_continues`, with the reroute back-off), in `routecue simulate` and over D-Bus in `routecue run`.
final class ValhallaPartialTourTests: ValhallaTestCase {
    static let start = TownTours.rerouteStart
    /// Two stops in the town, then a station the engine has no road for.
    static let tour: String = {
        let far = GeoMath.destination(from: TestMap.origin, bearing: 45, distance: 30_000)
        return "{\"srs\": \"EPSG:4326\", \"stations\": [\(TownTours.regular("Grabenstraße", at: TestMap.coordinate(x: 750, y: 650))), "
            + "\(TownTours.regular("Friedenstraße", at: TestMap.Places.friedenstrasse)), \(TownTours.regular("Außerhalb", at: far))]}"
    }()

    private func write(_ text: String, _ name: String) throws -> String {
        let url = tmp.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func test_simulate_guidesTheStopsThatHaveWays_announcesTheLastAsAStop_andAsksForTheRestAgain() throws {
        let service = try startEngine()
        let tour = try write(Self.tour, "tour.json")
        // The route tools take a whole route only: the missing way is an error naming its station.
        let inspect = try CommandRunner.routecue(["route", "inspect", tour, "--engine", service.url,
                                                  "--from", "\(Self.start.latitude),\(Self.start.longitude)"])
        XCTAssertNotEqual(inspect.status, 0)
        XCTAssertTrue(inspect.stderr.contains("stations[2]"), inspect.stderr)

        // The drive along the part that has ways (as the engine gives it to the first two stops).
        var settings = RoutingSettings()
        settings.engineURL = service.url
        let engine = try XCTUnwrap(try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car))
        let partial = try engine.readBlocking(Array(Self.tour.utf8), name: "tour", options: ImportOptions(vehiclePosition: Self.start), partly: true)
        XCTAssertEqual(partial.unresolvedWaypoints.map(\.name), ["Außerhalb"])
        let fixes = (0...90).map { t in Fix(time: 1_000 + Double(t), received: .zero, position: Self.start, speed: 11, mode: .threeD, status: .gps) }
        let drive = try DriveGenerator.drive(partial, trace: try SpeedTrace(fixes: fixes, name: "11 m/s"), options: DriveOptions())
        let nmea = try write(drive.nmeaText(), "drive.nmea")
        let cues = tmp.appendingPathComponent("cues.jsonl").path
        let r = try CommandRunner.routecue(["simulate", "--route", tour, "--engine", service.url, "--fixes", nmea, "--cues", cues])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("guiding to the last stop that has its way (Friedenstraße) for now") && r.stderr.contains("stations[2]"), r.stderr)
        let requests = try XCTUnwrap(rerouteRequests(inSummary: r.stdout), r.stdout)
        XCTAssertGreaterThanOrEqual(requests, 2, "the rest asked for again, with the back-off: \(r.stdout)")
        XCTAssertTrue(r.stderr.contains("reroute (attempt 1) failed"), r.stderr)
        let spoken = try spokenCueLogEntries(at: cues)
        let texts = spoken.compactMap { $0["text"] as? String }
        print("valhalla partial tour: \(requests) requests for the rest; spoken:\n  " + texts.joined(separator: "\n  "))
        XCTAssertEqual(texts.filter { $0.contains("reached your waypoint") }.count, 2, "both stops, as stops: \(texts)")
        XCTAssertFalse(texts.contains { $0.contains("destination") }, "Friedenstraße is not the destination: \(texts)")
        XCTAssertFalse(spoken.contains { $0["kind"] as? String == "reroute" }, "not off the route: \(texts)")
    }

    func test_run_loadRoute_ofATourWithAWayMissing_loadsTheStopsThatHaveWays_andSaysWhichStationFailed() throws {
        let service = try startEngine()
        let (daemon, client) = try startDaemon(config: #"{"routing": {"engine_url": "\#(service.url)"}}"#)
        let loaded = try loadRoute(client, Self.tour)
        XCTAssertNotNil(try loaded.get().first, daemon.stderrText)
        XCTAssertNotNil(daemon.line(containing: "guiding to the last stop that has its way (Friedenstraße) for now, 1 waypoint after it asked for again: the document: stations[2]", within: 5),
                        daemon.stderrText)
        let types = try self.maneuvers(client).compactMap { $0["type"]?.string }
        // Without a fix the tour starts at its first station: the route ends at the second, as a stop.
        XCTAssertEqual(types.last, "waypoint", "\(types)")
        XCTAssertFalse(types.contains("arrive"), "no destination yet: \(types)")
        XCTAssertTrue(daemon.isRunning)
    }
}
