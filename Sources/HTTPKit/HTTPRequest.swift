/// One HTTP/1.1 request: method, path under the endpoint, and a body (JSON for routing engines).
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path and query ("/route", "/status").
    public var path: String
    /// Extra header fields (name, value), sent in order.
    public var headers: [(String, String)]
    /// The body; empty for none.
    public var body: [UInt8]

    /// A request; `contentType` is sent when there is a body.
    public init(method: String, path: String, body: [UInt8] = [], contentType: String = "application/json",
                headers: [(String, String)] = []) {
        self.method = method
        self.path = path
        self.body = body
        self.headers = (body.isEmpty && method != "POST" ? [] : [("Content-Type", contentType)]) + headers
    }

    /// `POST path` with a JSON text.
    public static func postJSON(_ path: String, _ json: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: path, body: Array(json.utf8))
    }

    /// The bytes on the wire for `endpoint` (one request per connection: `Connection: close`).
    public func serialized(for endpoint: HTTPEndpoint) -> [UInt8] {
        var head = "\(method) \(endpoint.requestPath(path)) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\n"
        head += "User-Agent: RouteCue\r\nAccept: application/json\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.body == b.body
            && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }
}

/// A complete HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (200, 400, …).
    public var status: Int
    /// The reason phrase as sent.
    public var reason: String
    /// Header fields as sent, names lowercased.
    public var headers: [(name: String, value: String)]
    /// The body, decoded from chunked transfer coding where it was chunked.
    public var body: [UInt8]

    /// The first value of header `name` (any case).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.reason == b.reason && a.body == b.body
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }
}
