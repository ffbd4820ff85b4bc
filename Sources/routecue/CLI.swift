import EventLoopKit
import RouteCueCore
import RouteCueService

/// Top-level command dispatch, help and version texts, and output helpers of the `routecue` executable.
enum CLI {
    /// The RouteCue version.
    static let version = "0.1.0"

    static let help = """
        routecue \(version) — voice guidance for in-car head units

        usage: routecue COMMAND [ARGS...]

        commands:
          run [--config FILE] [--route FILE] [--gpsd HOST:PORT] [--device PCM] [--cues FILE] [...]
                                          the head unit's guidance process: fixes from gpsd, cues spoken through
                                          ALSA, systemd notification, SIGHUP reloads (routecue run --help)
          ctl [--bus BUS] COMMAND [ARGS...]
                                          talk to routecue run over D-Bus: status, load FILE, start, stop, skip,
                                          repeat, say TEXT, route, set KEY VALUE, get KEY, maneuvers, watch
                                          (routecue ctl --help)
          route inspect FILE [--json]     show a route file as RouteCue understands it (every maneuver, its
                                          position along the route and where in the file it came from)
          route convert FILE --to routecue
                                          convert a route file to lossless RouteCue JSON
          simulate --route FILE --fixes FILE --cues OUT.jsonl [--wav OUT.wav | --device PCM] [...]
                                          run the guidance engine on a recorded drive with a virtual clock,
                                          synthesize every cue, write the cue log (routecue simulate --help)
          say TEXT [--lang TAG] [--device PCM | --wav OUT.wav] [--pan DIRECTION]
                                          speak a text through RouteCue's audio path (queue, espeak-ng thread,
                                          ALSA thread) on a PCM or into a WAV file (routecue say --help)
          say --list-languages            the languages RouteCue speaks: phrase pack, voice, units, gaps
          config check [FILE]             validate a configuration file (or --config FILE; default /etc/routecue/routecue.json)
          fixes inspect FILE [--json]     read a recorded drive (NMEA 0183, gpsd JSON, GPX track) and summarize
                                          its fixes and skipped lines

        options:
          --help, -h                      show this help (also after a command: routecue route --help)
          --version                       show the version and the C libraries in use

        Route formats: OSRM v5 / Mapbox Directions JSON (also Valhalla and GraphHopper in OSRM format), native
        Valhalla JSON, native GraphHopper JSON, GPX (rte with turn info, turn wpts, or trk), tours, RouteCue JSON.
        """

    /// Runs the CLI with `arguments` (without the program name); returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError("missing command (try 'routecue --help')")
            return 2
        }
        switch command {
        case "--help", "-h", "help":
            print(help)
            return 0
        case "--version", "version":
            print("routecue \(version)")
            for library in LinkedLibraries.versions { print("  \(library.name) \(library.version)") }
            return 0
        case "config":
            return ConfigCommand.run(Array(arguments.dropFirst()))
        case "fixes":
            return FixesCommand.run(Array(arguments.dropFirst()))
        case "route":
            return RouteCommand.run(Array(arguments.dropFirst()))
        case "simulate":
            return SimulateCommand.run(Array(arguments.dropFirst()))
        case "say":
            return SayCommand.run(Array(arguments.dropFirst()))
        case "run":
            return RunCommand.run(Array(arguments.dropFirst()))
        case "ctl":
            return CtlCommand.run(Array(arguments.dropFirst()))
        default:
            printError("unknown command '\(command)' (try 'routecue --help')")
            return 2
        }
    }

    /// Runs a command body and turns its errors into one line on stderr and an exit status:
    /// 2 for a usage error (followed by the usage text), 1 for bad input.
    static func exitStatus(usage: String, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let error as ArgumentList.UsageError {
            printError(error.description)
            printError(usage, prefixed: false)
            return 2
        } catch let error as LanguageChoiceError {
            printError(error.description)
            printError(usage, prefixed: false)
            return 2
        } catch let error as InputError {
            printError(error.description)
            return 1
        } catch {
            printError("\(error)")
            return 1
        }
    }

    /// The file-size limit for a command: `--max-size`, else the configuration's (`--config` or the default file).
    static func maxBytes(_ args: ArgumentList) throws -> Int {
        if let m = args.value("max-size") {
            guard let n = Int(m), n > 0 else { throw ArgumentList.UsageError(description: "--max-size needs a positive number of bytes, not '\(m)'") }
            return n
        }
        return try ConfigCommand.load(args.value("config")).importSettings.maxFileBytes
    }

    /// Prints a value as pretty JSON with sorted keys (see `JSONTree`).
    static func printJSON(_ value: some Encodable) throws {
        writeStdout(try JSONTreeEncoder.tree(value).prettyText() + [0x0A])
    }

    /// Prints a message on standard error; a prefixed one (`routecue: …`) is kept to one line.
    static func printError(_ message: String, prefixed: Bool = true) {
        let text = prefixed ? "routecue: " + InputError.oneLine(message) : message
        StandardStream.error.write(text + "\n")
    }

    /// Writes raw bytes to standard output.
    static func writeStdout(_ bytes: [UInt8]) {
        StandardStream.output.write(bytes)
    }
}
