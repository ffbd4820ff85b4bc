/// RouteCue's configuration file (default `/etc/routecue/routecue.json`; shipped defaults in `config/`).
/// Strict: an unknown key or a bad value is an error naming its key path; `"$comment"` is allowed in every object.
public struct RouteCueConfiguration: Sendable, Equatable {
    /// The `import` section: the limits of the route and fix readers (size, nesting, string length, points,
    /// maneuvers, NMEA line length; docs/limits.md).
    public var importSettings = ImportLimits()
    /// The `progress` section: matching, prediction, outage, off-route and arrival tunables.
    public var progressOptions = ProgressOptions()
    /// The `timing` section: mode, units, stage table, chaining, warnings.
    public var timingOptions = TimingOptions()
    /// The `audio.routes` section: output latency and pre-roll per audio route (`default`, `speaker`, `hfp`).
    public var audioRoutes: [AudioRouteName: AudioRouteTiming] = AudioSection.defaults
    /// The rest of the `audio` section: active route, volume, voice, device, pre-rendering, PCM per route.
    public var audio = AudioSettings()
    /// The `gps` section: gpsd's address, staleness, reconnecting, and the GPS lost/regained cues.
    public var gps = GPSSettings()
    /// The `logging` section.
    public var logging = LoggingSettings()
    /// The `ducking` section: lowering media players while cues speak.
    public var ducking = DuckingSettings()
    /// The `calls` section: prompts during phone calls.
    public var calls = CallSettings()
    /// The `bluetooth` section: the hands-free device of the `hfp` route.
    public var bluetooth = BluetoothSettings()
    /// The `routing` section: the routing engine for tours.
    public var routing = RoutingSettings()
    /// The `names` section: the street names' language where the route does not say, and how names of another
    /// language are pronounced.
    public var names = NameSettings()
    /// The `journal` section: resuming guidance after a power loss.
    public var journal = JournalResumePolicy()

    /// The audio route names the file may configure.
    public static var audioRouteNames: [String] { AudioSection.routeNames }

    /// The built-in defaults (identical to `config/routecue.json`).
    public init() {}

    /// The timing of the audio route `name`, or of `default` when that route is not configured.
    public func audioRoute(_ name: AudioRouteName) -> AudioRouteTiming {
        audioRoutes[name] ?? audioRoutes[.default] ?? AudioRouteTiming()
    }

    /// Parses a configuration document; absent keys keep their defaults. Throws the document's first problem.
    public static func parse(_ bytes: [UInt8]) throws(InputError) -> RouteCueConfiguration {
        switch parseReportingProblems(bytes) {
        case .success(let config): return config
        case .failure(let problems): throw problems.problems[0]
        }
    }

    /// Parses a configuration document, reporting every problem it has (each unknown key, each bad value, in
    /// document order; a syntax error is one), not only the first.
    public static func parseReportingProblems(_ bytes: [UInt8]) -> Result<RouteCueConfiguration, ConfigurationProblems> {
        let root: JSONNode
        do {
            root = try RouteReader.parseJSON(bytes)
        } catch {
            return .failure(ConfigurationProblems(problems: [error.as(.configuration)]))
        }
        var config = RouteCueConfiguration()
        let problems = ConfigProblems()
        ConfigObject.each(root, problems) { key, section in
            switch key {
            case "import": ImportSection.read(section, into: &config.importSettings, problems: problems)
            case "progress": ProgressSection.read(section, into: &config.progressOptions, problems: problems)
            case "timing": TimingSection.read(section, into: &config.timingOptions, problems: problems)
            case "audio": AudioSection.read(section, into: &config.audioRoutes, settings: &config.audio, problems: problems)
            case "gps": GPSSection.read(section, into: &config.gps, problems: problems)
            case "logging": GPSSection.readLogging(section, into: &config.logging, problems: problems)
            case "ducking": CarAudioSection.readDucking(section, into: &config.ducking, problems: problems)
            case "calls": CarAudioSection.readCalls(section, into: &config.calls, problems: problems)
            case "bluetooth": CarAudioSection.readBluetooth(section, into: &config.bluetooth, problems: problems)
            case "routing": RoutingSection.read(section, into: &config.routing, problems: problems)
            case "names": NamesSection.read(section, into: &config.names, problems: problems)
            case "journal": JournalSection.read(section, into: &config.journal, problems: problems)
            default:
                throw ConfigObject.unknownKey(section)
            }
        }
        guard problems.problems.isEmpty else { return .failure(ConfigurationProblems(problems: problems.problems)) }
        config.timingOptions.gpsCues = config.gps.cues
        return .success(config)
    }

    /// Import options for the route readers following this configuration (its limits, the region's language).
    public var importOptions: ImportOptions {
        var options = ImportOptions(limits: importSettings)
        options.regionLanguage = names.language
        return options
    }

    /// Options for the recorded-fix readers following this configuration (its limits).
    public var fixReadOptions: FixReadOptions { FixReadOptions(limits: importSettings) }
}
