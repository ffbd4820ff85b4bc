import HTTPKit
import TestSupport
import XCTest

/// The routing engine's answers however they arrive: a response cut into reads of any size reads as the whole one
/// does, in time linear in its bytes (the search for the head's or a line's end goes on where the last read left it),
/// and trailer fields are bounded like the head.
final class HTTPResponseParserBoundsTests: XCTestCase {
    private typealias Parser = HTTPResponseParser

    /// Feeds `bytes` `piece` bytes at a time; the response, or nil while incomplete at the end.
    private func feed(_ bytes: [UInt8], piece: Int, parser: Parser = Parser()) throws -> HTTPResponse? {
        var parser = parser
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            if case .complete(let response) = try parser.feed(bytes[start..<end]) { return response }
            start = end
        }
        return nil
    }

    func test_aResponseCutIntoReadsOfAnySize_readsAsTheWholeOne() throws {
        let text = "HTTP/1.1 200 OK\r\nX-A: 1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n10;ext=1\r\n0123456789abcdef\r\n0\r\nX-Trailer: t\r\n\r\n"
        let whole = try XCTUnwrap(try feed(Array(text.utf8), piece: text.utf8.count))
        XCTAssertEqual(String(decoding: whole.body, as: UTF8.self), "abc0123456789abcdef")
        for piece in [1, 2, 3, 5, 7] {
            let cut = try XCTUnwrap(try feed(Array(text.utf8), piece: piece), "pieces of \(piece)")
            XCTAssertEqual(cut.body, whole.body, "pieces of \(piece)")
            XCTAssertEqual(cut.headers.map(\.name), whole.headers.map(\.name), "pieces of \(piece)")
        }
    }

    func test_aHeadFedAByteAtATime_isReadInLinearTime() throws {
        func response(headBytes: Int) -> [UInt8] {
            var head = "HTTP/1.1 200 OK\r\n"
            while head.utf8.count < headBytes { head += "X-Header-\(head.utf8.count): value\r\n" }
            return Array((head + "Content-Length: 2\r\n\r\n{}").utf8)
        }
        let small = response(headBytes: 15_000), large = response(headBytes: 60_000)
        var read: HTTPResponse?
        let growth = try GrowthRatio.ratio(small: { _ = try feed(small, piece: 1) }, large: { read = try feed(large, piece: 1) })
        XCTAssertEqual(read?.body, Array("{}".utf8))
        XCTAssertLessThan(growth, GrowthRatio.limit, "a head that arrives a byte at a time is searched once, not once per read")
    }

    func test_trailerFields_areBoundedLikeTheHead() {
        let small = Parser(maxHeadBytes: 64, maxBodyBytes: 1000)
        let start = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n"
        XCTAssertThrowsError(try feed(Array((start + "X-T: " + String(repeating: "t", count: 100)).utf8), piece: 7, parser: small)) {
            XCTAssertEqual($0 as? Parser.Failure, .tooLarge(limit: 64), "a trailer line that never ends")
        }
        let many = String(repeating: "X-T: 1234567\r\n", count: 6) + "\r\n"
        XCTAssertThrowsError(try feed(Array((start + many).utf8), piece: 1000, parser: small)) {
            XCTAssertEqual($0 as? Parser.Failure, .tooLarge(limit: 64), "trailer lines adding up over the limit")
        }
        XCTAssertNoThrow(try feed(Array((start + "X-T: 1\r\n\r\n").utf8), piece: 1, parser: small))
    }
}
