/// The `routing` section: the routing engine RouteCue asks for the ways a tour does not carry (Valhalla's HTTP API).
/// Off when no URL is configured: tours then need embedded routes for every gap over 50 m.
public struct RoutingSettings: Sendable, Equatable {
    /// The engine's base URL (`http://127.0.0.1:8002`); nil: no engine.
    public var engineURL: String?
    /// Seconds one request may take in all (connect, send, answer).
    public var timeoutSeconds = 10.0
    /// Valhalla's costing model; nil: from the transport mode (`auto` for a car).
    public var costing: String?
    /// Whether every route loaded is looked up for the traffic signals on it (`/trace_attributes`), which natural
    /// guidance then names ("At the next traffic light, turn left"). Off by default.
    public var trafficSignals = false

    /// No engine, a 10 s timeout, the costing of the transport mode, no traffic-signal lookup.
    public init() {}

    /// Whether `text` looks like an engine URL (`http://HOST…`; the HTTP client reads it fully when it is used).
    public static func isEngineURL(_ text: String) -> Bool {
        text.lowercased().hasPrefix("http://") && text.utf8.count > 7 && text.utf8.count <= 512
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " }
    }
}

enum RoutingSection {
    /// Reads `routing` over `settings`.
    static func read(_ section: JSONNode, into settings: inout RoutingSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "engine_url":
                if case .null = node.value { settings.engineURL = nil; return }
                let text = try node.string()
                guard RoutingSettings.isEngineURL(text) else { throw node.error(.invalidValue, "must be an http:// URL such as \"http://127.0.0.1:8002\", or null") }
                settings.engineURL = text
            case "timeout_s": settings.timeoutSeconds = try node.configNumber(in: 0.1...120, unit: "seconds")
            case "costing":
                if case .null = node.value { settings.costing = nil; return }
                let text = try node.string()
                guard !text.isEmpty, text.utf8.count <= 32, text.allSatisfy({ $0.isLetter || $0 == "_" }) else {
                    throw node.error(.invalidValue, "must be a Valhalla costing such as \"auto\", \"truck\" or \"bicycle\", or null")
                }
                settings.costing = text
            case "traffic_signals": settings.trafficSignals = try node.bool()
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
