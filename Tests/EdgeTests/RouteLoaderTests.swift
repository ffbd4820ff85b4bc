import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The daemon's route loading in-process, on a `ManualLoop`: the start file read and handed on, a broken one an error
/// line; a tour that waits for the first fix, then is tried again with the back-off (2 s, 4 s, … on the manual clock)
/// while the engine is down, and taken once it answers; a reroute in flight blocks the next request, and an answer
/// that comes after another route was loaded is dropped. The engine is a scripted HTTP server standing in for
/// Valhalla; the parse and the engine's answers arrive from their threads, which is all the tests wait for.
final class RouteLoaderTests: XCTestCase {
    private var tmp: URL!
    private var servers: [ScriptedTCPServer] = []

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        for server in servers { server.stop() }
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private let example = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")

    /// What an engine answering every request with the example route plays to each connection.
    private func engineScript() throws -> [ScriptedTCPServer.Step] {
        let body = try String(contentsOf: example, encoding: .utf8)
        // Answered once the request came: answering and closing before it arrived resets the connection.
        return [.receive, .send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8)), .send(Array(body.utf8)), .close]
    }

    /// An engine answering every request with the example route, on `port` (0: any).
    private func engineServer(port: UInt16 = 0) throws -> ScriptedTCPServer {
        let server = try ScriptedTCPServer(port: port, script: try engineScript())
        servers.append(server)
        return server
    }

    private func engine(port: UInt16) throws -> RoutingEngine {
        var settings = RoutingSettings()
        settings.engineURL = "http://127.0.0.1:\(port)"
        settings.timeoutSeconds = 3
        return try XCTUnwrap(try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car))
    }

    /// A port nobody listens on (bound, then closed).
    private func closedPort() throws -> UInt16 {
        let (fd, port) = try LoopbackSocket.listen()
        close(fd)
        return port
    }

    private func exampleRoute() throws -> Route {
        try RouteReader.read(Array(try Data(contentsOf: example)), name: "grid-trip.osrm.json")
    }

    /// A tour of two bare stations at the example route's ends, written to a file.
    private func tourFile() throws -> (path: String, start: Coordinate, end: Coordinate) {
        let routed = try exampleRoute()
        let (a, b) = (routed.geometry.coordinates[0], routed.geometry.coordinates[routed.geometry.count - 1])
        let text = """
        {"srs": "EPSG:4326", "stations": [{"type": "regular", "name": "Start", "point": {"x": \(a.longitude), "y": \(a.latitude)}},
                                          {"type": "regular", "name": "Schule", "point": {"x": \(b.longitude), "y": \(b.latitude)}}]}
        """
        let url = tmp.appendingPathComponent("tour.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (url.path, a, b)
    }

    /// What the loader handed on, and its log.
    @RouteCueLoop
    private final class Heard {
        var routes: [(route: Route, source: String)] = []
        let log = DaemonLog(level: .debug, descriptor: open("/dev/null", O_WRONLY), keepLines: true)

        func lines(containing text: String) -> [String] { log.lines.filter { $0.contains(text) } }
    }

    /// The engine guided by now, as the daemon's guidance holds it.
    @RouteCueLoop
    private final class Guided {
        var engine: GuidanceEngine
        init(_ engine: GuidanceEngine) { self.engine = engine }
    }

    @RouteCueLoop
    private static func loader(on loop: ManualLoop, engine: RoutingEngine?, heard: Heard) -> RouteLoader {
        let loader = RouteLoader(scheduler: loop, log: heard.log, engine: engine)
        loader.onRoute = { route, source in heard.routes.append((route, source)) }
        return loader
    }

    func test_aRouteFile_isHandedOn_andABrokenOne_isAnErrorLineAndNothingElse() throws {
        let broken = tmp.appendingPathComponent("broken.json")
        try #"{"routes": [{"legs": "#.write(to: broken, atomically: true, encoding: .utf8)
        let examplePath = example.path
        let absent = tmp.appendingPathComponent("absent.json").path
        let (routes, errors) = try RouteCueLoop.runAndWait { () -> ([String], [String]) in
            let loop = ManualLoop(), heard = Heard()
            let loader = Self.loader(on: loop, engine: nil, heard: heard)
            loader.loadFile(broken.path)
            XCTAssertTrue(loop.settle { !heard.lines(containing: "route not loaded").isEmpty })
            loader.loadFile(examplePath)
            XCTAssertTrue(loop.settle { !heard.routes.isEmpty })
            loader.loadFile(absent)
            XCTAssertTrue(loop.settle { heard.lines(containing: "route not loaded").count == 2 }, "read on the import thread too")
            XCTAssertEqual(loader.routingState, .none, "no engine configured")
            return (heard.routes.map { "\($0.source): \($0.route.maneuvers.count) maneuvers" }, heard.lines(containing: "route not loaded"))
        }
        XCTAssertEqual(routes.count, 1)
        XCTAssertTrue(routes[0].hasPrefix(example.path + ": "), "\(routes)")
        XCTAssertEqual(errors.count, 2, "\(errors)")
        XCTAssertTrue(errors[0].contains("broken.json"), errors[0])
        XCTAssertTrue(errors[1].contains("absent.json"), errors[1])
    }

    func test_aTourAtStart_waitsForTheFirstFix_isTriedAgainWithTheBackOff_andTakenOnceTheEngineAnswers() throws {
        let tour = try tourFile()
        let port = try closedPort()
        let engine = try engine(port: port)
        let script = try engineScript()
        let outcome = try RouteCueLoop.runAndWait { () -> (states: [RoutingState], due: [Double], source: String?, server: ScriptedTCPServer?) in
            let loop = ManualLoop(), heard = Heard()
            let loader = Self.loader(on: loop, engine: engine, heard: heard)
            var states: [RoutingState] = [loader.routingState]
            loader.loadFile(tour.path)
            XCTAssertTrue(loop.settle { loader.routingState == .waitingForFix })
            states.append(loader.routingState)
            XCTAssertTrue(heard.routes.isEmpty, "nothing is routed before the first fix")

            loader.vehicle(at: tour.start)
            var due: [Double] = []
            var server: ScriptedTCPServer?
            for attempt in 1...2 {
                XCTAssertTrue(loop.settle { heard.lines(containing: "trying again in").count == attempt })
                due.append((Double(loop.nextDue ?? 0) - Double(loop.nowNanoseconds)) / 1e9)
                states.append(loader.routingState)
                if attempt == 2 {
                    // The engine comes up before the second retry.
                    do { server = try ScriptedTCPServer(port: port, script: script) } catch { XCTFail("engine: \(error)") }
                }
                loop.runNextTimer()
            }
            XCTAssertTrue(loop.settle { !heard.routes.isEmpty })
            states.append(loader.routingState)
            return (states, due, heard.routes.first?.source, server)
        }
        if let server = outcome.server { servers.append(server) }
        XCTAssertEqual(outcome.states, [.ready, .waitingForFix, .unreachable, .unreachable, .ready])
        XCTAssertEqual(outcome.due, [2, 4], "the back-off doubles on the loop's clock")
        XCTAssertEqual(outcome.source, tour.path)
    }

    func test_aRerouteInFlight_holdsTheNextRequest_andAnAnswerAfterAnotherRouteWasLoaded_isDropped() throws {
        let engine = try engine(port: try engineServer().port)
        let route = try exampleRoute()
        let outcome = try RouteCueLoop.runAndWait { () -> (sources: [String], held: Int, dropped: [String]) in
            let loop = ManualLoop(), heard = Heard()
            let loader = Self.loader(on: loop, engine: engine, heard: heard)
            let guided = Guided(GuidanceEngine(route: route))
            loader.guided = { guided.engine }
            let request = RerouteRequest(reason: .waypointSkipped, position: route.geometry.coordinates[3], course: 90,
                                         remainingWaypoints: [route.waypoints.last!], attempt: 1)
            loader.reroute(request)
            XCTAssertEqual(loader.routingState, .rerouting)
            loader.reroute(request)
            XCTAssertTrue(loop.settle { !heard.routes.isEmpty })
            XCTAssertEqual(loader.routingState, .ready)

            // Another route loaded while the engine works: its answer no longer fits.
            loader.reroute(request)
            _ = guided.engine.handle(.newRoute(route), at: loop.now)
            XCTAssertTrue(loop.settle { !heard.lines(containing: "dropped").isEmpty })
            return (heard.routes.map(\.source), heard.lines(containing: "has not answered the last request").count, heard.lines(containing: "dropped"))
        }
        XCTAssertEqual(outcome.sources.count, 1)
        XCTAssertTrue(outcome.sources[0].hasPrefix("the routing engine after "), outcome.sources[0])
        XCTAssertEqual(outcome.held, 1, "the second request waits for the first answer")
        XCTAssertEqual(outcome.dropped.count, 1)
        XCTAssertTrue(outcome.dropped[0].contains(RerouteAnswer.dropAnotherRouteLoaded.dropReason), outcome.dropped[0])
    }
}
