import HTTPKit

extension FuzzInputs {
    /// The head's and body's bounds of the parser under test: small, so the fuzzer reaches them.
    static let httpLimits = (head: 512, body: 4096)

    /// An HTTP/1.1 response from the routing engine (`HTTPResponseParser`): the first byte chooses how the rest arrives
    /// (0: in one piece, else in pieces of 1 to 64 bytes it seeds), and the answer must be the same as for the whole
    /// response in one piece: the same response, or a failure both ways.
    @discardableResult
    public static func httpResponse(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let seed = bytes.first else { return .rejected("no bytes") }
        let response = Array(bytes.dropFirst())
        let whole = parseHTTP([response[...]])
        if seed != 0 {
            var pieces: [ArraySlice<UInt8>] = []
            var state = UInt32(seed)
            var start = 0
            while start < response.count {
                state = state &* 1_103_515_245 &+ 12_345
                let end = min(response.count, start + 1 + Int(state >> 16) % 64)
                pieces.append(response[start..<end])
                start = end
            }
            let pieced = parseHTTP(pieces)
            switch (whole, pieced) {
            case (.success(let a), .success(let b)):
                check(a == b && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value),
                      "the response differs when it arrives in pieces")
            case (.failure, .failure):
                break
            case (.success, .failure(let failure)):
                fatalError("fuzz invariant: a response read whole fails in pieces: \(failure)")
            case (.failure(let failure), .success):
                fatalError("fuzz invariant: a response read in pieces fails whole: \(failure)")
            }
        }
        switch whole {
        case .success: return .accepted
        case .failure(let failure): return .rejected("\(failure)")
        }
    }

    /// Feeds `pieces` in order (the rest ignored once complete), then ends the connection.
    private static func parseHTTP(_ pieces: [ArraySlice<UInt8>]) -> Result<HTTPResponse, HTTPResponseParser.Failure> {
        var parser = HTTPResponseParser(maxHeadBytes: httpLimits.head, maxBodyBytes: httpLimits.body)
        do {
            for piece in pieces {
                if case .complete(let response) = try parser.feed(piece) { return .success(response) }
            }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }
}
