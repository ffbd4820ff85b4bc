import RouteCueCore
import RouteCueService
import Speech

/// The settings of one `routecue simulate` run, from the configuration file and the command line.
struct SimulationSettings {
    var progress = ProgressOptions()
    var timing = TimingOptions()
    var audio = AudioRouteTiming()
    var simulation = SimulationOptions()
    var wording = CueWording.plainEnglish
    var voice = "en-us"
    /// Plain text or SSML for the synthesizer.
    var markup = CueMarkup.plain
    /// How the requested language was resolved to a pack (for the log), when packs were found.
    var languageNote: String?
    /// The readers' limits: the configuration's, with --max-size over its size limit.
    var limits: ImportLimits
    /// The size limit of every file read.
    var maxBytes: Int { limits.maxFileBytes }
    /// The configuration's audio settings (device parameters for `--device`).
    var audioSettings = AudioSettings()
    /// The whole configuration (the daemon's audio settings are made from it).
    var config = RouteCueConfiguration()
    /// The audio route whose latency and pre-roll apply.
    var routeName = AudioRouteName.default

    init(_ args: ArgumentList) throws {
        let config = try ConfigCommand.load(args.value("config"))
        self.config = config
        limits = config.importSettings
        limits.maxFileBytes = try CLI.maxBytes(args)
        progress = config.progressOptions
        audioSettings = config.audio
        timing = config.timingOptions
        if let markup = try args.choice("markup", of: CueMarkup.self) { self.markup = markup }
        try chooseLanguage(args.value("lang") ?? PhrasePackLibrary.defaultLanguage, phrases: args.value("phrases"))
        if let units = try args.choice("units", of: UnitSystem.self) { timing.units = units }
        if let mode = try args.choice("mode", of: TransportMode.self) { timing.mode = mode }
        simulation.fixLatency = try Self.milliseconds(args, "fix-latency", default: simulation.fixLatency)
        simulation.fixJitter = try Self.milliseconds(args, "fix-jitter", default: simulation.fixJitter)
        let routeArgument = args.value("audio-route") ?? AudioRouteName.default.rawValue
        guard let routeName = AudioRouteName(rawValue: routeArgument) else {
            throw ArgumentList.UsageError(description: "unknown --audio-route '\(routeArgument)'; one of: \(RouteCueConfiguration.audioRouteNames.joined(separator: ", "))")
        }
        audio = config.audioRoute(routeName)
        self.routeName = routeName
    }

    /// The audio service's settings, as the daemon makes them from the configuration, for the chosen audio route
    /// and the pack's voice read in the chosen markup.
    var serviceSettings: AudioOutputService.Settings {
        var settings = AudioServiceSettings.make(config: config, pcm: "simulated", voice: voice)
        settings.routeTiming = audio
        settings.voice.markup = SpeechMarkup(markup)
        return settings
    }

    /// The phrase pack for `requested` (BCP 47, with fallback) and its voice; the built-in plain English when no
    /// packs are installed and English is asked for.
    private mutating func chooseLanguage(_ requested: String, phrases: String?) throws {
        let choice = try LanguageChoice(language: requested, phrases: phrases)
        wording = CueWording(pack: choice.pack, abbreviations: try choice.abbreviations(), markup: markup,
                             names: .configured(config.names), nameAbbreviations: choice.nameAbbreviations)
        voice = choice.voice
        languageNote = choice.note
    }

    private static func milliseconds(_ args: ArgumentList, _ name: String, default value: Double) throws -> Double {
        guard let text = args.value(name) else { return value }
        guard let ms = Double(text), ms.isFinite, ms >= 0, ms <= 10_000 else {
            throw ArgumentList.UsageError(description: "--\(name) needs milliseconds between 0 and 10000, not '\(text)'")
        }
        return ms / 1000
    }
}
