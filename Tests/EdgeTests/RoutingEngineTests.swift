import Foundation
import HTTPKit
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// `RoutingEngine` over real HTTP against a scripted server standing in for Valhalla: a tour of two bare stations is
/// read with the engine's way between them; an engine error, an unreadable answer and nobody listening each give one
/// error naming the station. (The real Valhalla runs in the Valhalla tests.)
final class RoutingEngineTests: XCTestCase {
    private var servers: [ScriptedTCPServer] = []

    override func tearDown() {
        for server in servers { server.stop() }
        super.tearDown()
    }

    private func server(status: String, body: String) throws -> ScriptedTCPServer {
        let server = try ScriptedTCPServer(script: [.receive, .send(Array("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8)),
                                                    .send(Array(body.utf8)), .close])
        servers.append(server)
        return server
    }

    private func engine(_ port: UInt16) throws -> RoutingEngine {
        var settings = RoutingSettings()
        settings.engineURL = "http://127.0.0.1:\(port)"
        settings.timeoutSeconds = 3
        return try XCTUnwrap(try RoutingEngine(settings: settings, language: "de-DE", units: .metric, mode: .car))
    }

    private let example = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")

    /// A tour of bare stations at the example route's two ends (WGS84).
    private func tour() throws -> (text: String, routed: Route) {
        let routed = try RouteReader.read(Array(try Data(contentsOf: example)), name: "grid-trip.osrm.json")
        let (a, b) = (routed.geometry.coordinates[0], routed.geometry.coordinates[routed.geometry.count - 1])
        let text = """
        {"srs": "EPSG:4326", "stations": [{"type": "regular", "name": "Start", "point": {"x": \(a.longitude), "y": \(a.latitude)}},
                                          {"type": "regular", "name": "Schule", "point": {"x": \(b.longitude), "y": \(b.latitude)}}]}
        """
        return (text, routed)
    }

    func test_aTourOfBareStations_isReadWithTheEnginesWay() throws {
        let (text, routed) = try tour()
        let osrm = try String(contentsOf: example, encoding: .utf8)
        let route = try engine(try server(status: "200 OK", body: osrm).port).readBlocking(Array(text.utf8), name: "tour.json", options: ImportOptions())
        XCTAssertEqual(route.legs.count, 1)
        XCTAssertEqual(route.length, routed.length, accuracy: 1)
        XCTAssertEqual(route.waypoints.last?.name, "Schule")
        XCTAssertEqual(route.maneuvers.filter { $0.type == .turn }.map(\.roadName), routed.maneuvers.filter { $0.type == .turn }.map(\.roadName),
                       "the engine's maneuvers and street names")
        XCTAssertEqual(route.maneuvers.last?.provenance.sourcePath, "stations[1]")
    }

    func test_engineErrors_nameTheStation() throws {
        let (text, _) = try tour()
        let bytes = Array(text.utf8)
        func failure(_ engine: RoutingEngine) -> String {
            do {
                _ = try engine.readBlocking(bytes, name: "tour.json", options: ImportOptions())
                return "read"
            } catch {
                return error.description
            }
        }
        let noRoute = try server(status: "400 Bad Request", body: #"{"error_code":442,"error":"No path could be found for input","status_code":400,"status":"Bad Request"}"#)
        XCTAssertEqual(failure(try engine(noRoute.port)),
                       "tour.json: stations[1]: routing engine http://127.0.0.1:\(noRoute.port) answered 400: No path could be found for input (error 442)")
        let garbage = try server(status: "200 OK", body: #"{"routes": 3}"#)
        let unreadable = failure(try engine(garbage.port))
        XCTAssertTrue(unreadable.hasPrefix("tour.json: stations[1]: routing engine http://127.0.0.1:\(garbage.port) gave an unreadable route: "), unreadable)
        let port = try LoopbackSocket.freePort()
        XCTAssertEqual(failure(try engine(port)), "tour.json: stations[1]: routing engine http://127.0.0.1:\(port): unreachable (Connection refused)")
    }

    /// What each failure says to the program: the engine's, with a code; asked again only when unreachable or 5xx.
    func test_engineFailures_haveTheirCode_andOnlyUnreachableOrServerErrorsAreTransient() throws {
        let bytes = Array(try tour().text.utf8)
        func failure(_ engine: RoutingEngine) -> String {
            do throws(InputError) {
                _ = try engine.readBlocking(bytes, name: "tour.json", options: ImportOptions())
                return "read"
            } catch {
                return "\(error.input.rawValue) \(error.code.rawValue)\(error.isTransient ? " transient" : "")"
            }
        }
        let busy = try server(status: "503 Service Unavailable", body: #"{"error":"busy","status_code":503}"#)
        XCTAssertEqual(failure(try engine(busy.port)), "routing_engine engine_server_error transient")
        let noRoute = try server(status: "400 Bad Request", body: #"{"error_code":442,"error":"No path could be found for input"}"#)
        XCTAssertEqual(failure(try engine(noRoute.port)), "routing_engine engine_refused")
        let garbage = try server(status: "200 OK", body: #"{"routes": 3}"#)
        XCTAssertEqual(failure(try engine(garbage.port)), "routing_engine invalid_value")
        let cut = try server(status: "200 OK", body: #"{"routes": ["#)
        XCTAssertEqual(failure(try engine(cut.port)), "routing_engine syntax")
        XCTAssertEqual(failure(try engine(try LoopbackSocket.freePort())), "routing_engine engine_unreachable transient")
    }

    func test_theConfiguredURL_isCheckedWhereItIsUsed() throws {
        var settings = RoutingSettings()
        XCTAssertNil(try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car), "no URL: no engine")
        settings.engineURL = "http://:8002"
        XCTAssertThrowsError(try RoutingEngine(settings: settings, language: "en-US", units: .metric, mode: .car)) {
            XCTAssertEqual("\($0)", "routing.engine_url: bad engine URL \"http://:8002\": no host")
            XCTAssertEqual(($0 as? InputError)?.input, .configuration)
            XCTAssertEqual(($0 as? InputError)?.code, .invalidValue)
        }
    }

    /// Serves one HTTP exchange on a thread: records the request head, answers `body` with 200.
    private final class OneShotHTTPServer: @unchecked Sendable {
        let port: UInt16
        private let fd: Int32
        private let lock = NSLock()
        private var head = ""
        private var thread: Thread?

        init(body: String) throws {
            (fd, port) = try LoopbackSocket.listen()
            let fd = fd
            thread = Thread { [weak self] in
                guard let client = try? LoopbackSocket.accept(fd) else { return }
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while !received.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
                    let n = read(client, &buffer, buffer.count)
                    if n <= 0 { break }
                    received += buffer[0..<n]
                }
                self?.lock.withLock { self?.head = String(decoding: received, as: UTF8.self) }
                _ = LoopbackSocket.send(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8), to: client)
                close(client)
            }
            thread?.start()
        }

        var requestHead: String { lock.withLock { head } }

        deinit { close(fd) }
    }

    func test_anOSRMCompatibleService_isAskedWithGETOnRouteV1_andItsAnswerRead() throws {
        let (text, routed) = try tour()
        let server = try OneShotHTTPServer(body: try String(contentsOf: example, encoding: .utf8))
        var settings = RoutingSettings()
        settings.engineURL = "http://127.0.0.1:\(server.port)/route/v1/driving"
        settings.trafficSignals = true
        let engine = try XCTUnwrap(try RoutingEngine(settings: settings, language: "de-DE", units: .metric, mode: .car))
        XCTAssertEqual(engine.osrm?.profile, "driving")
        XCTAssertFalse(engine.trafficSignals, "OSRM's API has no signal attributes")
        XCTAssertEqual(engine.maxMatchPoints, 100)
        let route = try engine.readBlocking(Array(text.utf8), name: "tour.json", options: ImportOptions())
        XCTAssertEqual(route.maneuvers.filter { $0.type == .turn }.map(\.roadName), routed.maneuvers.filter { $0.type == .turn }.map(\.roadName))
        let (a, b) = (routed.geometry.coordinates[0], routed.geometry.coordinates[routed.geometry.count - 1])
        let line = server.requestHead.split(separator: "\r\n").first.map(String.init) ?? ""
        XCTAssertTrue(line.hasPrefix("GET /route/v1/driving/\(OSRMRouteQuery.number(a.longitude)),\(OSRMRouteQuery.number(a.latitude));\(OSRMRouteQuery.number(b.longitude)),\(OSRMRouteQuery.number(b.latitude))?steps=true&overview=full&geometries=polyline6 HTTP/1.1"), line)
    }
}
