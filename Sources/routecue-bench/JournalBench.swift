import DriveLab
import Foundation

// `routecue-bench journal ROUTECUE [--drive DRIVE [--route ROUTE]] [--cuts N] [--runs N] [--speed S]`: the guidance
// journal's figures (issue 28, docs/journal.md), with nothing but the repository, gpsd and the routecue binary:
//
//   a. bytes and writes per hour of driving (JournalBytesBench): the drive through `routecue simulate --state-dir`
//      (the daemon's parts on virtual time), and an excerpt through gpsd and `routecue run` at --speed;
//   b. kill and resume (JournalCutsBench): N seeded power cuts (`simulate --power-cut S`), each followed by a
//      `simulate` of the drive from S + 4 s on in the same state directory: stages heard twice, stages lost with
//      their reasons, "Continuing to …" said once;
//   c. exec → the first cue played (JournalStartupBench): `routecue run` through gpsd on the example drive, started
//      fresh and resumed from a journal, side by side.
//
// Every process is stopped by its PID (BenchProcesses), also on failure; ports are private; the work directory is
// removed at the end.

struct JournalBenchOptions {
    static let usage = """
        usage: routecue-bench journal ROUTECUE [--drive DRIVE [--route ROUTE]] [--cuts N] [--runs N] [--speed S]
                                       [--seed N] [--cut-minutes M] [--run-minutes M] [--keep]
          DRIVE   a recorded NMEA drive (default: the GENIVI Swiss drive in ../shared/data when there, else
                  examples/grid-trip-drive.nmea with examples/grid-trip.osrm.json); without ROUTE the drive's own
                  track becomes a tour of silent via points
          --cuts N         power cuts (default 40), at seeded random instants (--seed, default 28)
          --cut-minutes M  the cuts fall in the drive's first M minutes, which the cut runs replay (default: the
                           whole drive; simulate replays the 177-minute Swiss drive in about 2 s)
          --runs N         starts of each kind for exec → first cue (default 10)
          --speed S        replay speed of the excerpt through gpsd and routecue run (default 10)
          --run-minutes M  that excerpt's drive minutes (default 30, at most 3 × S so it takes ≤ 3 min)
          --keep           keep the work directory (every run's NMEA, cue logs and state directory) and say where
        """

    var binary = ""
    var drive: String?
    var route: String?
    var cuts = 40
    var runs = 10
    var speed = 10.0
    var seed: UInt64 = 28
    var cutMinutes: Double?
    var runMinutes = 30.0
    var keep = false

    init(_ args: [String]) {
        var i = 0
        func value() -> String {
            guard i + 1 < args.count else { fail("\(args[i]) needs a value\n\(Self.usage)", status: 2) }
            defer { i += 2 }
            return args[i + 1]
        }
        func number(_ name: String, _ text: String, atLeast low: Double) -> Double {
            guard let n = Double(text), n.isFinite, n >= low else { fail("\(name) takes a number ≥ \(low), not '\(text)'", status: 2) }
            return n
        }
        while i < args.count {
            switch args[i] {
            case "--drive": drive = value()
            case "--route": route = value()
            case "--cuts": cuts = Int(number("--cuts", value(), atLeast: 1))
            case "--runs": runs = Int(number("--runs", value(), atLeast: 1))
            case "--speed": speed = number("--speed", value(), atLeast: 1)
            case "--seed": seed = UInt64(number("--seed", value(), atLeast: 0))
            case "--cut-minutes": cutMinutes = number("--cut-minutes", value(), atLeast: 1)
            case "--run-minutes": runMinutes = number("--run-minutes", value(), atLeast: 1)
            case "--keep": keep = true; i += 1
            case "--help", "-h": print(Self.usage); exit(0)
            default:
                if args[i].hasPrefix("--") || !binary.isEmpty { fail("unknown argument \(args[i])\n\(Self.usage)", status: 2) }
                binary = args[i]
                i += 1
            }
        }
        guard !binary.isEmpty else { fail("journal needs the routecue binary\n\(Self.usage)", status: 2) }
        if route != nil, drive == nil { fail("--route goes with --drive", status: 2) }
    }

    /// The example drive and its route, in the repository.
    static let exampleDrive = "examples/grid-trip-drive.nmea"
    static let exampleRoute = "examples/grid-trip.osrm.json"
    /// The default drive when ../shared is there.
    static let swissDrive = "../shared/data/nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt"

    /// The drive and route to use: as given, else the Swiss drive, else the example drive with its route.
    var chosen: (drive: String, route: String?) {
        if let drive { return (drive, route) }
        if FileManager.default.fileExists(atPath: Self.swissDrive) { return (Self.swissDrive, nil) }
        return (Self.exampleDrive, Self.exampleRoute)
    }
}

func journalBench(_ args: [String]) {
    let options = JournalBenchOptions(args)
    guard FileManager.default.isExecutableFile(atPath: options.binary) else { fail("\(options.binary) not found (make release)") }
    for file in [JournalBenchOptions.exampleDrive, JournalBenchOptions.exampleRoute] where !FileManager.default.fileExists(atPath: file) {
        fail("\(file) not found: run from the repository's root")
    }
    let work = NSTemporaryDirectory() + "routecue-bench-journal-\(getpid())"
    try? FileManager.default.removeItem(atPath: work)
    do { try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true) } catch { fail("journal: \(error)") }
    let processes = BenchProcesses(directory: work)
    let began = Date()
    var failed = false
    do {
        let (path, route) = options.chosen
        let drive = try JournalDrive.load(path, route: route, binary: options.binary, directory: work)
        print("bench journal: \(drive.name), \(formatDuration(drive.seconds)) of drive time (\(drive.epochs.count) epochs)")
        for note in drive.notes { print("  " + note) }
        fflush(nil)
        let baseline = try JournalBytesBench(options: options, drive: drive, processes: processes, work: work).run()
        try JournalCutsBench(options: options, drive: drive, baseline: baseline, work: work).run()
        try JournalStartupBench(options: options, processes: processes, work: work).run()
    } catch {
        print("bench journal: FAILED: \(error)")
        processes.printLogTails()
        failed = true
    }
    processes.stopAll()
    print(String(format: "bench journal: done in %.0f s", Date().timeIntervalSince(began)))
    if failed || options.keep {
        print("  (logs kept in \(work))")
        if failed { exit(1) }
        return
    }
    try? FileManager.default.removeItem(atPath: work)
}
