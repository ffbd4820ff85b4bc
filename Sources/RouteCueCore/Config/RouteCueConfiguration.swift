/// RouteCue's configuration file (default `/etc/routecue/routecue.json`; shipped defaults in `config/`).
/// Strict: an unknown key or a bad value is an error naming its key path; `"$comment"` is allowed in every object.
public struct RouteCueConfiguration: Sendable, Equatable {
    /// Settings of the route and fix readers.
    public struct ImportSettings: Sendable, Equatable {
        /// Files larger than this many bytes are refused before parsing (default 64 MB).
        public var maxFileBytes: Int = ImportOptions.defaultMaxBytes
    }

    /// The `import` section.
    public var importSettings = ImportSettings()
    /// The `progress` section: matching, prediction, outage, off-route and arrival tunables.
    public var progressOptions = ProgressOptions()
    /// The `timing` section: mode, units, stage table, chaining, warnings.
    public var timingOptions = TimingOptions()
    /// The `audio.routes` section: output latency and pre-roll per audio route (`default`, `speaker`, `hfp`).
    public var audioRoutes: [String: AudioRouteTiming] = AudioSection.defaults
    /// The rest of the `audio` section: active route, volume, voice, device, pre-rendering, PCM per route.
    public var audio = AudioSettings()

    /// The audio route names the file may configure.
    public static var audioRouteNames: [String] { AudioSection.routeNames }

    /// The built-in defaults (identical to `config/routecue.json`).
    public init() {}

    /// The timing of the audio route `name`, or of `default` when that route is not configured.
    public func audioRoute(_ name: String) -> AudioRouteTiming {
        audioRoutes[name] ?? audioRoutes["default"] ?? AudioRouteTiming()
    }

    /// Parses a configuration document; absent keys keep their defaults.
    public static func parse(_ bytes: [UInt8]) throws(RouteImportError) -> RouteCueConfiguration {
        let root = try RouteReader.parseJSON(bytes)
        var config = RouteCueConfiguration()
        for (key, section) in try ConfigObject(root).members() {
            switch key {
            case "import":
                for (sub, node) in try ConfigObject(section).members() {
                    switch sub {
                    case "max_file_bytes":
                        let n = try node.int()
                        guard n >= 1024, n <= 1 << 32 else { throw node.error("must be between 1024 and 4294967296 bytes, not \(n)") }
                        config.importSettings.maxFileBytes = n
                    default:
                        throw ConfigObject.unknownKey(node)
                    }
                }
            case "progress": try ProgressSection.read(section, into: &config.progressOptions)
            case "timing": try TimingSection.read(section, into: &config.timingOptions)
            case "audio": try AudioSection.read(section, into: &config.audioRoutes, settings: &config.audio)
            default:
                throw ConfigObject.unknownKey(section)
            }
        }
        return config
    }

    /// Import options for the route and fix readers following this configuration.
    public var importOptions: ImportOptions { ImportOptions(maxBytes: importSettings.maxFileBytes) }
}
