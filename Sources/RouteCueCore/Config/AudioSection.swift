/// The `audio` section of the configuration file: `routes` → audio route name → output latency and pre-roll.
enum AudioSection {
    /// The audio routes RouteCue knows: the fallback, the car's speakers, and a Bluetooth hands-free (HFP/SCO) link.
    static let routeNames = ["default", "speaker", "hfp"]

    /// Built-in timings. Hands-free links clip the first syllables unless silence is played first; OsmAnd prepends
    /// 1.5 s, RouteCue 0.5 s because it opens the link early (PEERS.md "Audio").
    static let defaults: [String: AudioRouteTiming] = [
        "default": AudioRouteTiming(outputLatency: 0.05, preRoll: 0),
        "speaker": AudioRouteTiming(outputLatency: 0.05, preRoll: 0),
        "hfp": AudioRouteTiming(outputLatency: 0.15, preRoll: 0.5),
    ]

    /// Reads the section over `routes`; routes and keys not named keep their values.
    static func read(_ section: JSONNode, into routes: inout [String: AudioRouteTiming]) throws(RouteImportError) {
        for (key, node) in try ConfigObject(section).members() {
            guard key == "routes" else { throw ConfigObject.unknownKey(node) }
            for (name, routeNode) in try ConfigObject(node).members() {
                guard routeNames.contains(name) else {
                    throw routeNode.error("unknown audio route (known: \(StageTableSection.names(routeNames)))")
                }
                var timing = routes[name] ?? AudioRouteTiming()
                for (field, value) in try ConfigObject(routeNode).members() {
                    switch field {
                    case "output_latency_s": timing.outputLatency = try value.configSeconds(max: 5)
                    case "pre_roll_s": timing.preRoll = try value.configSeconds(max: 5)
                    default: throw ConfigObject.unknownKey(value)
                    }
                }
                routes[name] = timing
            }
        }
    }
}
