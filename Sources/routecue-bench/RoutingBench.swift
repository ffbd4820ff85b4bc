import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench routing ROUTECUE [--runs N]`: RouteCue with a real Valhalla 3.9.1 on the generated test town
// (`TestMap`, tiles cached; the engine fetched by tools/fetch-valhalla.sh): the time to resolve a five-station tour
// next to one multi-stop request for the same stations (the least the engine itself needs); a reroute's request →
// new route, in process; the map-matched maneuvers' precision and recall next to geometric derivation on the same
// lines; and, end to end through gpsd and `routecue run`, the time from off-route detection ("Recalculating") to
// the first cue on the new route.

func routingBench(_ args: [String]) {
    guard let binary = args.first else { fail("usage: routecue-bench routing ROUTECUE [--runs N]", status: 2) }
    var runs = 20
    if let k = args.firstIndex(of: "--runs"), k + 1 < args.count, let n = Int(args[k + 1]), n > 0 { runs = n }
    if case .failure(let error) = ValhallaProcess.availability {
        print("bench routing: SKIPPED, \(error.message)")
        return
    }
    do {
        let service = try ValhallaProcess(map: TestMap.town)
        defer { service.stop() }
        print(String(format: "bench routing: Valhalla %@ on the test town (tiles %@), ready in %.2f s", ValhallaProcess.version,
                     service.tiles.reused ? "from the cache" : String(format: "built in %.1f s", service.tiles.buildSeconds),
                     service.secondsToReady))
        var settings = RoutingSettings()
        settings.engineURL = service.url
        guard let engine = try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car) else {
            fail("bench routing: no engine")
        }
        try tourResolveFigures(engine, service, runs: runs)
        try rerouteRequestFigures(engine, runs: runs)
        try derivationFigures(engine)
        try rerouteInRunFigures(engine, binary: binary)
    } catch {
        fail("bench routing: \(error)")
    }
}

/// Milliseconds of each of `runs` calls of `body` (after one warm-up call).
private func timedMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    try body()
    let clock = ContinuousClock()
    return try (0..<runs).map { _ in seconds(try clock.measure(body)) * 1000 }
}

private func distribution(_ ms: [Double]) -> String {
    String(format: "p50 %.1f ms, p95 %.1f ms, max %.1f ms", percentile(ms, 0.5), percentile(ms, 0.95), ms.max() ?? 0)
}

/// The five-station tour through `RoutingEngine.readBlocking` (five ways asked one after another, then the import),
/// next to one `/route` request with all six locations.
private func tourResolveFigures(_ engine: RoutingEngine, _ service: ValhallaProcess, runs: Int) throws {
    let bytes = Array(TownTours.fiveStations.utf8)
    let options = ImportOptions(vehiclePosition: TownTours.fiveStationsStart)
    var legs = 0
    let ours = try timedMilliseconds(runs: runs) { legs = try engine.readBlocking(bytes, name: "tour", options: options).legs.count }
    let locations = ([TownTours.fiveStationsStart] + TownTours.fiveStationPoints).map { ["lat": $0.latitude, "lon": $0.longitude] }
    let request: [String: Any] = ["locations": locations, "costing": "auto", "format": "osrm", "voice_instructions": true,
                                  "banner_instructions": true]
    let single = try timedMilliseconds(runs: runs) {
        let (status, _) = try service.post("/route", object: request)
        guard status == 200 else { fail("bench routing: the multi-stop request answered \(status)") }
    }
    print("  five-station tour resolved (\(legs) legs, \(runs) runs): \(distribution(ours))")
    print("  one /route request with the same six locations:     \(distribution(single))")
    print(String(format: "  ratio of medians, tour ÷ one request: %.2f", percentile(ours, 0.5) / max(0.001, percentile(single, 0.5))))
}

/// A reroute as the daemon asks it: from Kammerstraße past Koloniestraße, heading west, to the two stops still ahead.
private func rerouteRequestFigures(_ engine: RoutingEngine, runs: Int) throws {
    var stop = Waypoint(name: "Friedenstraße", location: TestMap.coordinate(x: 600, y: 1300), role: .via)
    stop.distanceAlong = 0
    let request = RerouteRequest(reason: .offRoute, position: TestMap.coordinate(x: 380, y: 1050), course: 270,
                                 remainingWaypoints: [stop, Waypoint(name: "Rathaus", location: TestMap.coordinate(x: 850, y: 1300), role: .destination)],
                                 attempt: 1)
    var maneuvers = 0
    let ms = try timedMilliseconds(runs: runs) {
        maneuvers = try engine.rerouteBlocking(request, options: ImportOptions()).get().maneuvers.count
    }
    print("  reroute request → new route (\(maneuvers) maneuvers, \(runs) runs): \(distribution(ms))")
}

/// Precision and recall of maneuvers map-matched by the engine next to geometric derivation, on the same lines.
private func derivationFigures(_ engine: RoutingEngine) throws {
    let town = try TownManeuverScores.measure(reference: { a, b in
        try engine.routeBlocking(RoutingRequest(station: 1, path: "reference", from: a, fromCourse: nil, to: b, toCourse: nil,
                                                toRegularStation: true)).get()
    }, match: { track in
        let outcome = engine.matchManeuversBlocking(track)
        return outcome.matchedLegs == [0] ? outcome.route : nil
    }, clock: { Double(MonotonicClock.nanoseconds()) / 1e9 })
    print("  maneuvers on " + town.summary().joined(separator: "\n  "))
    if !town.fallbacks.isEmpty { print("  not matched: \(town.fallbacks.joined(separator: "; "))") }
}

/// The reroute scenario of the tests through gpsd and `routecue run` in real time (2 fixes a second): the cue log's
/// trigger of "Recalculating" (off-route detection) to the trigger and first word of the first cue on the new route.
private func rerouteInRunFigures(_ engine: RoutingEngine, binary: String) throws {
    guard GPSDProcess.isInstalled else {
        print("  reroute in routecue run: SKIPPED, gpsd is not installed")
        return
    }
    let start = TownTours.rerouteStart
    let way = try engine.readBlocking(Array(TownTours.rerouteDriven.utf8), name: "driven", options: ImportOptions(vehiclePosition: start))
    let fixes = (0...120).map { t in Fix(time: 1_000 + Double(t), received: .zero, position: start, speed: 22, mode: .threeD, status: .gps) }
    var options = DriveOptions()
    options.fixInterval = 0.5
    let drive = try DriveGenerator.drive(way, trace: try SpeedTrace(fixes: fixes, name: "22 m/s"), options: options)
    let base = NSTemporaryDirectory() + "routecue-bench-routing-\(getpid())"
    let tour = base + "-tour.json", cues = base + ".jsonl", log = base + ".log"
    defer { for f in [tour, cues, log] { unlink(f) } }
    try TownTours.reroutePlanned.write(toFile: tour, atomically: true, encoding: .utf8)
    let feeder = try NMEAFeeder(epochs: drive.fixes.map(DriveNMEA.sentences(for:)), secondsPerEpoch: 0.5)
    let gpsd = try GPSDProcess(feedPort: feeder.port)
    let daemon = spawn(binary, ["run", "--route", tour, "--engine", engine.endpoint.description, "--gpsd", "127.0.0.1:\(gpsd.port)",
                                "--bus", "none", "--session-bus", "none", "--device", "null", "--cues", cues], environment: [:], stderr: log)
    let deadline = Date().addingTimeInterval(Double(drive.fixes.count) * 0.5 + 30)
    while !feeder.isFinished, daemon.isRunning, Date() < deadline { usleep(200_000) }
    usleep(3_000_000)
    if daemon.isRunning { daemon.terminate() }
    daemon.waitUntilExit()
    gpsd.stop()
    feeder.stop()
    let entries = ((try? String(contentsOfFile: cues, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
        try? CueLogEntry(jsonLine: String($0))
    }.filter { $0.event == .spoken }
    let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    guard let off = entries.first(where: { $0.kind == .reroute }), let offAt = off.trigger,
          let next = entries.first(where: { $0.route > off.route }), let nextAt = next.trigger else {
        print("  reroute in routecue run: no reroute and new-route cue in the cue log; routecue run said:\n"
              + stderr.split(separator: "\n").suffix(12).map { "    " + $0 }.joined(separator: "\n"))
        return
    }
    let heard = next.audioStart.map { String(format: ", its first word %.0f ms", $0.seconds(since: offAt) * 1000) } ?? ""
    // The request goes out in the step that detects the car off the route ("Recalculating" is triggered there too),
    // so the log's request → route replaced is detection → new route in place; the first cue then comes when due.
    let replaced = stderr.split(separator: "\n").first { $0.contains("route loaded from the routing engine after") }
        .flatMap { $0.components(separatedBy: "after ").dropFirst().first?.split(separator: " ").first }.map(String.init) ?? "?"
    print(String(format: "  reroute in routecue run (%d fixes at 2 Hz through gpsd): off-route detection → new route in place %@ ms; → first cue on it (\"%@\", triggered when due) %.0f ms%@",
                 drive.fixes.count, replaced, next.text, nextAt.seconds(since: offAt) * 1000, heard))
}
