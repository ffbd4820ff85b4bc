import Foundation

// `routecue-bench drive-report` and `routecue-bench soak`: what they are asked to do.

/// The command line of `drive-report` (and of `soak`, which takes the same drive options).
struct DriveReportOptions {
    static let usage = """
        usage: routecue-bench drive-report ROUTECUE --drive DRIVE [--route ROUTE] [--speed S] --report DIR
                                           [--minutes N | --epochs N] [--config FILE] [--volume V] [--no-wav] [--seed N]
               routecue-bench soak ROUTECUE --drive DRIVE [--route ROUTE] [--speed S] [--report DIR] [--minutes N]
                                   [--interval S]
          DRIVE   a recorded drive (NMEA, as gpsd reads it: an epoch per RMC, $PSRF and other lines passed on), or
                  generated:TRACE — a DriveLab drive along ROUTE (required then) with the speed of the recorded drive
                  TRACE (NMEA, gpsd JSON or GPX), 1 Hz fixes with ~3 m noise, 300 ± 100 ms latency, ground truth known
          ROUTE   any route routecue ctl load accepts; without it (recorded drives only) the drive's own track becomes a
                  tour of silent via points (DIR/route-tour.json), and the recording itself is the ground truth
          S       replay speed (default: 10 for a drive longer than 30 min, else 1): fix times are compressed and RMC
                  speeds multiplied by S, so RouteCue sees a car S times as fast with S fixes a second
          --minutes N / --epochs N   only the first N minutes of drive time / N epochs of the drive
          --volume V mpv's start volume in percent (default 57: MPRIS Volume 0.57)
          --no-wav   no guidance.wav (RouteCue and mpv still play to paced FIFOs)
          --interval S (soak) seconds between the D-Bus calls and app prompts mixed in (default 20)
        drive-report writes DIR/report.md, timeline.svg, cues.jsonl, routecue.log, guidance.wav (the driver's ear: RouteCue's
        PCM and mpv's, both read at real-time pace from FIFOs, mixed on one time axis); soak prints memory, descriptor and
        lateness figures (and writes DIR/soak.md when --report is given).
        """

    var binary = ""
    var drive = ""
    var route: String?
    var speed: Double?
    var report = ""
    var minutes: Double?
    var epochs: Int?
    var config: String?
    var volume = 57.0
    var wav = true
    var seed: UInt64 = 7
    var interval = 20.0
    /// The command line as given, for the report.
    var commandLine = ""

    /// A generated drive's speed trace (`generated:TRACE`), else nil.
    var generatedTrace: String? { drive.hasPrefix("generated:") ? String(drive.dropFirst("generated:".count)) : nil }

    init(_ args: [String], command: String) {
        commandLine = (["routecue-bench", command] + args).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        var i = 0
        func value() -> String {
            guard i + 1 < args.count else { fail("\(args[i]) needs a value\n\(Self.usage)", status: 2) }
            defer { i += 2 }
            return args[i + 1]
        }
        while i < args.count {
            switch args[i] {
            case "--drive": drive = value()
            case "--route": route = value()
            case "--speed":
                let text = value()
                guard let s = Double(text), s > 0, s <= 100 else { fail("--speed must be a number in (0, 100], not \(text)", status: 2) }
                speed = s
            case "--report": report = value()
            case "--minutes":
                let text = value()
                guard let m = Double(text), m > 0 else { fail("--minutes must be positive, not \(text)", status: 2) }
                minutes = m
            case "--epochs":
                let text = value()
                guard let n = Int(text), n >= 10 else { fail("--epochs must be at least 10, not \(text)", status: 2) }
                epochs = n
            case "--config": config = value()
            case "--volume":
                let text = value()
                guard let v = Double(text), v > 0, v <= 100 else { fail("--volume must be in (0, 100], not \(text)", status: 2) }
                volume = v
            case "--seed": seed = UInt64(value()) ?? seed
            case "--interval": interval = max(2, Double(value()) ?? interval)
            case "--no-wav": wav = false; i += 1
            case "--help", "-h": print(Self.usage); exit(0)
            default:
                if args[i].hasPrefix("--") || !binary.isEmpty { fail("unknown argument \(args[i])\n\(Self.usage)", status: 2) }
                binary = args[i]
                i += 1
            }
        }
        guard !binary.isEmpty, !drive.isEmpty else { fail("\(command) needs ROUTECUE and --drive DRIVE\n\(Self.usage)", status: 2) }
        if generatedTrace != nil, route == nil { fail("--drive generated:TRACE needs --route ROUTE", status: 2) }
    }
}
