import HTTPKit

extension ReaderShapes {
    /// The routing engine's answers as `HTTPResponseParser` reads them off the socket, in pieces.
    static var http: [ReaderShape] {
        [
            ReaderShape(reader: "HTTP response", shape: "many header lines, 16 bytes a read", make: { scale in
                var head = "HTTP/1.1 200 OK\r\n"
                while head.utf8.count < 3_900 * scale { head += "X-Header-\(head.utf8.count): value\r\n" }
                return Array((head + "Content-Length: 2\r\n\r\n{}").utf8)
            }, read: { try feed($0, piece: 16) }),
            ReaderShape(reader: "HTTP response", shape: "chunked body of 16-byte chunks", make: { scale in
                let chunk = "10\r\n" + String(repeating: "x", count: 16) + "\r\n"
                return Array(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + String(repeating: chunk, count: 4_000 * scale) + "0\r\n\r\n").utf8)
            }, read: { try feed($0, piece: 4096) }),
            ReaderShape(reader: "HTTP response", shape: "long trailer line, 16 bytes a read", make: { scale in
                Array(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-Trailer: "
                    + String(repeating: "t", count: 3_800 * scale) + "\r\n\r\n").utf8)
            }, read: { try feed($0, piece: 16) }),
            ReaderShape(reader: "HTTP response", shape: "Content-Length body, 1 kB a read", make: { scale in
                let body = String(repeating: "x", count: 256_000 * scale)
                return Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
            }, read: { try feed($0, piece: 1024) }),
        ]
    }

    /// Feeds `bytes` to a parser `piece` bytes at a time, as reads off a socket; throws unless it is one response.
    static func feed(_ bytes: [UInt8], piece: Int) throws {
        var parser = HTTPResponseParser()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            if case .complete = try parser.feed(bytes[start..<end]) { return }
            start = end
        }
        _ = try parser.finish()
    }
}
