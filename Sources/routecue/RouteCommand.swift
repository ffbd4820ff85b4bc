import EventLoopKit
import RouteCueCore
import RouteCueService

/// `routecue route inspect|convert`: read any supported route file and show or convert it.
enum RouteCommand {
    static let usage = """
        usage: routecue route inspect FILE [--format F] [--alternative N] [--from LAT,LON] [--engine URL [--lang TAG]] [--max-size BYTES] [--config FILE] [--json]
               routecue route convert FILE --to routecue [--output OUT] [--format F] [--alternative N] [--from LAT,LON] [--engine URL [--lang TAG]] [--max-size BYTES] [--config FILE]
        """

    static let help = """
        routecue route — read routes from OSRM/Mapbox, Valhalla, GraphHopper, GPX, tours or RouteCue JSON

        \(usage)

        The format is detected from the content; --format forces one of: \(RouteFormat.allCases.map(\.rawValue).joined(separator: ", ")).
          --alternative N   take the N-th alternative route of the file (0-based; default 0)
          --from LAT,LON    the vehicle's position: a tour's first leg starts there
          --engine URL      a routing engine (Valhalla's HTTP API, e.g. http://127.0.0.1:8002, or an OSRM-compatible
                            service as http://HOST:5000/route/v1/driving) that finds the ways a
                            tour lacks: to each regular station without an embedded route, to each svp trace more than
                            50 m away; a GPX trk or step-less route gets its maneuvers and street names by map matching
                            (a leg it cannot match keeps those derived from the geometry); with routing.traffic_signals,
                            the traffic signals on the route become landmarks (default: routing.engine_url of the
                            configuration; none when not set)
          --lang TAG        the language the engine words street names and instructions in (default en-US); units
                            follow timing.units of the configuration
          --max-size BYTES  refuse files larger than this (default: import.max_file_bytes of the configuration,
                            \(ImportOptions.defaultMaxBytes) = 64 MB when not set)
          --config FILE     configuration file (default: as routecue run, \(ConfigCommand.defaultPath) when it exists)
          --json            inspect: print the normalized route as JSON (legs, waypoints, warnings, and every
                            maneuver with index, type, modifier, location [lon,lat], distance_along_m, road_name,
                            announced, leg, source_step)
          --to routecue     convert: write RouteCue JSON (lossless; see docs/route-format.md)
          --output OUT      convert: write to OUT instead of standard output

        Errors are one line on stderr naming the file and the position or key path; the exit status is 1
        (2 for a usage error).
        """

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let sub = arguments.first, sub != "--help", sub != "-h", sub != "help" else {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        return CLI.exitStatus(usage: usage) {
            let args = try ArgumentList(Array(arguments.dropFirst()),
                                        valued: ["format", "alternative", "from", "max-size", "to", "output", "config", "engine", "lang"],
                                        flagNames: ["json", "help"])
            if args.flag("help") { print(help); return 0 }
            let file = try args.singleFile()
            let options = try importOptions(args)
            let engine = try routingEngine(args, limits: options.limits)
            switch sub {
            case "inspect":
                if args.value("to") != nil || args.value("output") != nil {
                    throw ArgumentList.UsageError(description: "--to and --output belong to 'route convert'")
                }
                return try inspect(file, options: options, engine: engine, json: args.flag("json"))
            case "convert":
                guard let to = args.value("to") else { throw ArgumentList.UsageError(description: "missing --to routecue") }
                guard to == "routecue" else { throw ArgumentList.UsageError(description: "--to supports only 'routecue', not '\(to)'") }
                if args.flag("json") { throw ArgumentList.UsageError(description: "--json belongs to 'route inspect'") }
                return try convert(file, options: options, engine: engine, output: args.value("output"))
            default:
                throw ArgumentList.UsageError(description: "unknown route command '\(sub)'")
            }
        }
    }

    static func importOptions(_ args: ArgumentList) throws -> ImportOptions {
        // The configuration's limits and region language; --max-size over its size limit.
        var options = try ConfigCommand.load(args.value("config")).importOptions
        options.maxBytes = try CLI.maxBytes(args)
        if let format = try args.choice("format", of: RouteFormat.self) { options.format = format }
        if let a = args.value("alternative") {
            guard let n = Int(a), n >= 0 else { throw ArgumentList.UsageError(description: "--alternative needs a number ≥ 0, not '\(a)'") }
            options.alternative = n
        }
        if let p = args.value("from") {
            let parts = p.split(separator: ",").map { Double($0.trimmingWhitespace()) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1],
                  Coordinate(latitude: lat, longitude: lon).isValid else {
                throw ArgumentList.UsageError(description: "--from needs LAT,LON in degrees, not '\(p)'")
            }
            options.vehiclePosition = Coordinate(latitude: lat, longitude: lon)
        }
        return options
    }

    /// The routing engine of `--engine` or of the configuration's `routing` section, nil when there is none.
    /// `language`, `units` and `mode` are the guidance's where a command has its own (simulate), else the
    /// configuration's (and `--lang`).
    static func routingEngine(_ args: ArgumentList, limits: ImportLimits, language: String? = nil, units: UnitSystem? = nil,
                              mode: TransportMode? = nil) throws -> RoutingEngine? {
        let config = try ConfigCommand.load(args.value("config"))
        var settings = config.routing
        if let url = args.value("engine") {
            guard RoutingSettings.isEngineURL(url) else {
                throw ArgumentList.UsageError(description: "--engine needs an http:// URL such as http://127.0.0.1:8002, not '\(url)'")
            }
            settings.engineURL = url
        } else if language == nil, args.value("lang") != nil, settings.engineURL == nil {
            throw ArgumentList.UsageError(description: "--lang words the routing engine's answers: it needs --engine URL (or routing.engine_url)")
        }
        do {
            return try RoutingEngine(settings: settings, language: language ?? args.value("lang") ?? "en-US",
                                     units: units ?? config.timingOptions.units, mode: mode ?? config.timingOptions.mode, limits: limits)
        } catch {
            throw ArgumentList.UsageError(description: error.message)
        }
    }

    /// The route in `path`; with `engine`, what the engine adds (`partly`: a tour whose later ways fail is read up to
    /// the last stop before them, as guidance reads it; the route tools take a whole route only).
    static func load(_ path: String, options: ImportOptions, engine: RoutingEngine? = nil, partly: Bool = false) throws(InputError) -> Route {
        let bytes = try InputFile.read(path, maxBytes: options.maxBytes, as: .route)
        if let engine {
            return try engine.readBlocking(bytes, name: path, options: options, partly: partly) { CLI.printError($0) }
        }
        return try RouteReader.read(bytes, name: path, options: options)
    }

    static func inspect(_ path: String, options: ImportOptions, engine: RoutingEngine?, json: Bool) throws -> Int32 {
        let route = try load(path, options: options, engine: engine)
        let inspection = RouteInspection(route)
        if json {
            try CLI.printJSON(inspection)
        } else {
            print(inspection.text())
        }
        return 0
    }

    static func convert(_ path: String, options: ImportOptions, engine: RoutingEngine?, output: String?) throws -> Int32 {
        let route = try load(path, options: options, engine: engine)
        let bytes = RouteCueJSON.write(route)
        if let output {
            do throws(SystemCallError) {
                try FileSystem.writeAtomically(bytes, to: output)
            } catch {
                throw InputError(.unwritable, input: .route, file: output, message: "cannot write: \(FileErrorText.sentence(errno: error.code, reading: false))")
            }
        } else {
            CLI.writeStdout(bytes)
        }
        return 0
    }
}
