/// Where a local HTTP service listens: `http://HOST[:PORT][/BASE]`, as a routing engine's URL is configured
/// (`http://127.0.0.1:8002`, `http://router.local/valhalla`). Plain HTTP only: a head unit's engine runs beside it.
public struct HTTPEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address (IPv6 without its brackets).
    public var host: String
    /// The TCP port (80 when the URL names none).
    public var port: UInt16
    /// The path every request's path is appended to, without a trailing slash ("" for the root).
    public var basePath: String

    /// Reads `url`; the error says what is wrong with it.
    public init(_ url: String) throws(HTTPError) {
        var rest = Substring(url.trimmingWhitespace)
        guard rest.lowercased().hasPrefix("http://") else {
            if rest.lowercased().hasPrefix("https://") {
                throw .badURL(url, "https is not supported (the engine runs on the head unit: use http://)")
            }
            throw .badURL(url, "expected http://HOST[:PORT][/PATH]")
        }
        rest = rest.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest.dropFirst(authority.count))
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.contains("@") else { throw .badURL(url, "user names in the URL are not supported") }
        var hostPart = Substring(authority)
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw .badURL(url, "unclosed [ in the host") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() } else if !after.isEmpty { throw .badURL(url, "unexpected text after ]") }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw .badURL(url, "no host") }
        var port: UInt16 = 80
        if let portPart {
            guard let value = UInt16(portPart), value > 0 else { throw .badURL(url, "port \"\(portPart)\" is not a number in 1…65535") }
            port = value
        }
        host = String(hostPart)
        self.port = port
        basePath = path
    }

    /// The path to request for `path` ("/route") under the base path.
    public func requestPath(_ path: String) -> String {
        basePath + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// The `Host` header's value.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    /// `http://host:port/base`.
    public var description: String { "http://\(hostHeader)\(basePath)" }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
