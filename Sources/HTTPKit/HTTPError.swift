/// Why an HTTP exchange gave no response: each case says it in one line for the log and for the D-Bus error.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configured URL cannot be used.
    case badURL(String, String)
    /// The host name does not resolve.
    case unknownHost(String, String)
    /// Nobody listens there, or the connection could not be made.
    case unreachable(String, String)
    /// The whole exchange took longer than allowed.
    case timedOut(String, seconds: Double)
    /// The connection ended or failed before the response was complete.
    case connectionLost(String, String)
    /// What came back is not HTTP/1.x as RFC 9112 has it.
    case malformedResponse(String, String)
    /// The response is larger than allowed.
    case responseTooLarge(String, limit: Int)
    /// The client was stopped before the request ran.
    case cancelled

    public var description: String {
        switch self {
        case .badURL(let url, let why): "bad engine URL \"\(url)\": \(why)"
        case .unknownHost(let host, let why): "\(host): host not found (\(why))"
        case .unreachable(let endpoint, let why): "\(endpoint): unreachable (\(why))"
        case .timedOut(let endpoint, let seconds): "\(endpoint): no complete answer within \(Self.format(seconds)) s"
        case .connectionLost(let endpoint, let why): "\(endpoint): connection lost (\(why))"
        case .malformedResponse(let endpoint, let why): "\(endpoint): not an HTTP response (\(why))"
        case .responseTooLarge(let endpoint, let limit): "\(endpoint): response larger than \(limit) bytes"
        case .cancelled: "cancelled"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
