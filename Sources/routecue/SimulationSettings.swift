import RouteCueCore

/// The settings of one `routecue simulate` run, from the configuration file and the command line.
struct SimulationSettings {
    var progress = ProgressOptions()
    var timing = TimingOptions()
    var audio = AudioRouteTiming()
    var simulation = SimulationOptions()
    var language = "en-US"
    var voice = "en-us"
    var maxBytes: Int

    init(_ args: ArgumentList) throws {
        let config = try ConfigCommand.load(args.value("config"))
        maxBytes = try CLI.maxBytes(args)
        progress = config.progressOptions
        timing = config.timingOptions
        if let lang = args.value("lang") {
            switch lang.lowercased() {
            case "en", "en-us": language = "en-US"; voice = "en-us"
            case "en-gb": language = "en-GB"; voice = "en"
            default:
                throw ArgumentList.UsageError(description: "--lang '\(lang)': only English (en-US, en-GB) until language packs exist")
            }
        }
        if let u = args.value("units") {
            guard let units = UnitSystem(rawValue: u.replacing("-", with: "_").lowercased()) else {
                throw ArgumentList.UsageError(description: "unknown --units '\(u)'; one of: \(UnitSystem.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            timing.units = units
        }
        if let m = args.value("mode") {
            guard let mode = TransportMode(rawValue: m.lowercased()) else {
                throw ArgumentList.UsageError(description: "unknown --mode '\(m)'; one of: \(TransportMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            timing.mode = mode
        }
        simulation.fixLatency = try Self.milliseconds(args, "fix-latency", default: simulation.fixLatency)
        simulation.fixJitter = try Self.milliseconds(args, "fix-jitter", default: simulation.fixJitter)
        let routeName = args.value("audio-route") ?? "default"
        guard RouteCueConfiguration.audioRouteNames.contains(routeName) else {
            throw ArgumentList.UsageError(description: "unknown --audio-route '\(routeName)'; one of: \(RouteCueConfiguration.audioRouteNames.joined(separator: ", "))")
        }
        audio = config.audioRoute(routeName)
    }

    private static func milliseconds(_ args: ArgumentList, _ name: String, default value: Double) throws -> Double {
        guard let text = args.value(name) else { return value }
        guard let ms = Double(text), ms.isFinite, ms >= 0, ms <= 10_000 else {
            throw ArgumentList.UsageError(description: "--\(name) needs milliseconds between 0 and 10000, not '\(text)'")
        }
        return ms / 1000
    }
}
