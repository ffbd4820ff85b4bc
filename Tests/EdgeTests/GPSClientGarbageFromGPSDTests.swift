import EventLoopKit
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// Garbage on the gpsd socket (a fake "gpsd" speaking the protocol's first lines, then nonsense): the client logs a
/// note, drops the connection, reconnects, and never traps; the same for a line longer than libgps's buffer.
final class GPSClientGarbageFromGPSDTests: XCTestCase {
    private var server: ScriptedTCPServer?
    private var client: GPSClientRecorder?

    override func tearDown() {
        client?.stop()
        server?.stop()
        super.tearDown()
    }

    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    static let tpv = #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2026-03-29T10:15:02.000Z","#
        + #""lat":51.33801,"lon":12.369995,"altMSL":112.0,"track":0.0,"speed":2.418,"eph":17.1}"#

    /// Serves VERSION, a TPV and `garbage`, then nothing; returns the client once it reconnected twice. The TPV
    /// comes again on every connection: it is handed on once.
    private func run(garbage: [ScriptedTCPServer.Step]) throws -> (GPSClientRecorder, ScriptedTCPServer) {
        let server = try ScriptedTCPServer(script: [.line(Self.version), .line(Self.tpv)] + garbage)
        self.server = server
        let client = try GPSClientRecorder(port: server.port, reconnect: GPSReconnectPolicy(minimumSeconds: 0.05, maximumSeconds: 0.1))
        self.client = client
        XCTAssertTrue(PollingWait.until(timeout: 3) { server.connectionCount >= 3 }, client.transcript)
        XCTAssertTrue(client.wait(1) { $0.fixes.count == 1 }, client.transcript)
        XCTAssertEqual(client.fixes.count, 1, "the same epoch on each new connection is no new fix\n" + client.transcript)
        return (client, server)
    }

    func test_garbageLines_areNoted_andTheClientReconnects() throws {
        let (client, server) = try run(garbage: [.line("this is not gpsd"), .send([0xFF, 0xFE, 0x00, 0x01, 0x0A]),
                                                 .line(#"{"class":"TPV","lat":"#)])
        let notes = client.notes.filter { $0.contains("unreadable") }
        XCTAssertGreaterThanOrEqual(notes.count, 2, client.transcript)
        let first = try XCTUnwrap(notes.first)
        XCTAssertTrue(first.contains("this is not gpsd"), first)
        XCTAssertTrue(client.stateNames.contains("unreachable"), client.transcript)
        XCTAssertFalse(client.stateNames.contains("lost"), "garbage is no report of a lost fix\n" + client.transcript)
        // The server counts a close only when it reads the end of file before the next connection replaces the
        // old one: on a slow run (a sanitizer) that takes a few rounds.
        XCTAssertTrue(PollingWait.until(timeout: 5) { server.closedByClient >= 2 },
                      "the client dropped the connections after the garbage: \(server.closedByClient)")
        print("garbage from gpsd: \(server.connectionCount) connections, first note: \(first)")
    }

    func test_binaryGarbage_isNoted_andTheClientReconnects() throws {
        let (client, _) = try run(garbage: [.send([0xFF, 0xFE, 0x00, 0x01, 0x0A])])
        XCTAssertFalse(client.notes.filter { $0.contains("unreadable") }.isEmpty, client.transcript)
    }

    func test_truncatedJSON_isNoted_andTheClientReconnects() throws {
        let (client, _) = try run(garbage: [.line(#"{"class":"TPV","lat":"#)])
        XCTAssertFalse(client.notes.filter { $0.contains("unreadable") }.isEmpty, client.transcript)
        XCTAssertFalse(client.stateNames.contains("lost"), "a cut TPV is no TPV without a fix\n" + client.transcript)
    }

    func test_aLineLongerThanLibgpsBuffer_withoutANewline_isNoted_andTheClientReconnects() throws {
        let (client, server) = try run(garbage: [.send([UInt8](repeating: UInt8(ascii: "x"), count: 50_000))])
        let notes = client.notes.filter { $0.contains("longer") }
        XCTAssertFalse(notes.isEmpty, client.transcript)
        XCTAssertTrue(PollingWait.until(timeout: 5) { server.closedByClient >= 2 }, client.transcript)
        print("over-long line: \(notes.first ?? "-")")
    }
}
