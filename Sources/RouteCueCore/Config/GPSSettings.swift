/// The `gps` section: where gpsd listens, when its silence means the GPS is lost, how the client reconnects, and
/// whether guidance says so.
public struct GPSSettings: Sendable, Equatable {
    /// gpsd's host (a name, an IPv4 address, or an IPv6 address without brackets).
    public var host = "localhost"
    /// gpsd's TCP port.
    public var port = 2947
    /// No report from gpsd for this long marks the GPS lost (gpsd sends a TPV per receiver epoch, 1 Hz typical, 0.5 Hz
    /// on some receivers, and nothing at all when its source goes silent).
    public var staleAfterSeconds = 3.0
    /// The first reconnect comes after this long…
    public var reconnectMinimumSeconds = 0.25
    /// …doubling up to this (1 s keeps fixes flowing again within 2 s of gpsd's return: gpsd itself needs 0.1–1.4 s
    /// to its first TPV)…
    public var reconnectMaximumSeconds = 1.0
    /// …except within this long of the last fix, when every reconnect comes after `reconnectMinimumSeconds`
    /// (`GPSReconnectPolicy`).
    public var reconnectFastSeconds = 10.0
    /// The reconnect policy these settings make.
    public var reconnectPolicy: GPSReconnectPolicy {
        GPSReconnectPolicy(minimumSeconds: reconnectMinimumSeconds, maximumSeconds: reconnectMaximumSeconds,
                           fastSeconds: reconnectFastSeconds)
    }
    /// What guidance says when the fix is lost and comes back.
    public var cues = GPSCueOptions()

    /// The defaults.
    public init() {}

    /// `host:port` as the configuration writes it (`[::1]:2947` for an IPv6 address).
    public var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Parses `HOST:PORT` (`[IPV6]:PORT`): a non-empty host and a port 1–65535.
    public static func endpoint(_ text: String) throws(GPSEndpointError) -> (host: String, port: Int) {
        let host: Substring, portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw GPSEndpointError(text: text)
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { throw GPSEndpointError(text: text) }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }), let port = Int(portText), (1...65535).contains(port) else {
            throw GPSEndpointError(text: text)
        }
        return (String(host), port)
    }
}

/// A gpsd address that is not `HOST:PORT`.
public struct GPSEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was given.
    public let text: String
    /// One line.
    public var description: String { "\"\(text.prefix(80))\" is not HOST:PORT (a host and a port 1-65535; [::1]:2947 for IPv6)" }
}

/// The `logging` section.
public struct LoggingSettings: Sendable, Equatable {
    /// The least severe lines written.
    public var level = LogLevel.info

    /// The defaults.
    public init() {}
}

/// The `gps` and `logging` sections of the configuration file.
enum GPSSection {
    /// Reads `gps` over `settings`.
    static func read(_ section: JSONNode, into settings: inout GPSSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "gpsd":
                do {
                    (settings.host, settings.port) = try GPSSettings.endpoint(try node.string())
                } catch let error as GPSEndpointError {
                    throw node.error(.invalidValue, error.description)
                }
            case "stale_after_s": settings.staleAfterSeconds = try node.configNumber(in: 0.5...60, unit: "seconds")
            case "reconnect_min_s": settings.reconnectMinimumSeconds = try node.configNumber(in: 0.01...60, unit: "seconds")
            case "reconnect_max_s": settings.reconnectMaximumSeconds = try node.configNumber(in: 0.01...600, unit: "seconds")
            case "reconnect_fast_s": settings.reconnectFastSeconds = try node.configNumber(in: 0...600, unit: "seconds")
            case "announce_lost": settings.cues.announceLost = try node.bool()
            case "lost_announce_after_s": settings.cues.lostAnnounceSeconds = try node.configNumber(in: 1...600, unit: "seconds")
            case "announce_regained": settings.cues.announceRegained = try node.bool()
            default: throw ConfigObject.unknownKey(node)
            }
        }
        if settings.reconnectMaximumSeconds < settings.reconnectMinimumSeconds {
            let path = section.path.isEmpty ? "reconnect_max_s" : "\(section.path).reconnect_max_s"
            problems.add(InputError(.invalidValue, location: path, message: "must not be less than reconnect_min_s "
                + "(\(JSONNode.plain(settings.reconnectMaximumSeconds)) < \(JSONNode.plain(settings.reconnectMinimumSeconds)))"))
        }
    }

    /// Reads `logging` over `settings`.
    static func readLogging(_ section: JSONNode, into settings: inout LoggingSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "level":
                let name = try node.string()
                guard let level = LogLevel(rawValue: name) else {
                    throw node.error(.invalidValue, "unknown log level \"\(name.prefix(40))\" (known: \(StageTableSection.names(LogLevel.allCases.map(\.rawValue))))")
                }
                settings.level = level
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
