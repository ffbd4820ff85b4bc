import Foundation
import Glibc
import RouteCueCore
import TestSupport
import XCTest

/// A real Valhalla 3.9.1 (tools/fetch-valhalla.sh) on tiles of the generated town (`TestMap.town`, cached by its hash):
/// it starts on a private port and stops by its PID, and what it answers is what RouteCue imports — OSRM documents with
/// German street names and announcements, roundabout exits counted for right-hand traffic, native Valhalla trips,
/// traffic signals from `/trace_attributes`, and a `through` location whose heading forces the direction of travel.
/// Skips with a visible `SKIPPED:` line when the engine cannot be fetched (no network, no pip) or osmium is missing.
final class ValhallaProcessTests: XCTestCase {
    private var valhalla: ValhallaProcess?

    override func setUpWithError() throws {
        try ValhallaProcess.require()
    }

    override func tearDown() {
        valhalla?.stop()
        valhalla = nil
        super.tearDown()
    }

    /// The service on the town's tiles (built, or taken from the cache), kept for tearDown to stop.
    private func startTown() throws -> ValhallaProcess {
        let started = Date()
        let tiles = try ValhallaTiles.forMap(TestMap.town)
        let tilesSeconds = Date().timeIntervalSince(started)
        let service = try ValhallaProcess(tiles: tiles)
        valhalla = service
        print(String(format: "valhalla: tiles %@ in %.2f s (%@), service PID %d ready on %@ in %.3f s",
                     tiles.reused ? "reused from the cache" : "built", tiles.reused ? tilesSeconds : tiles.buildSeconds,
                     tiles.directory.path, service.pid, service.url, service.secondsToReady))
        return service
    }

    private static func location(_ c: Coordinate, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["lat": c.latitude, "lon": c.longitude].merging(extra) { $1 }
    }

    /// A `/route` request between `locations` for a car, in German and kilometres; OSRM format unless `native`.
    private static func routeRequest(_ locations: [[String: Any]], native: Bool = false) -> [String: Any] {
        var request: [String: Any] = ["locations": locations, "costing": "auto",
                                      "directions_options": ["language": "de-DE", "units": "kilometers"]]
        if !native {
            request["format"] = "osrm"
            request["banner_instructions"] = true
            request["voice_instructions"] = true
        }
        return request
    }

    /// POSTs a route request and imports the answer with RouteCue's own reader.
    private func route(_ service: ValhallaProcess, _ request: [String: Any], name: String,
                       file: StaticString = #filePath, line: UInt = #line) throws -> Route {
        let (status, body) = try service.post("/route", object: request)
        XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self), file: file, line: line)
        return try RouteReader.read(body, name: name)
    }

    // MARK: - (a) The process

    func test_tilesBuild_serviceStartsOnAPrivatePort_andStopsOnSIGTERMWithoutTheDrain() throws {
        let service = try startTown()
        XCTAssertTrue(service.url.hasPrefix("http://127.0.0.1:"), service.url)
        XCTAssertNotEqual(service.port, 8002, "the private port, not Valhalla's default")
        XCTAssertTrue(service.isRunning)
        XCTAssertEqual(Glibc.kill(service.pid, 0), 0, "its PID is alive")
        XCTAssertLessThan(service.secondsToReady, 5)
        let config = try String(contentsOf: service.configFile, encoding: .utf8)
        XCTAssertFalse(config.contains("ipc:///tmp/loopback") || config.contains("ipc:///tmp/interrupt")
                       || config.contains("/data/valhalla"), "only private paths: \(config)")

        let (status, body) = try service.get("/status")
        XCTAssertEqual(status, 200)
        let text = String(decoding: body, as: UTF8.self)
        XCTAssertTrue(text.contains("\"version\":\"\(ValhallaProcess.version)\""), text)

        // A second service at the same time: its own port and ipc paths, no collision.
        let second = try ValhallaProcess(tiles: try ValhallaTiles.forMap(TestMap.town))
        XCTAssertNotEqual(second.port, service.port)
        XCTAssertEqual(try second.get("/status").status, 200)
        XCTAssertEqual(try service.get("/status").status, 200, "the first one still answers")
        second.kill()
        XCTAssertFalse(second.isRunning)
        XCTAssertEqual(second.termination, "signal \(SIGKILL)")
        XCTAssertFalse(LoopbackSocket.isAccepting(port: second.port), "a killed engine's port is closed")

        let stopping = Date()
        service.stop()
        let seconds = Date().timeIntervalSince(stopping)
        print(String(format: "valhalla: SIGTERM → exit in %.3f s", seconds))
        XCTAssertLessThan(seconds, 10, "drain 0 and shutdown 1 s: it exits on SIGTERM in about a second (the default drain takes 29 s)")
        XCTAssertFalse(service.isRunning)
        XCTAssertTrue(service.termination == "signal \(SIGTERM)" || service.termination == "exit 0",
                      "ended by the SIGTERM, not by the SIGKILL 2 s later: \(service.termination ?? "running")")
        XCTAssertNotEqual(Glibc.kill(service.pid, 0), 0, "its PID is gone")
        XCTAssertFalse(LoopbackSocket.isAccepting(port: service.port))
    }

    // MARK: - (b) OSRM documents

    func test_osrmRoute_importsWithTheMapsGermanStreetNamesAndAnnouncements() throws {
        let service = try startTown()
        let request = Self.routeRequest([Self.location(TestMap.Places.neudorferStrasse),
                                         Self.location(TestMap.Places.friedenstrasse)])
        let started = Date()
        let (status, body) = try service.post("/route", object: request)
        print(String(format: "valhalla: first /route answered in %.1f ms (%d bytes)", Date().timeIntervalSince(started) * 1000, body.count))
        XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self))
        let route = try RouteReader.read(body, name: "valhalla-osrm.json")

        XCTAssertEqual(route.source.format, .osrm)
        XCTAssertEqual(route.legs.count, 1)
        XCTAssertGreaterThan(route.length, 1000, "Neudorfer Straße to Friedenstraße is over a kilometre on the grid")
        XCTAssertEqual(route.maneuvers.first?.type, .depart)
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        let names = Set(route.maneuvers.compactMap(\.roadName))
        let streets: Set = ["Neudorfer Straße", "Mülheimer Straße", "Grabenstraße", "Kammerstraße", "Friedenstraße",
                            "Lotharstraße", "Koloniestraße", "Düsseldorfer Straße", "Oststraße", "Sternbuschweg"]
        XCTAssertTrue(names.contains("Neudorfer Straße"), "starts on the map's street: \(names)")
        XCTAssertTrue(names.contains("Friedenstraße"), "ends on the map's street: \(names)")
        XCTAssertTrue(names.isSubset(of: streets), "only the map's street names: \(names)")
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.drivingSide == nil || $0.drivingSide == .right },
                      "right-hand traffic (the admin DB says DE): \(route.maneuvers.map { $0.drivingSide?.rawValue ?? "-" })")
        let spoken = route.maneuvers.flatMap(\.announcements).map(\.text)
        XCTAssertFalse(spoken.isEmpty, "voiceInstructions imported")
        XCTAssertTrue(spoken.contains { $0.contains("abbiegen") || $0.contains("fahren") }, "German announcements: \(spoken)")
        XCTAssertTrue(spoken.contains { $0.contains("Ziel") }, "the arrival is announced in German: \(spoken)")
        // The leg's admins (the map's country boundary): every name is German.
        XCTAssertEqual(Set(route.maneuvers.map(\.countryCode)), ["DE"])
        XCTAssertEqual(Set(route.maneuvers.map(\.nameLanguage)), ["de"])
        let turn = try XCTUnwrap(route.maneuvers.first { $0.type == .turn })
        XCTAssertNotNil(turn.modifier)
        XCTAssertTrue(streets.contains(turn.roadName ?? ""), "the turn names its street: \(turn)")
    }

    func test_osrmRouteThroughTheRoundabout_countsExitsForRightHandTraffic() throws {
        let service = try startTown()
        // Counter-clockwise from the south arm: exit 1 east, 2 north, 3 west (clockwise counting would say 1 for west).
        let cases: [(to: Coordinate, exit: Int, road: String)] = [
            (TestMap.Places.roundaboutEastArm, 1, "Mülheimer Straße"),
            (TestMap.Places.roundaboutNorthArm, 2, "Oststraße"),
            (TestMap.Places.roundaboutWestArm, 3, "Mülheimer Straße"),
        ]
        for c in cases {
            let route = try route(service, Self.routeRequest([Self.location(TestMap.Places.roundaboutSouthArm), Self.location(c.to)]),
                                  name: "roundabout-exit-\(c.exit).json")
            let roundabout = try XCTUnwrap(route.maneuvers.first { $0.type == .roundabout || $0.type == .rotary },
                                           "a roundabout maneuver: \(route.maneuvers.map(\.type))")
            XCTAssertEqual(roundabout.exitNumber, c.exit, "exit to \(c.road) from the south arm")
            XCTAssertEqual(roundabout.roadName, c.road)
            XCTAssertEqual(roundabout.drivingSide, .right)
            XCTAssertLessThan(GeoMath.distance(roundabout.location, TestMap.Places.roundaboutCentre), TestMap.roundaboutRadius + 5,
                              "at the roundabout")
            XCTAssertTrue(route.maneuvers.contains { $0.type == .exitRoundabout || $0.type == .exitRotary },
                          "and its exit: \(route.maneuvers.map(\.type))")
            let ordinal = ["erste", "zweite", "dritte"][c.exit - 1]
            let spoken = route.maneuvers.flatMap(\.announcements).map(\.text)
            XCTAssertTrue(spoken.contains { $0.contains("Kreisverkehr") && $0.contains("\(ordinal) Ausfahrt") },
                          "the German announcement names the \(ordinal) exit: \(spoken)")
        }
    }

    func test_osrmRouteOverTheMotorway_takesExit12WithItsNumberAndDestinations() throws {
        let service = try startTown()
        let route = try route(service, Self.routeRequest([Self.location(TestMap.Places.a59NorthboundSouth),
                                                          Self.location(TestMap.Places.signalKolonieMuelheimer)]),
                              name: "a59-exit-12.json")
        XCTAssertEqual(route.maneuvers.first?.ref, "A 59")
        let exit = try XCTUnwrap(route.maneuvers.first { $0.type == .offRamp }, "\(route.maneuvers.map(\.type))")
        XCTAssertEqual(exit.exits, "12")
        XCTAssertEqual(exit.modifier.map { [.slightRight, .right].contains($0) }, true, "a right-hand exit: \(exit)")
        XCTAssertTrue(exit.destinations?.contains("Duisburg-Neudorf") == true, exit.destinations ?? "no destinations")
    }

    // MARK: - (c) Native Valhalla trips

    func test_nativeRoute_importsAsValhallaTrip() throws {
        let service = try startTown()
        let route = try route(service, Self.routeRequest([Self.location(TestMap.Places.roundaboutSouthArm),
                                                          Self.location(TestMap.Places.roundaboutWestArm)], native: true),
                              name: "valhalla-native.json")
        XCTAssertEqual(route.source.format, .valhalla)
        XCTAssertEqual(route.source.language, "de-DE")
        XCTAssertEqual(route.legs.count, 1)
        XCTAssertEqual(route.length, 317, accuracy: 30, "130 m north, three quarters round, 120 m west")
        XCTAssertEqual(route.maneuvers.first?.type, .depart)
        XCTAssertEqual(route.maneuvers.first?.roadName, "Oststraße")
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        let roundabout = try XCTUnwrap(route.maneuvers.first { $0.type == .roundabout || $0.type == .rotary },
                                       "\(route.maneuvers.map(\.type))")
        XCTAssertEqual(roundabout.exitNumber, 3)
        XCTAssertTrue(route.maneuvers.contains { $0.roadName == "Mülheimer Straße" }, "\(route.maneuvers.map(\.roadName))")
        XCTAssertTrue(route.maneuvers.compactMap(\.instruction).contains { $0.contains("3. Ausfahrt") },
                      "\(route.maneuvers.compactMap(\.instruction))")
        // Valhalla's own format says nothing of countries (its `language` is the narrative's): the names' language
        // comes from `names.language` there, while RouteCue's requests ask for the OSRM format, whose admins say it.
        let (_, body) = try service.post("/route", object: Self.routeRequest([Self.location(TestMap.Places.roundaboutSouthArm),
                                                                               Self.location(TestMap.Places.roundaboutWestArm)], native: true))
        XCTAssertFalse(String(decoding: body, as: UTF8.self).contains("admin"))
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.nameLanguage == nil })
    }

    // MARK: - (d) Traffic signals

    func test_traceAttributes_reportTheTrafficSignalOfTheJunctionOnTheLine() throws {
        let service = try startTown()
        func endNodes(from a: Coordinate, to b: Coordinate) throws -> [(names: [String], signal: Bool)] {
            // A point every 20 m along the line, snapped to the map.
            let count = Int(GeoMath.distance(a, b) / 20)
            let shape = (0...count).map { i -> [String: Any] in
                let f = Double(i) / Double(count)
                return ["lat": a.latitude + (b.latitude - a.latitude) * f, "lon": a.longitude + (b.longitude - a.longitude) * f]
            }
            let (status, body) = try service.post("/trace_attributes", object: ["shape": shape, "costing": "auto",
                                                                               "shape_match": "map_snap"])
            XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self))
            let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            let edges = try XCTUnwrap(answer["edges"] as? [[String: Any]], "\(answer.keys)")
            if let admins = answer["admins"] as? [[String: Any]] {
                XCTAssertEqual(admins.first?["country_code"] as? String, "DE", "the admin DB: \(admins)")
            }
            return edges.map { edge in
                let node = edge["end_node"] as? [String: Any] ?? [:]
                return (edge["names"] as? [String] ?? [], node["traffic_signal"] as? Bool ?? false)
            }
        }
        let signalled = try endNodes(from: TestMap.Places.duesseldorferSouthOfSignal, to: TestMap.Places.duesseldorferNorthOfSignal)
        XCTAssertFalse(signalled.isEmpty)
        XCTAssertTrue(signalled.allSatisfy { $0.names.contains("Düsseldorfer Straße") }, "\(signalled)")
        XCTAssertEqual(signalled.filter(\.signal).count, 1, "one signalised junction on the line: \(signalled)")

        // Kammerstraße from x 400 to 625 crosses Koloniestraße, which has no signal there.
        let plain = try endNodes(from: TestMap.Places.kammerstrasseWest, to: TestMap.Places.kammerstrasseMiddle)
        XCTAssertFalse(plain.isEmpty)
        XCTAssertTrue(plain.allSatisfy { !$0.signal }, "no signal on Kammerstraße/Koloniestraße: \(plain)")
    }

    // MARK: - (e) Heading at a through location

    func test_throughLocationWithHeading_forcesTheDirectionOfTravel_inOneLeg() throws {
        let service = try startTown()
        let middle = TestMap.Places.kammerstrasseMiddle
        func route(heading: Double) throws -> Route {
            try self.route(service, Self.routeRequest([
                Self.location(TestMap.Places.kammerstrasseWest),
                Self.location(middle, ["type": "through", "heading": heading, "heading_tolerance": 30]),
                Self.location(TestMap.Places.kammerstrasseEast),
            ]), name: "through-heading-\(Int(heading)).json")
        }
        /// The bearing of travel where the route passes `middle` (each time it passes within 10 m).
        func bearings(at point: Coordinate, on route: Route) -> [Double] {
            let c = route.geometry.coordinates
            return (0..<max(0, c.count - 1)).compactMap { i in
                let along = GeoMath.projection(of: point, onSegment: c[i], c[i + 1])
                guard along.distance < 10, GeoMath.distance(c[i], c[i + 1]) > 1 else { return nil }
                return GeoMath.bearing(from: c[i], to: c[i + 1])
            }
        }
        func heads(_ bearing: Double, _ target: Double) -> Bool { abs(GeoMath.turnAngle(from: target, to: bearing)) < 30 }

        let east = try route(heading: 90)
        XCTAssertEqual(east.legs.count, 1, "a through location makes no leg")
        XCTAssertEqual(east.length, 475, accuracy: 30, "straight along Kammerstraße")
        XCTAssertTrue(bearings(at: middle, on: east).allSatisfy { heads($0, 90) }, "\(bearings(at: middle, on: east))")

        let west = try route(heading: 270)
        XCTAssertEqual(west.legs.count, 1, "a through location makes no leg")
        XCTAssertGreaterThan(west.length, east.length + 400, "westbound through the middle means a loop round the block")
        let passes = bearings(at: middle, on: west)
        XCTAssertTrue(passes.contains { heads($0, 270) }, "passes the through point heading west: \(passes)")
        XCTAssertTrue(west.maneuvers.allSatisfy { $0.type != .waypoint && $0.type != .uTurn },
                      "no stop and no U-turn at the through point: \(west.maneuvers.map(\.type))")
    }
}
