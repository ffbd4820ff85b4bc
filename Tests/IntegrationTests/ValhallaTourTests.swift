import DriveLab
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// A tour as integrators write it (the PTV form: a bare array of PTV Mercator metres, bare `regular` stations and an
/// `svp` trace of seven points 70–120 m apart, each with a course), routed by a real Valhalla on the generated town
/// (`TestMap`) through `routecue route convert --engine` and guided end to end by `routecue simulate --engine` on a
/// drive along the routed way: the stations are announced, the trace's points never, and the trace is driven along
/// the map's streets with their names and turns instead of straight lines between its points.
final class ValhallaTourTests: XCTestCase {
    private var valhalla: ValhallaProcess?
    private var tmp: URL!

    override func setUpWithError() throws {
        try ValhallaProcess.require()
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        valhalla?.stop()
        valhalla = nil
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private func start() throws -> ValhallaProcess {
        let service = try ValhallaProcess(map: TestMap.town)
        valhalla = service
        return service
    }

    /// Where the drive starts: Neudorfer Straße, in the south of the town.
    static let vehicle = TestMap.Places.neudorferStrasse

    /// The seven points of the trace and their courses (north 0°, clockwise): north on Düsseldorfer Straße from the
    /// PTV example's first point, left into Kammerstraße, right into Koloniestraße.
    static let trace: [(x: Double, y: Double, course: Double)] = [
        (750, 789, 0), (750, 900, 0), (750, 990, 0), (680, 1050, 270), (560, 1050, 270), (500, 1120, 0), (500, 1230, 0),
    ]

    /// The tour: Sternbuschweg (a stop), the trace, Friedenstraße (a stop), Oststraße north of the roundabout (the
    /// destination).
    static func tourText() -> String {
        func point(_ c: Coordinate, course: Double? = nil) -> String {
            let p = Mercator.project(c, radius: Mercator.ptvRadius)
            let metres = String(format: "\"x\": %.2f, \"y\": %.2f", p.x, p.y)
            return course.map { "{\(metres), \"course\": \($0)}" } ?? "{\(metres)}"
        }
        let svp = trace.enumerated().map { k, p in
            // The first point is the PTV example's own (51.4671 N 6.7568 E), the others on the grid.
            point(k == 0 ? TestMap.Places.tourFirstPoint : TestMap.coordinate(x: p.x, y: p.y), course: p.course)
        }
        return """
        [{"type": "regular", "name": "Sternbuschweg", "point": \(point(TestMap.Places.sternbuschweg))},
         {"type": "svp", "points": [\(svp.joined(separator: ", "))]},
         {"type": "regular", "name": "Friedenstraße", "point": \(point(TestMap.Places.friedenstrasse))},
         {"type": "regular", "name": "Oststraße", "point": \(point(TestMap.Places.roundaboutNorthArm))}]
        """
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = tmp.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private var from: String { "\(Self.vehicle.latitude),\(Self.vehicle.longitude)" }

    /// The tour routed by the engine, as `routecue route convert` writes it, read back.
    private func routedTour(_ service: ValhallaProcess, tour: String, lang: String = "en-US") throws -> Route {
        let out = tmp.appendingPathComponent("routed-\(lang).json").path
        let started = Date()
        let r = try CommandRunner.routecue(["route", "convert", tour, "--to", "routecue", "--output", out, "--from", from,
                                            "--engine", service.url, "--lang", lang])
        print(String(format: "valhalla tour: routed (4 ways and the trace) by route convert in %.0f ms", Date().timeIntervalSince(started) * 1000))
        XCTAssertEqual(r.status, 0, r.stderr)
        return try RouteReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: out))), name: out)
    }

    func test_withoutAnEngine_theTourIsRefused_namingTheStation() throws {
        let tour = try write(Self.tourText(), "tour.json")
        let r = try CommandRunner.routecue(["route", "inspect", tour, "--from", from])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("stations[0]") && r.stderr.contains("--engine URL"), r.stderr)
    }

    func test_theTourIsRouted_alongTheMapsStreets_throughTheTracePointsInTheirDirection() throws {
        let service = try start()
        let tour = try write(Self.tourText(), "tour.json")
        let route = try routedTour(service, tour: tour)

        XCTAssertEqual(route.legs.count, 3, "one leg per regular station")
        let roles = route.waypoints.map(\.role)
        XCTAssertEqual(roles.filter { $0 != .silentVia }, [.start, .via, .via, .destination])
        XCTAssertEqual(route.waypoints.filter { $0.role != .silentVia }.compactMap(\.name), ["Sternbuschweg", "Friedenstraße", "Oststraße"])
        let vias = route.waypoints.filter { $0.role == .silentVia }
        XCTAssertEqual(vias.count, 7)
        XCTAssertTrue(vias.allSatisfy { !$0.announced })
        let along = route.waypoints.map(\.distanceAlong)
        XCTAssertEqual(along, along.sorted(), "waypoints in travel order")

        // The way passes each trace point on its street (the points are on the street's centre line), heading along
        // the point's course.
        let coordinates = route.geometry.coordinates
        for (k, via) in vias.enumerated() {
            let passing = route.geometry.coordinate(atDistance: via.distanceAlong)
            XCTAssertLessThan(GeoMath.distance(passing, via.location), 5, "trace point \(k) is on the way")
            let i = max(0, min(coordinates.count - 2, route.geometry.segmentIndex(atDistance: via.distanceAlong)))
            let bearing = GeoMath.bearing(from: coordinates[i], to: coordinates[i + 1])
            XCTAssertLessThan(abs(GeoMath.turnAngle(from: Self.trace[k].course, to: bearing)), 30,
                              "trace point \(k) is passed heading \(Self.trace[k].course)°, not \(bearing)°")
        }

        // The trace's corners are the map's junctions, with its street names: left into Kammerstraße at Düsseldorfer
        // Straße, right into Koloniestraße; nothing derived from straight lines between the points.
        XCTAssertFalse(route.maneuvers.contains { $0.provenance.kind == .derived }, "\(route.maneuvers.map(\.provenance))")
        let traceSpan = (vias.first?.distanceAlong ?? 0)...(vias.last?.distanceAlong ?? 0)
        let traceTurns = route.maneuvers.filter { traceSpan.contains($0.distanceAlong) && $0.type != .depart }
        XCTAssertEqual(traceTurns.map(\.roadName), ["Kammerstraße", "Koloniestraße"], "\(traceTurns.map { "\($0.type) \($0.modifier.map { "\($0)" } ?? "") \($0.roadName ?? "-")" })")
        XCTAssertEqual(traceTurns.map(\.modifier), [.left, .right])
        XCTAssertLessThan(GeoMath.distance(traceTurns[0].location, TestMap.coordinate(x: 750, y: 1050)), 10)
        XCTAssertLessThan(GeoMath.distance(traceTurns[1].location, TestMap.coordinate(x: 500, y: 1050)), 10)
        let streets: Set = ["Neudorfer Straße", "Mülheimer Straße", "Grabenstraße", "Kammerstraße", "Friedenstraße",
                            "Lotharstraße", "Koloniestraße", "Düsseldorfer Straße", "Oststraße", "Sternbuschweg"]
        let named = Set(route.maneuvers.compactMap(\.roadName))
        XCTAssertTrue(named.isSubset(of: streets) && named.count >= 5, "the map's street names: \(named)")

        // In German, the engine words the same tour's instructions in German.
        let german = try routedTour(service, tour: tour, lang: "de-DE")
        XCTAssertEqual(german.source.language, "de-DE")
        XCTAssertTrue(german.maneuvers.compactMap(\.instruction).contains { $0.contains("Kammerstraße") && $0.lowercased().contains("links") },
                      "\(german.maneuvers.compactMap(\.instruction))")
    }

    func test_simulate_guidesTheTourEndToEnd_announcingStationsAndNeverTheTracePoints() throws {
        let service = try start()
        let tour = try write(Self.tourText(), "tour.json")
        let route = try routedTour(service, tour: tour)
        // A drive along the routed way at about 30 km/h, 1 Hz fixes with 3 m noise.
        let fixes = (0...60).map { t in
            Fix(time: 1_000 + Double(t), received: .zero, position: Self.vehicle, speed: 8.5, mode: .threeD, status: .gps)
        }
        let drive = try DriveGenerator.drive(route, trace: try SpeedTrace(fixes: fixes, name: "30 km/h"), options: DriveOptions())
        let nmea = try write(drive.nmeaText(), "drive.nmea")
        let cues = tmp.appendingPathComponent("cues.jsonl").path

        let r = try CommandRunner.routecue(["simulate", "--route", tour, "--engine", service.url, "--fixes", nmea,
                                            "--cues", cues, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let log = try cueLogEntries(at: cues)
        let spoken = log.filter { $0["event"] as? String == "spoken" }
        let texts = spoken.compactMap { $0["text"] as? String }
        print("valhalla tour: \(spoken.count) cues spoken of \(log.count) decisions:\n  " + texts.joined(separator: "\n  "))
        let waypoints = spoken.filter { $0["kind"] as? String == "waypoint" }
        XCTAssertEqual(Set(waypoints.compactMap { $0["leg"] as? Int }), [0, 1], "both stops announced: \(texts)")
        XCTAssertTrue(spoken.contains { $0["kind"] as? String == "arrival" }, "the destination announced: \(texts)")
        XCTAssertTrue(texts.contains { $0.contains("Kammerstraße") && $0.contains("left") }, "the trace's left turn: \(texts)")
        XCTAssertTrue(texts.contains { $0.contains("Koloniestraße") && $0.contains("right") }, "the trace's right turn: \(texts)")
        // Two stops reached, two arrivals spoken: none of the seven trace points is announced.
        XCTAssertEqual(texts.filter { $0.contains("reached your waypoint") }.count, 2, "no trace point announced: \(texts)")
        XCTAssertEqual(waypoints.count, 2, "no trace point announced: \(texts)")
        XCTAssertFalse(log.contains { $0["kind"] as? String == "reroute" }, "the drive stays on the routed way: \(texts)")
        // The engine's admins say Germany: in this English guidance every street is said by the German voice.
        let named = spoken.compactMap { $0["speech"] as? String }.filter { $0.contains("straße") }
        XCTAssertFalse(named.isEmpty, "\(texts)")
        XCTAssertTrue(named.allSatisfy { $0.hasPrefix("<speak><voice name=\"en-us\">") && $0.contains("<voice name=\"de\">") },
                      "\(named)")
    }
}
