import RouteCueCore
import RouteCueService

/// `routecue fixes inspect`: read a recorded drive and summarize its fixes and skipped lines.
enum FixesCommand {
    static let usage = "usage: routecue fixes inspect FILE [--format nmea|gpsd-json|gpx] [--date YYYY-MM-DD] [--max-size BYTES] [--config FILE] [--json [--fixes]]"

    static let help = """
        routecue fixes — read recorded drives: NMEA 0183 (RMC/GGA, any talker, gpsd logs), gpsd JSON (TPV lines
        of `gpspipe -w`), GPX tracks with times

        \(usage)

          --format F        force the format instead of detecting it from the content
          --date YYYY-MM-DD UTC date for NMEA streams that carry none (GGA only, no RMC date)
          --json            print the summary as JSON; with --fixes also every fix
        Lines that cannot be used are skipped and listed (line number and reason), never fatal.
        """

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let sub = arguments.first, sub != "--help", sub != "-h" else {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        return CLI.exitStatus(usage: usage) {
            let args = try ArgumentList(Array(arguments.dropFirst()), valued: ["format", "date", "max-size", "config"],
                                        flagNames: ["json", "fixes", "help"])
            if args.flag("help") { print(help); return 0 }
            guard sub == "inspect" else { throw ArgumentList.UsageError(description: "unknown fixes command '\(sub)'") }
            let path = try args.singleFile()
            if args.flag("fixes") && !args.flag("json") { throw ArgumentList.UsageError(description: "--fixes needs --json") }
            // The configuration's limits; --max-size over its size limit.
            var options = try ConfigCommand.load(args.value("config")).fixReadOptions
            options.maxBytes = try CLI.maxBytes(args)
            options.format = try args.choice("format", of: FixFormat.self)
            if let d = args.value("date") {
                let parts = d.split(separator: "-").compactMap { Int($0) }
                guard parts.count == 3, let date = CivilDate(year: parts[0], month: parts[1], day: parts[2]) else {
                    throw ArgumentList.UsageError(description: "--date needs YYYY-MM-DD, not '\(d)'")
                }
                options.date = date
            }
            let bytes = try InputFile.read(path, maxBytes: options.maxBytes, as: .fixes)
            let result = try FixReader.read(bytes, name: path, options: options)
            let inspection = FixInspection(result, includeFixes: args.flag("fixes"))
            if args.flag("json") {
                try CLI.printJSON(inspection)
            } else {
                print(inspection.text())
            }
            return 0
        }
    }
}
