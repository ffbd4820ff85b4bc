import DBusKit
import DriveLab
import Foundation
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// Maneuvers from the map for lines without their own (issue 15, "Maneuvers from a map, not only from geometry"): a
/// real Valhalla on the generated town (`TestMap`, with two dead-end streets whose corners are bends, not junctions).
///
/// The lines scored are the engine's own routes between places of the town, each written as a GPX `trk` twice: its
/// exact geometry, and a recording of it (a point every 8 m, 3 m of correlated receiver noise). The reference is the
/// engine route's own maneuvers, as `ManeuverDerivationScoreTests` scores the route files'; both derivations are
/// scored on the same lines, geometric (no engine) and map-matched (`ManeuverMatching` through `/trace_route`).
final class ValhallaManeuverMatchingTests: ValhallaTestCase {
    private func start() throws -> (ValhallaProcess, RoutingEngine) {
        let service = try startEngine()
        var settings = RoutingSettings()
        settings.engineURL = service.url
        let engine = try XCTUnwrap(try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car))
        return (service, engine)
    }

    /// The engine's route from `a` to `b`: the reference line and maneuvers.
    private func reference(_ engine: RoutingEngine, from a: Coordinate, to b: Coordinate) throws -> Route {
        let request = RoutingRequest(station: 1, path: "reference", from: a, fromCourse: nil, to: b, toCourse: nil, toRegularStation: true)
        return try engine.routeBlocking(request).get()
    }

    func test_matchedManeuvers_scoreAtLeast0_95_againstTheEnginesOwnRoutes_nextToGeometricDerivation() throws {
        let (_, engine) = try start()
        let town = try TownManeuverScores.measure(reference: { try self.reference(engine, from: $0, to: $1) }, match: { track in
            let outcome = engine.matchManeuversBlocking(track)
            return outcome.matchedLegs == [0] ? outcome.route : nil
        }, clock: { Date().timeIntervalSince1970 })
        for line in town.details { print("  " + line) }
        print("Maneuvers on " + town.summary().joined(separator: "\n"))
        XCTAssertEqual(town.fallbacks, [], "every line matched")
        for key in ["map-matched exact", "map-matched recorded"] {
            let s = try XCTUnwrap(town.scores[key])
            XCTAssertGreaterThan(s.references, 50, "enough reference maneuvers for a score")
            XCTAssertGreaterThanOrEqual(s.recall, 0.95, key)
            XCTAssertGreaterThanOrEqual(s.precision, 0.95, key)
        }
        // The town's bends make geometry alone wrong where the engine is right: the comparison measures something.
        XCTAssertLessThan(try XCTUnwrap(town.scores["geometric exact"]).precision, 1, "geometry alone takes the bends for turns")
    }

    func test_aTrackOnTheCommandLine_getsTheMapsStreetNames_andWithTheEngineGone_keepsItsDerivedTurns() throws {
        let (service, engine) = try start()
        // From Neudorfer Straße up Sternbuschweg, into Kammerstraße and on along Waldweg's S-jog: junction turns, and
        // two bends the engine does not announce (it takes Waldweg as Kammerstraße running on).
        let (file, reference) = try recordedTrack(engine)
        let referenceTurns = reference.maneuvers.filter { ![.depart, .arrive].contains($0.type) }

        let matched = try convert(file, engine: service.url)
        XCTAssertEqual(matched.status, 0, matched.stderr)
        let maneuvers = try XCTUnwrap(matched.route).maneuvers
        let summary = maneuvers.map { "\($0.type.rawValue) \($0.modifier?.rawValue ?? "") \($0.roadName ?? "-") (\($0.provenance.kind.rawValue))" }
        XCTAssertTrue(maneuvers.allSatisfy { $0.provenance.kind == .matched }, "\(summary)")
        XCTAssertEqual(maneuvers.first?.roadName, "Neudorfer Straße", "the depart gets the street's name: \(summary)")
        let turns = maneuvers.filter { ![.depart, .arrive].contains($0.type) }
        XCTAssertEqual(turns.map(\.roadName), referenceTurns.map(\.roadName), "the engine's turns onto its streets: \(summary)")
        XCTAssertEqual(turns.map(\.modifier), referenceTurns.map(\.modifier), "\(summary)")
        XCTAssertFalse(turns.isEmpty)
        // Neither bend of Waldweg is a maneuver.
        for bend in [TestMap.coordinate(x: 1350, y: 1050), TestMap.coordinate(x: 1350, y: 1120)] {
            XCTAssertFalse(maneuvers.contains { GeoMath.distance($0.location, bend) < 20 }, "a maneuver at the bend \(bend): \(summary)")
        }

        service.kill()
        let fallback = try convert(file, engine: service.url)
        XCTAssertEqual(fallback.status, 0, "the track is still read: \(fallback.stderr)")
        XCTAssertTrue(fallback.stderr.contains("keeps the maneuvers derived from its geometry") && fallback.stderr.contains("unreachable"), fallback.stderr)
        let derived = try XCTUnwrap(fallback.route).maneuvers
        XCTAssertTrue(derived.allSatisfy { $0.provenance.kind == .derived })
        for bend in [TestMap.coordinate(x: 1350, y: 1050), TestMap.coordinate(x: 1350, y: 1120)] {
            XCTAssertTrue(derived.contains { $0.type == .turn && GeoMath.distance($0.location, bend) < 20 }, "geometry alone turns at the bend \(bend)")
        }
    }

    /// The recorded track of the engine's route from Neudorfer Straße to Waldweg (`recording(of:seed:)`), as a GPX file.
    private func recordedTrack(_ engine: RoutingEngine) throws -> (file: URL, reference: Route) {
        let reference = try reference(engine, from: TestMap.Places.neudorferStrasse, to: TestMap.Places.waldweg)
        let file = tmp.appendingPathComponent("track.gpx")
        try TownManeuverScores.gpx(TownManeuverScores.recording(of: reference, seed: 7)).write(to: file, atomically: true, encoding: .utf8)
        return (file, reference)
    }

    func test_simulate_guidesATrackWithTheMapsTurnsAndNames_andNothingAtTheBends() throws {
        let (service, engine) = try start()
        let (file, reference) = try recordedTrack(engine)
        let fixes = (0...60).map { t in
            Fix(time: 1_000 + Double(t), received: .zero, position: TestMap.Places.neudorferStrasse, speed: 8.5, mode: .threeD, status: .gps)
        }
        let drive = try DriveGenerator.drive(reference, trace: try SpeedTrace(fixes: fixes, name: "30 km/h"), options: DriveOptions())
        let nmea = tmp.appendingPathComponent("drive.nmea")
        try drive.nmeaText().write(to: nmea, atomically: true, encoding: .utf8)
        func spoken(_ engineArguments: [String]) throws -> [String] {
            let cues = tmp.appendingPathComponent("cues.jsonl")
            try? FileManager.default.removeItem(at: cues)
            let r = try CommandRunner.routecue(["simulate", "--route", file.path, "--fixes", nmea.path, "--cues", cues.path, "--quiet"] + engineArguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try spokenCueLogEntries(at: cues.path).compactMap { $0["text"] as? String }
        }
        let matched = try spoken(["--engine", service.url])
        let geometric = try spoken([])
        print("valhalla track: spoken with the engine:\n  \(matched.joined(separator: "\n  "))\nwithout:\n  \(geometric.joined(separator: "\n  "))")
        let referenceNames = Set(reference.maneuvers.filter { ![.depart, .arrive].contains($0.type) }.compactMap(\.roadName))
        XCTAssertFalse(referenceNames.isEmpty)
        for name in referenceNames {
            XCTAssertTrue(matched.contains { $0.contains(name) }, "the turn onto \(name) is spoken with its name: \(matched)")
        }
        // Geometry alone has the two bends of Waldweg as turns after the last junction; the engine has none there.
        let lastTurn = try XCTUnwrap(reference.maneuvers.last { ![.depart, .arrive].contains($0.type) }?.roadName)
        let afterMatched = matched.drop { !$0.contains(lastTurn) }.filter { $0.lowercased().contains("turn") && !$0.contains(lastTurn) }
        XCTAssertTrue(afterMatched.isEmpty, "no turn spoken at the bends: \(matched)")
        XCTAssertGreaterThan(geometric.filter { $0.lowercased().contains("turn") }.count, matched.filter { $0.lowercased().contains("turn") }.count,
                             "geometry alone speaks turns at the bends")
    }

    func test_run_loadRouteOfATrack_overDBus_isAnsweredWithTheEnginesManeuvers() throws {
        let (service, engine) = try start()
        let (file, reference) = try recordedTrack(engine)
        let (daemon, client) = try startDaemon(config: #"{"routing": {"engine_url": "\#(service.url)", "timeout_s": 5}}"#)
        let document = try String(contentsOf: file, encoding: .utf8)
        let count = try loadRoute(client, document).get()
        let maneuvers = try self.maneuvers(client)
        XCTAssertEqual(count, [.uint32(UInt32(maneuvers.count))])
        let names = maneuvers.compactMap { $0["road_name"]?.string }
        let types = maneuvers.compactMap { $0["type"]?.string }
        XCTAssertEqual(types.count, reference.maneuvers.count, "the engine's maneuvers, not the derived ones: \(types) \(names)")
        XCTAssertEqual(Array(names.dropFirst().dropLast()), reference.maneuvers.dropFirst().dropLast().map { $0.roadName ?? "" })
        XCTAssertEqual(names.first, "Neudorfer Straße")

        // With the engine gone, the track is still loaded, with its derived maneuvers, and the log says why.
        service.kill()
        let again = try loadRoute(client, document).get()
        XCTAssertNotNil(again.first)
        XCTAssertNotNil(daemon.line(containing: "keeps the maneuvers derived from its geometry", within: 5), daemon.stderrText)
        XCTAssertTrue(daemon.isRunning)
    }

    /// `routecue route convert FILE --to routecue --engine URL`, and the route it wrote.
    private func convert(_ file: URL, engine: String) throws -> (status: Int32, stderr: String, route: Route?) {
        let out = tmp.appendingPathComponent("converted.json")
        try? FileManager.default.removeItem(at: out)
        let r = try CommandRunner.routecue(["route", "convert", file.path, "--to", "routecue", "--output", out.path, "--engine", engine])
        let route = (try? Data(contentsOf: out)).flatMap { try? RouteReader.read(Array($0), name: out.path) }
        return (r.status, r.stderr, route)
    }
}
