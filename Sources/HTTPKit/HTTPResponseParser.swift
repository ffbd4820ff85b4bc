/// Reads an HTTP/1.x response as its bytes arrive (RFC 9112): the status line and header fields, then a body
/// delimited by `Content-Length`, by chunked transfer coding, or by the end of the connection. Interim `1xx`
/// responses are skipped. Bounded: the head by `maxHeadBytes` (the trailer fields of a chunked body too), the body by
/// `maxBodyBytes`. Each byte is looked at a bounded number of times however the response is cut into reads: the
/// search for the end of the head or of a line goes on where the previous read left it.
public struct HTTPResponseParser: Sendable {
    /// What the bytes so far amount to.
    public enum Progress: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// The response is complete (bytes after it are ignored).
        case complete(HTTPResponse)
    }

    /// Why the bytes are not a response.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed(String)
        case tooLarge(limit: Int)
        /// The connection ended before the response did.
        case truncated(String)

        public var description: String {
            switch self {
            case .malformed(let why): why
            case .tooLarge(let limit): "larger than \(limit) bytes"
            case .truncated(let why): why
            }
        }
    }

    private enum Framing: Sendable {
        case length(Int)
        case chunked
        case untilClose
    }

    private enum Stage: Sendable {
        case head
        case body(Framing)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case done
    }

    /// The largest status line plus header fields accepted.
    public let maxHeadBytes: Int
    /// The largest body accepted.
    public let maxBodyBytes: Int

    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the search for the end of the head or of a line goes on (bytes before it were searched already).
    private var searched = 0
    /// The bytes of trailer fields so far (bounded by `maxHeadBytes`, as the head).
    private var trailerBytes = 0
    private var stage = Stage.head
    private var status = 0
    private var reason = ""
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []

    /// A parser with these bounds.
    public init(maxHeadBytes: Int = 64 << 10, maxBodyBytes: Int = 64 << 20) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Takes the next bytes of the connection.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(Failure) -> Progress {
        buffer.append(contentsOf: bytes)
        return try advance()
    }

    /// The connection ended: a response delimited by it is complete now; any other unfinished one is truncated.
    public mutating func finish() throws(Failure) -> HTTPResponse {
        if case .complete(let response) = try advance() { return response }
        switch stage {
        case .body(.untilClose):
            body = Array(buffer[position...])
            stage = .done
            return response
        case .head:
            throw .truncated(buffer.isEmpty ? "the connection closed without a response" : "the connection closed inside the header")
        case .body(.length(let length)):
            throw .truncated("the connection closed after \(buffer.count - position) of \(length) body bytes")
        default:
            throw .truncated("the connection closed inside the chunked body (\(body.count) bytes read)")
        }
    }

    private var response: HTTPResponse { HTTPResponse(status: status, reason: reason, headers: headers, body: body) }

    private mutating func advance() throws(Failure) -> Progress {
        while true {
            switch stage {
            case .done:
                return .complete(response)
            case .head:
                guard let end = headEnd() else {
                    // Up to three bytes of the blank line ending a head of the largest size may be here already.
                    if buffer.count - position > maxHeadBytes + 3 { throw .tooLarge(limit: maxHeadBytes) }
                    return .incomplete
                }
                guard end - position <= maxHeadBytes else { throw .tooLarge(limit: maxHeadBytes) }
                try readHead(buffer[position..<end])
                position = end + 4
                if (100..<200).contains(status) {
                    headers = []
                    continue
                }
                stage = .body(try framing())
            case .body(.length(let length)):
                guard length <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
                let available = buffer.count - position
                guard available >= length else { return .incomplete }
                body = Array(buffer[position..<(position + length)])
                position += length
                stage = .done
            case .body(.untilClose):
                // Taken whole at `finish()`.
                guard buffer.count - position <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
                return .incomplete
            case .body(.chunked):
                stage = .chunkSize
            case .chunkSize:
                guard let lineEnd = lineEnd() else {
                    if buffer.count - position > 1024 { throw .malformed("a chunk size line over 1 KiB") }
                    return .incomplete
                }
                let line = buffer[position..<lineEnd].prefix { $0 != UInt8(ascii: ";") }
                let digits = String(decoding: line, as: UTF8.self).trimmingWhitespace
                // Hexadecimal digits only (RFC 9112 chunk-size): Int(_:radix:) would also take a sign, and "-1c8" a
                // negative size.
                guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isHexDigit), let size = Int(digits, radix: 16) else {
                    throw .malformed("chunk size \"\(digits)\" is not hexadecimal")
                }
                position = lineEnd + 2
                if size == 0 {
                    stage = .trailers
                } else {
                    guard body.count + size <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
                    stage = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - position)
                body.append(contentsOf: buffer[position..<(position + take)])
                position += take
                if take < remaining {
                    stage = .chunkData(remaining: remaining - take)
                    return .incomplete
                }
                stage = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count - position >= 2 else { return .incomplete }
                guard buffer[position] == 13, buffer[position + 1] == 10 else { throw .malformed("a chunk does not end with CRLF") }
                position += 2
                stage = .chunkSize
            case .trailers:
                guard let lineEnd = lineEnd() else {
                    if trailerBytes + buffer.count - position > maxHeadBytes { throw .tooLarge(limit: maxHeadBytes) }
                    return .incomplete
                }
                trailerBytes += lineEnd + 2 - position
                guard trailerBytes <= maxHeadBytes else { throw .tooLarge(limit: maxHeadBytes) }
                let empty = lineEnd == position
                position = lineEnd + 2
                if empty { stage = .done }
            }
            compact()
        }
    }

    /// Drops consumed bytes once they are the larger part of the buffer.
    private mutating func compact() {
        if position > 4096, position * 2 > buffer.count {
            buffer.removeFirst(position)
            searched = max(0, searched - position)
            position = 0
        }
    }

    /// The index of the `\r\n\r\n` ending the head, from `position`; the search goes on where the last one ended.
    private mutating func headEnd() -> Int? {
        var i = max(position, searched)
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        searched = i
        return nil
    }

    /// The index of the next `\r\n`, from `position`; the search goes on where the last one ended.
    private mutating func lineEnd() -> Int? {
        var i = max(position, searched)
        while i + 1 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10 { return i }
            i += 1
        }
        searched = i
        return nil
    }

    private mutating func readHead(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw .malformed("no status line") }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]), code >= 100 else {
            throw .malformed("status line \"\(statusLine.prefix(80))\"")
        }
        status = code
        reason = parts.count > 2 ? String(parts[2]) : ""
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .malformed("header line \"\(line.prefix(80))\"")
            }
            let name = line[..<colon]
            guard !name.contains(" "), !name.contains("\t") else { throw .malformed("header name \"\(name.prefix(80))\"") }
            headers.append((name.lowercased(), String(String(line[line.index(after: colon)...]).trimmingWhitespace)))
        }
    }

    private func framing() throws(Failure) -> Framing {
        if status == 204 || status == 304 { return .length(0) }
        if let coding = headers.last(where: { $0.name == "transfer-encoding" })?.value.lowercased() {
            guard coding.split(separator: ",").last.map({ String($0).trimmingWhitespace }) == "chunked" else {
                throw .malformed("transfer coding \"\(coding)\" is not chunked")
            }
            return .chunked
        }
        let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
        if lengths.count > 1 { throw .malformed("conflicting Content-Length values") }
        if let value = lengths.first {
            // Decimal digits only (RFC 9110 Content-Length = 1*DIGIT): Int(_:) would also take a sign ("+5").
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let length = Int(value) else { throw .malformed("Content-Length \"\(value.prefix(80))\"") }
            return .length(length)
        }
        return .untilClose
    }
}
