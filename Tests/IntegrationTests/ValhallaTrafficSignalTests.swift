import DBusKit
import DriveLab
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Traffic signals as natural-guidance landmarks (issue 15, "Natural guidance on real routes"), from a real Valhalla's
/// `/trace_attributes` on the generated town (`TestMap`: signals where Düsseldorfer Straße meets Mülheimer Straße,
/// Grabenstraße and Kammerstraße, and at Koloniestraße / Mülheimer Straße), switched on by `routing.traffic_signals`.
/// "At the next traffic light" is spoken for a turn at a signal and only where it is true: never while another signal
/// still lies between the car and the turn.
final class ValhallaTrafficSignalTests: ValhallaTestCase {
    /// The signalised junctions on Düsseldorfer Straße, south to north.
    static let signals = [TestMap.coordinate(x: 750, y: 550), TestMap.coordinate(x: 750, y: 800), TestMap.coordinate(x: 750, y: 1050)]

    /// The engine's route (OSRM form, as a file) from `a` to `b`.
    private func routeFile(_ service: ValhallaProcess, from a: Coordinate, to b: Coordinate, name: String) throws -> URL {
        let (status, body) = try service.post("/route", object: [
            "locations": [["lat": a.latitude, "lon": a.longitude], ["lat": b.latitude, "lon": b.longitude]],
            "costing": "auto", "format": "osrm", "voice_instructions": true, "banner_instructions": true,
        ])
        XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self))
        let file = tmp.appendingPathComponent(name)
        try Data(body).write(to: file)
        return file
    }

    private func config(_ service: ValhallaProcess, signals: Bool) throws -> URL {
        let file = tmp.appendingPathComponent("routecue-\(signals).json")
        try #"{"routing": {"engine_url": "\#(service.url)", "traffic_signals": \#(signals)}, "timing": {"natural_guidance": true}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The route as `routecue route convert` writes it with `config`, read back; and what it said on stderr.
    private func converted(_ file: URL, config: URL) throws -> (route: Route, stderr: String) {
        let out = tmp.appendingPathComponent("converted.json")
        let r = try CommandRunner.routecue(["route", "convert", file.path, "--to", "routecue", "--output", out.path, "--config", config.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (try RouteReader.read(Array(try Data(contentsOf: out)), name: out.path), r.stderr)
    }

    func test_signalsOnTheRoute_becomeLandmarksOfTheTurnsAtThem_onlyWhenSwitchedOn() throws {
        let service = try startEngine()
        // North on Düsseldorfer Straße through the signal at Mülheimer Straße, left at the signal into Grabenstraße.
        let file = try routeFile(service, from: TestMap.Places.duesseldorferSouthOfSignal, to: TestMap.Places.grabenstrasseOneWay, name: "route.json")
        let (plain, _) = try converted(file, config: try config(service, signals: false))
        XCTAssertTrue(plain.maneuvers.allSatisfy { $0.landmarks.isEmpty }, "off by default")

        let (marked, stderr) = try converted(file, config: try config(service, signals: true))
        XCTAssertTrue(stderr.contains("2 traffic signals marked as landmarks"), stderr)
        let turn = try XCTUnwrap(marked.maneuvers.first { $0.roadName == "Grabenstraße" })
        let landmarks = turn.landmarks.filter { $0.kind == "traffic_signals" }
        XCTAssertEqual(landmarks.count, 2, "the signal at the turn and the one passed straight on before it: \(turn.landmarks)")
        XCTAssertEqual(landmarks.compactMap(\.distanceBeforeManeuver).min() ?? 99, 0, accuracy: 5, "the signal at the junction")
        XCTAssertEqual(landmarks.compactMap(\.distanceBeforeManeuver).max() ?? 0, 250, accuracy: 10, "the one 250 m before it")
        XCTAssertEqual(marked.geometry, plain.geometry)
    }

    /// Where the drives start: Düsseldorfer Straße 50 m north of Neudorfer Straße, 200 m before the first signal.
    static let start = TestMap.coordinate(x: 750, y: 350)

    func test_simulate_saysAtTheNextTrafficLight_whereItIsTrue_andOnlyThere() throws {
        let service = try startEngine()
        let config = try config(service, signals: true)
        var spokenWithLight = 0
        // (a) right at the first signal into Mülheimer Straße; (b) on through two signals, left at the third into
        // Kammerstraße; (c) left at the second into Grabenstraße after passing one.
        for (name, to) in [("a", TestMap.Places.roundaboutWestArm), ("b", TestMap.Places.kammerstrasseMiddle),
                           ("c", TestMap.Places.grabenstrasseOneWay)] {
            let file = try routeFile(service, from: Self.start, to: to, name: "\(name).json")
            let (route, _) = try converted(file, config: config)
            let fixes = (0...60).map { t in
                Fix(time: 1_000 + Double(t), received: .zero, position: Self.start, speed: 11, mode: .threeD, status: .gps)
            }
            let drive = try DriveGenerator.drive(route, trace: try SpeedTrace(fixes: fixes, name: "40 km/h"), options: DriveOptions())
            let nmea = tmp.appendingPathComponent("\(name).nmea")
            try drive.nmeaText().write(to: nmea, atomically: true, encoding: .utf8)
            let cues = tmp.appendingPathComponent("\(name).jsonl")
            let r = try CommandRunner.routecue(["simulate", "--route", file.path, "--config", config.path, "--fixes", nmea.path,
                                                "--cues", cues.path, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let spoken = try spokenCueLogEntries(at: cues.path)
            print("valhalla signals (\(name)): " + spoken.map { "\($0["text"] ?? "") [\(Int(($0["distance_m"] as? Double) ?? -1)) m, \($0["stage"] ?? "-"), \($0["reason"] ?? "")]" }.joined(separator: "; "))
            spokenWithLight += try Self.checkTrafficLights(spoken, on: route, name)
            if name == "a" {
                XCTAssertTrue(spoken.contains { ($0["text"] as? String)?.contains("At the next traffic light, turn right") == true },
                              "the turn at the first signal is named by it: \(spoken.map { $0["text"] ?? "" })")
            }
        }
        XCTAssertGreaterThanOrEqual(spokenWithLight, 1)
    }

    /// Checks every "traffic light" cue of `spoken` against the map: the turn is at a signal and no other signal lies
    /// between where the cue was heard and the turn. The number of such cues.
    static func checkTrafficLights(_ spoken: [[String: Any]], on route: Route, _ name: String) throws -> Int {
        let signalsAlong = signals.compactMap { s in route.geometry.nearest(to: s).flatMap { $0.offset < 10 ? $0.distanceAlong : nil } }
        var count = 0
        for cue in spoken where (cue["text"] as? String)?.contains("traffic light") == true {
            count += 1
            let maneuver = try XCTUnwrap(route.maneuvers.first { $0.index == cue["maneuver"] as? Int })
            let car = maneuver.distanceAlong - (try XCTUnwrap(cue["distance_m"] as? Double))
            let between = signalsAlong.filter { $0 > car + 1 && $0 < maneuver.distanceAlong - 10 }
            XCTAssertTrue(between.isEmpty, "(\(name)) \"\(cue["text"] ?? "")\" at \(Int(maneuver.distanceAlong - car)) m before the turn, with a signal still \(between.map { Int(maneuver.distanceAlong - $0) }) m before it")
            XCTAssertTrue(signalsAlong.contains { abs($0 - maneuver.distanceAlong) < 10 }, "(\(name)) the turn is at a signal")
        }
        return count
    }

    func test_run_throughGpsd_saysAtTheNextTrafficLight_whereItIsTrue() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed (Debian package gpsd)") }
        let service = try startEngine()
        let config = try config(service, signals: true)
        // Past the signal at Mülheimer Straße, left at the one at Grabenstraße.
        let file = try routeFile(service, from: Self.start, to: TestMap.Places.grabenstrasseOneWay, name: "route.json")
        let (route, _) = try converted(file, config: config)
        let fixes = (0...60).map { t in
            Fix(time: 1_000 + Double(t), received: .zero, position: Self.start, speed: 11, mode: .threeD, status: .gps)
        }
        let drive = try DriveGenerator.drive(route, trace: try SpeedTrace(fixes: fixes, name: "40 km/h"), options: DriveOptions())
        let feeder = try NMEAFeeder(epochs: drive.fixes.map(DriveNMEA.sentences(for:)))
        let gpsd = try GPSDProcess(feedPort: feeder.port)
        defer { gpsd.stop(); feeder.stop() }
        let cues = tmp.appendingPathComponent("run.jsonl")
        let daemon = try DaemonProcess(["--route", file.path, "--config", config.path, "--gpsd", "127.0.0.1:\(gpsd.port)", "--bus", "none",
                                        "--session-bus", "none", "--device", "null", "--cues", cues.path])
        self.daemon = daemon
        let deadline = Date().addingTimeInterval(Double(drive.fixes.count) + 20)
        while !feeder.isFinished, daemon.isRunning, Date() < deadline { usleep(200_000) }
        XCTAssertNotNil(daemon.line(containing: "arrived at the destination", within: 10), daemon.stderrText)
        daemon.send(SIGTERM)
        XCTAssertEqual(daemon.waitForExit(within: 5), 0, daemon.stderrText)
        XCTAssertTrue(daemon.stderrText.contains("2 traffic signals marked as landmarks"), daemon.stderrText)
        let spoken = try spokenCueLogEntries(at: cues.path)
        print("valhalla signals (run): " + spoken.map { "\($0["text"] ?? "") [\(Int(($0["distance_m"] as? Double) ?? -1)) m]" }.joined(separator: "; "))
        XCTAssertGreaterThanOrEqual(try Self.checkTrafficLights(spoken, on: route, "run"), 1,
                                    "the turn at the signal is named by it: \(spoken.map { $0["text"] ?? "" })")
    }

    func test_run_looksUpTheSignalsOfARouteOnce_andTakesThemFromTheCacheWhenItIsLoadedAgain() throws {
        let service = try startEngine()
        let file = try routeFile(service, from: Self.start, to: TestMap.Places.grabenstrasseOneWay, name: "route.json")
        let (daemon, client) = try startDaemon(config: String(contentsOf: try config(service, signals: true), encoding: .utf8))
        let document = try String(contentsOf: file, encoding: .utf8)
        func load() throws {
            let r = try loadRoute(client, document)
            XCTAssertNotNil(try r.get().first, daemon.stderrText)
        }
        try load()
        XCTAssertNotNil(daemon.line(containing: "2 traffic signals marked as landmarks", within: 5), daemon.stderrText)
        service.kill()
        // The engine is gone: the same route again still gets its signals, from the cache.
        try load()
        XCTAssertNotNil(daemon.line(containing: "2 traffic signals marked as landmarks (from the cache)", within: 5), daemon.stderrText)
        XCTAssertTrue(daemon.isRunning)
    }
}
