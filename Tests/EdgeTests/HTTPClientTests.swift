import EventLoopKit
import Foundation
import HTTPKit
import TestSupport
import XCTest

/// HTTPKit, the routing engine's transport: the response parser byte by byte (lengths, chunks, interim responses,
/// bodies ended by the connection, every malformed or oversized case), the endpoint URL, and real exchanges with a
/// scripted TCP server: answers, a server that stalls (timeout), nobody listening, a connection cut mid-body, and the
/// client thread's order and stop.
final class HTTPClientTests: XCTestCase {
    private typealias Parser = HTTPResponseParser

    private func parse(_ text: String, byteByByte: Bool = false, parser: Parser = Parser()) throws -> HTTPResponse? {
        var parser = parser
        let bytes = Array(text.utf8)
        if byteByByte {
            for byte in bytes {
                if case .complete(let response) = try parser.feed([byte]) { return response }
            }
            return nil
        }
        if case .complete(let response) = try parser.feed(bytes) { return response }
        return nil
    }

    func test_parser_contentLength_chunked_interim_andUntilClose() throws {
        let plain = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"trip\":{}}EXTRA"
        for byteByByte in [false, true] {
            let response = try XCTUnwrap(try parse(plain, byteByByte: byteByByte))
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.reason, "OK")
            XCTAssertEqual(response.text, "{\"trip\":{}}", "bytes after the body are not part of it")
            XCTAssertEqual(response.header("CONTENT-TYPE"), "application/json")
        }
        let chunked = "HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{\"er\r\n9\r\nror\":171}\r\n0\r\nX-Trailer: y\r\n\r\n"
        for byteByByte in [false, true] {
            let response = try XCTUnwrap(try parse(chunked, byteByByte: byteByByte))
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(response.text, "{\"error\":171}")
        }
        let interim = try XCTUnwrap(try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nServer: x\r\n\r\n"))
        XCTAssertEqual(interim.status, 204)
        XCTAssertEqual(interim.body, [])
        XCTAssertEqual(interim.headers.map(\.name), ["server"], "the interim response's fields are not kept")

        var untilClose = Parser()
        XCTAssertEqual(try untilClose.feed(Array("HTTP/1.0 200 OK\r\n\r\nhello ".utf8)), .incomplete)
        XCTAssertEqual(try untilClose.feed(Array("world".utf8)), .incomplete)
        XCTAssertEqual(try untilClose.finish().text, "hello world")
    }

    func test_parser_refusesMalformed_oversized_andTruncatedResponses() throws {
        let malformed = [
            "SSH-2.0-OpenSSH_9.2\r\n\r\n",
            "HTTP/1.1 2000 OK\r\n\r\n",
            "HTTP/2 200\r\n\r\n",
            "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nContent-Length: 2 2\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            // A signed chunk size was read as a negative length and crashed the parser (found by make fuzz).
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1c8\r\n{}",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\n{}\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY",
        ]
        for text in malformed {
            XCTAssertThrowsError(try parse(text), text) { error in
                guard case .malformed = error as? Parser.Failure else { return XCTFail("\(text): \(error)") }
            }
        }
        let small = Parser(maxHeadBytes: 64, maxBodyBytes: 10)
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", parser: small)) {
            XCTAssertEqual($0 as? Parser.Failure, .tooLarge(limit: 10))
        }
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n", parser: small)) {
            XCTAssertEqual($0 as? Parser.Failure, .tooLarge(limit: 10), "the sum of the chunks counts")
        }
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 100), parser: small)) {
            XCTAssertEqual($0 as? Parser.Failure, .tooLarge(limit: 64), "a head that never ends is bounded too")
        }
        let largest = "HTTP/1.1 204 No Content\r\nX: " + String(repeating: "a", count: 64 - 28)
        XCTAssertEqual(largest.utf8.count, 64)
        for byteByByte in [false, true] {
            XCTAssertEqual(try parse(largest + "\r\n\r\n", byteByByte: byteByByte, parser: small)?.status, 204,
                           "a head of the largest size is taken however it arrives")
        }
        var truncated = Parser()
        _ = try truncated.feed(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))
        XCTAssertThrowsError(try truncated.finish()) { XCTAssertEqual(($0 as? Parser.Failure).map { "\($0)" }, "the connection closed after 3 of 10 body bytes") }
        var nothing = Parser()
        XCTAssertThrowsError(try nothing.finish()) { XCTAssertEqual($0 as? Parser.Failure, .truncated("the connection closed without a response")) }
    }

    func test_endpoint_readsEngineURLs_andSaysWhatIsWrongWithOthers() throws {
        let local = try HTTPEndpoint("http://127.0.0.1:8002")
        XCTAssertEqual(local.host, "127.0.0.1")
        XCTAssertEqual(local.port, 8002)
        XCTAssertEqual(local.requestPath("/route"), "/route")
        let proxied = try HTTPEndpoint(" http://router.local/valhalla/ ")
        XCTAssertEqual(proxied.port, 80)
        XCTAssertEqual(proxied.requestPath("route"), "/valhalla/route")
        XCTAssertEqual(proxied.description, "http://router.local/valhalla")
        let six = try HTTPEndpoint("http://[::1]:5000/")
        XCTAssertEqual(six.host, "::1")
        XCTAssertEqual(six.description, "http://[::1]:5000")
        for (url, why) in [("https://127.0.0.1:8002", "https is not supported"), ("127.0.0.1:8002", "expected http://"),
                           ("http://:8002", "no host"), ("http://host:0", "port \"0\""), ("http://host:70000", "port \"70000\""),
                           ("http://user@host", "user names")] {
            XCTAssertThrowsError(try HTTPEndpoint(url), url) { XCTAssertTrue("\($0)".contains(why), "\(url): \($0)") }
        }
        let request = HTTPRequest.postJSON("/route", "{\"a\":1}")
        XCTAssertEqual(String(decoding: request.serialized(for: proxied), as: UTF8.self),
                       "POST /valhalla/route HTTP/1.1\r\nHost: router.local\r\nUser-Agent: RouteCue\r\nAccept: application/json\r\n"
                       + "Connection: close\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}")
    }

    // MARK: - Over TCP

    private func endpoint(_ server: ScriptedTCPServer) throws -> HTTPEndpoint { try HTTPEndpoint("http://127.0.0.1:\(server.port)") }

    func test_exchange_readsAnAnswer_andReportsAStall_aRefusal_andACut() throws {
        let body = "{\"trip\":{\"status\":0}}"
        let answering = try ScriptedTCPServer(script: [.pause(0.05), .send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8)),
                                                       .pause(0.05), .send(Array(body.utf8))])
        defer { answering.stop() }
        let answer = HTTPExchange.perform(.postJSON("/route", "{}"), at: try endpoint(answering), timeout: 5)
        XCTAssertEqual(try answer.get().text, body)

        let stalling = try ScriptedTCPServer(script: [.send(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{".utf8)), .pause(30)])
        defer { stalling.stop() }
        let started = MonotonicClock.nanoseconds()
        let stalled = HTTPExchange.perform(.postJSON("/route", "{}"), at: try endpoint(stalling), timeout: 0.4)
        let took = Double(MonotonicClock.nanoseconds() - started) / 1e9
        XCTAssertEqual(stalled.failure, .timedOut("http://127.0.0.1:\(stalling.port)", seconds: 0.4))
        XCTAssertGreaterThanOrEqual(took, 0.4)
        XCTAssertLessThan(took, 3, "the timeout bounds the whole exchange")

        let port = try LoopbackSocket.freePort()
        let refused = HTTPExchange.perform(.postJSON("/route", "{}"), at: try HTTPEndpoint("http://127.0.0.1:\(port)"), timeout: 2)
        XCTAssertEqual(refused.failure, .unreachable("http://127.0.0.1:\(port)", "Connection refused"))

        let cutting = try ScriptedTCPServer(script: [.send(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"tr".utf8)), .close])
        defer { cutting.stop() }
        let cut = HTTPExchange.perform(.postJSON("/route", "{}"), at: try endpoint(cutting), timeout: 5)
        // (A close with our request unread is a reset; after it, the end of the stream: either way the answer was cut.)
        guard case .connectionLost("http://127.0.0.1:\(cutting.port)", _)? = cut.failure else { return XCTFail("\(cut)") }

        let unknown = HTTPExchange.perform(.postJSON("/route", "{}"), at: try HTTPEndpoint("http://no-such-host.invalid:8002"), timeout: 5)
        guard case .unknownHost("no-such-host.invalid", _)? = unknown.failure else { return XCTFail("\(unknown)") }
    }

    func test_client_runsRequestsInOrder_offTheCallersThread_andStopCancelsTheRest_andTheOneUnderWay() throws {
        let server = try ScriptedTCPServer(script: [.receive, .pause(0.2), .send(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)), .close])
        defer { server.stop() }
        let client = try HTTPClient(name: "http-test")
        let results = LockedValue<[String]>([])
        let done = EventFD(nonBlockingOrFail: ())
        let target = try endpoint(server)
        for i in 0..<3 {
            client.send(.postJSON("/route", "{}"), to: target, timeout: 5) { result in
                results.withLock { $0.append("\(i) " + ((try? result.get().text) ?? "\(result.failure!)")) }
                done.signal()
            }
        }
        // The first is under way (the server pauses 0.2 s before answering): stop now cancels the other two and the
        // one under way, at once.
        usleep(50_000)
        let start = MonotonicClock.nanoseconds()
        client.stop()
        let stopSeconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
        XCTAssertEqual(results.withLock { $0 }, ["1 cancelled", "2 cancelled", "0 cancelled"])
        XCTAssertLessThan(stopSeconds, 0.15, "stop does not wait for the answer under way")
        client.send(.postJSON("/route", "{}"), to: target, timeout: 5) { result in
            results.withLock { $0.append("late " + ((try? result.get().text) ?? "\(result.failure!)")) }
        }
        XCTAssertEqual(results.withLock { $0.last }, "late cancelled", "a stopped client answers at once")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

private extension EventFD {
    convenience init(nonBlockingOrFail: Void) { try! self.init(nonBlocking: true) }
}
