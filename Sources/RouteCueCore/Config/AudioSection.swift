/// The `audio` section of the configuration file: the active route, volume, voice and device parameters, the
/// pre-rendering bound, and `routes` → audio route name → PCM, output latency, pre-roll and open-ahead time.
enum AudioSection {
    /// The audio routes RouteCue knows: the fallback, the car's speakers, and a Bluetooth hands-free (HFP/SCO) link.
    static let routeNames = AudioRouteName.allCases.map(\.rawValue)

    /// Built-in timings. Hands-free links clip the first syllables unless silence is played first; OsmAnd prepends
    /// 1.5 s, RouteCue 0.5 s because it opens the link early (PEERS.md "Audio").
    static let defaults: [AudioRouteName: AudioRouteTiming] = [
        .default: AudioRouteTiming(outputLatency: 0.05, preRoll: 0),
        .speaker: AudioRouteTiming(outputLatency: 0.05, preRoll: 0),
        .handsFree: AudioRouteTiming(outputLatency: 0.15, preRoll: 0.5),
    ]

    /// Reads the section over `routes` and `settings`; keys not named keep their values.
    static func read(_ section: JSONNode, into routes: inout [AudioRouteName: AudioRouteTiming],
                     settings: inout AudioSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "route":
                let name = try node.string()
                guard let route = AudioRouteName(rawValue: name) else {
                    throw node.error(.invalidValue, "unknown audio route \"\(name.prefix(40))\" (known: \(StageTableSection.names(routeNames)))")
                }
                settings.route = route
            case "volume": settings.volume = try node.configNumber(in: 0...1, unit: "")
            case "prompt_style": settings.promptStyle = try promptStyle(node)
            case "spatial": readSpatial(node, into: &settings, problems: problems)
            case "cache_bytes":
                let n = try node.int()
                guard n >= 0, n <= 1 << 30 else { throw node.error(.invalidValue, "must be between 0 and 1073741824 bytes, not \(n)") }
                settings.cacheBytes = n
            case "voice": readVoice(node, into: &settings.voice, problems: problems)
            case "device": readDevice(node, into: &settings.device, problems: problems)
            case "routes": readRoutes(node, into: &routes, settings: &settings.routes, problems: problems)
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    /// A prompt style by its name.
    static func promptStyle(_ node: JSONNode) throws(InputError) -> PromptStyle {
        let text = try node.string()
        guard let style = PromptStyle(rawValue: text) else {
            throw node.error(.invalidValue, "unknown prompt style \"\(text.prefix(40))\" (known: \(StageTableSection.names(PromptStyle.allCases.map(\.rawValue))))")
        }
        return style
    }

    private static func readSpatial(_ section: JSONNode, into settings: inout AudioSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "enabled": settings.spatialEnabled = try node.bool()
            case "slight_deg": settings.spatial.slightAzimuth = try node.configNumber(in: 0...90, unit: "degrees")
            case "turn_deg": settings.spatial.normalAzimuth = try node.configNumber(in: 0...90, unit: "degrees")
            case "sharp_deg": settings.spatial.sharpAzimuth = try node.configNumber(in: 0...90, unit: "degrees")
            case "uturn_deg": settings.spatial.uTurnAzimuth = try node.configNumber(in: 0...90, unit: "degrees")
            case "sweep_deg": settings.spatial.sweepDegrees = try node.configNumber(in: 0...90, unit: "degrees")
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    private static func readVoice(_ section: JSONNode, into voice: inout AudioSettings.Voice, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "words_per_minute": voice.wordsPerMinute = try node.configInteger(in: 80...450, unit: "words per minute")
            case "volume": voice.volume = try node.configInteger(in: 0...200, unit: "")
            case "pitch": voice.pitch = try node.configInteger(in: 0...100, unit: "")
            case "variant":
                if case .null = node.value { voice.variant = nil; return }
                let variant = try node.string()
                guard !variant.isEmpty, variant.count <= 20,
                      variant.unicodeScalars.allSatisfy({ $0.isASCII && (($0.properties.isAlphabetic || ("0"..."9").contains($0)) || $0 == "_" || $0 == "-") }) else {
                    throw node.error(.invalidValue, "must be an espeak-ng variant name such as \"f3\" (letters, digits, - _)")
                }
                voice.variant = variant
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    private static func readDevice(_ section: JSONNode, into device: inout AudioSettings.Device, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "rate": device.rate = try node.configInteger(in: 8000...192_000, unit: "Hz")
            case "channels": device.channels = try node.configInteger(in: 1...8, unit: "channels")
            case "period_ms": device.periodMilliseconds = try node.configNumber(in: 1...100, unit: "ms")
            case "periods": device.periods = try node.configInteger(in: 2...32, unit: "periods")
            case "idle_hold_s": device.idleHoldSeconds = try node.configSeconds(max: 600)
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    private static func readRoutes(_ section: JSONNode, into routes: inout [AudioRouteName: AudioRouteTiming],
                                   settings: inout [AudioRouteName: AudioSettings.Route], problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, routeNode in
            guard let name = AudioRouteName(rawValue: key) else {
                throw routeNode.error(.unsupported, "unknown audio route (known: \(StageTableSection.names(routeNames)))")
            }
            var timing = routes[name] ?? AudioRouteTiming()
            var route = settings[name] ?? AudioSettings.Route(pcm: nil, openAheadSeconds: 0)
            ConfigObject.each(routeNode, problems) { field, value in
                switch field {
                case "output_latency_s": timing.outputLatency = try value.configSeconds(max: 5)
                case "pre_roll_s": timing.preRoll = try value.configSeconds(max: 5)
                case "open_ahead_s": route.openAheadSeconds = try value.configSeconds(max: 30)
                case "pcm":
                    if case .null = value.value { route.pcm = nil; return }
                    let pcm = try value.string()
                    guard !pcm.isEmpty, pcm.utf8.count <= 256, !pcm.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                        throw value.error(.invalidValue, "must be an ALSA PCM name such as \"default\" or \"hw:0,0\"")
                    }
                    route.pcm = pcm
                case "media_role":
                    if case .null = value.value { route.mediaRole = nil; return }
                    let role = try value.string()
                    guard !role.isEmpty, role.utf8.count <= 64, role.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
                        throw value.error(.invalidValue, "must be a PipeWire media role such as \"Navigation\" (letters, digits, - and _)")
                    }
                    route.mediaRole = role
                default: throw ConfigObject.unknownKey(value)
                }
            }
            if route.mediaRole != nil, !(route.pcm.map(AudioSettings.Route.isPipeWire) ?? false) {
                throw routeNode.error(.invalidValue, "media_role needs pipewire-alsa's PCM (\"pcm\": \"pipewire\"), not \(route.pcm.map { "\"\($0.prefix(40))\"" } ?? "a PCM found at run time")")
            }
            routes[name] = timing
            settings[name] = route
        }
    }
}
