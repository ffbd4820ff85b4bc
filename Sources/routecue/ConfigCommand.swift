import RouteCueCore
import RouteCueService

/// Loading the configuration file for the CLI, and `routecue config check [FILE]`.
enum ConfigCommand {
    /// Where the head unit keeps its configuration.
    static let defaultPath = ConfigurationFile.defaultPath

    static let usage = "usage: routecue config check [FILE | --config FILE]   (default: the file routecue run reads, \(defaultPath) on a head unit)"

    /// The configuration at `path`, or at the default path when it exists, or the built-in defaults.
    static func load(_ path: String?) throws(InputError) -> RouteCueConfiguration {
        try ConfigurationFile.load(path)
    }

    /// `routecue config check [FILE]`: exit 0 and say so when the file is valid.
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        // `--config FILE` as every other command takes it, or FILE alone.
        if arguments.count == 3, arguments[1] == "--config" { arguments.remove(at: 1) }
        guard arguments.first == "check", arguments.count <= 2, !(arguments.count == 2 && arguments[1].hasPrefix("-")) else {
            CLI.printError(usage, prefixed: arguments.first == "--help")
            return arguments.first == "--help" ? 0 : 2
        }
        let path = arguments.count == 2 ? arguments[1] : (ConfigurationFile.chosen(nil) ?? defaultPath)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: ConfigurationFile.maxBytes, as: .configuration)
        } catch {
            CLI.printError(error.description)
            return 1
        }
        switch RouteCueConfiguration.parseReportingProblems(bytes) {
        case .success(let config):
            print("\(path): valid (import.max_file_bytes \(config.importSettings.maxFileBytes))")
            print(summary(config))
            return 0
        case .failure(let problems):
            // Every problem, as the daemon's reload reports them.
            for problem in problems.problems { CLI.printError(problem.inFile(path).description) }
            return 1
        }
    }

    /// A few lines naming the main values of the guidance sections.
    static func summary(_ config: RouteCueConfiguration) -> String {
        let p = config.progressOptions, t = config.timingOptions
        let stages = CueStage.allCases.filter { t.includedStages.contains($0) }.map(\.rawValue).joined(separator: " ")
        let a = config.audio
        let routes = config.audioRoutes.keys.sorted { $0.rawValue < $1.rawValue }.map { name in
            let r = config.audioRoute(name)
            let pcm = a.routes[name]?.device.map { "PCM \($0)" } ?? "PCM found at run time"
            return "\(name) (\(pcm)) \(number(r.outputLatency)) s latency + \(number(r.preRoll)) s pre-roll"
        }
        return """
              progress: corridor max(\(number(p.corridorMinimumMetres)) m, \(number(p.corridorErrorFactor)) × error), \
            off route after \(number(p.offRouteSeconds)) s, outage after \(number(p.outageAfterSeconds)) s
              timing: mode \(t.mode.rawValue), units \(t.units.rawValue), stages \(stages), \
            action lead \(number(t.actionLeadSeconds)) s, chain \(number(t.chainSeconds)) s / \(number(t.chainMaximumMetres)) m, \
            warnings \(t.warningKinds.isEmpty ? "off" : t.warningKinds.sorted().joined(separator: " "))
              audio: route \(a.route), volume \(number(a.volume)), prompt style \(a.promptStyle.rawValue), \
            spatial \(a.spatialEnabled ? "on" : "off"), \(a.device.rate) Hz × \(a.device.channels), period \(number(a.device.periodMilliseconds)) ms
              audio routes: \(routes.joined(separator: ", "))
              gps: gpsd \(config.gps.endpoint), lost after \(number(config.gps.staleAfterSeconds)) s without a report, \
            reconnect \(number(config.gps.reconnectMinimumSeconds))-\(number(config.gps.reconnectMaximumSeconds)) s \
            (\(number(config.gps.reconnectMinimumSeconds)) s within \(number(config.gps.reconnectFastSeconds)) s of a fix), \
            "GPS signal lost" \(config.gps.cues.announceLost ? "after \(number(config.gps.cues.lostAnnounceSeconds)) s" : "off"), \
            "regained" \(config.gps.cues.announceRegained ? "on" : "off")
              routing: \(config.routing.engineURL.map { "engine \($0), timeout \(number(config.routing.timeoutSeconds)) s, costing \(config.routing.costing ?? "from the mode"), traffic signals \(config.routing.trafficSignals ? "looked up" : "off")" } ?? "no engine (tours need embedded routes)")
              names: \(config.names.language.map { "street names in \($0) where the route does not say" } ?? "the route's own languages only"), \(config.names.pronounce == .native ? "spoken in their own language's voice" : "read by the guidance voice")
              logging: level \(config.logging.level.rawValue)
            """
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
