import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore

// Part a of `routecue-bench journal`: the journal's bytes and writes per hour of driving. The whole drive through
// `routecue simulate --state-dir` (the daemon's journal keeper, on the replay's virtual clock), then an excerpt fed
// through gpsd to `routecue run --state-dir` at --speed, whose SIGTERM line says what it wrote.

struct JournalBytesBench {
    let options: JournalBenchOptions
    let drive: JournalDrive
    let processes: BenchProcesses
    let work: String

    /// The goal: journal bytes per hour of driving, beyond the route file.
    static let goalBytesPerHour = 64_000.0

    /// Runs both; returns the simulate run of the whole drive (the uninterrupted drive the cuts are compared with).
    func run() throws -> SimulateRun {
        print("  a. journal bytes and writes per hour of driving (kB = 1000 bytes; the route file apart: once per route)")
        let fixes = work + "/drive.nmea"
        try drive.writeNMEA(0..<drive.epochs.count, path: fixes)
        let state = work + "/bytes-state"
        let simulated = try SimulateRun.run(options.binary, route: drive.routePath, fixes: fixes, cues: work + "/bytes.jsonl",
                                            stateDirectory: state)
        guard let counts = simulated.journal else { throw CarAudioBenchError("simulate printed no journal line: \(simulated.stderr.suffix(400))") }
        let spoken = simulated.log.filter { $0.event == .spoken }.count
        print(String(format: "    simulate --state-dir, the whole drive (%@ of drive time, %d cues spoken; %.1f s wall):",
                     formatDuration(drive.seconds) as NSString, spoken, simulated.wallSeconds))
        print(Self.describe(counts, driveSeconds: drive.seconds))
        try? FileManager.default.removeItem(atPath: state)
        fflush(nil)
        try runThroughGPSD()
        return simulated
    }

    /// The figures of `counts` over `driveSeconds` of driving, two lines.
    static func describe(_ counts: JournalCounts, driveSeconds: Double) -> String {
        let hours = max(driveSeconds, 1) / 3600
        let perHour = Double(counts.bytes) / hours
        return String(format: "      journal records: %d writes, %d bytes → %.1f kB per hour of driving (goal ≤ %.0f kB/h: %@), %.1f writes per hour, %.0f bytes per record\n",
                      counts.writes, counts.bytes, perHour / 1000, goalBytesPerHour / 1000,
                      (perHour <= goalBytesPerHour ? "met" : "NOT met") as NSString, Double(counts.writes) / hours,
                      Double(counts.bytes) / Double(max(1, counts.writes)))
            + String(format: "      route files: %d written, %d bytes%@", counts.routeFiles, counts.routeBytes,
                     (counts.failures > 0 ? "; \(counts.failures) writes FAILED" : "") as NSString)
    }

    /// The first --run-minutes of the drive (at most 3 × --speed minutes: ≤ 3 min of wall time; a minute short of
    /// its end at most) through gpsd and `routecue run` at --speed, stopped with SIGTERM after the last epoch.
    private func runThroughGPSD() throws {
        guard GPSDProcess.isInstalled else {
            print("    routecue run through gpsd: SKIPPED, gpsd is not installed (Debian package gpsd)")
            return
        }
        // It ends a minute before the drive does: the destination ends the journal, and the SIGTERM line says nothing then.
        let seconds = min(options.runMinutes * 60, 180 * options.speed, drive.seconds - 60)
        guard seconds >= 60 else {
            print("    routecue run through gpsd: SKIPPED, the drive is too short")
            return
        }
        let (epochs, times) = drive.excerpt(seconds: seconds)
        let (scaled, delays) = NMEATime.scale(epochs, times: times, speed: options.speed)
        let driveSeconds = (times.compactMap { $0 }.last ?? 0) - (times.compactMap { $0 }.first ?? 0)
        let feeder = try NMEAFeeder(epochs: scaled, secondsPerEpoch: 1 / options.speed, delays: delays)
        processes.onStop { feeder.stop() }
        let gpsd = try GPSDProcess(feedPort: feeder.port)
        processes.onStop { gpsd.stop() }
        let state = work + "/run-state"
        let began = MonotonicClock.nanoseconds()
        let daemon = try processes.start("routecue-bytes", options.binary,
                                         ["run", "--route", drive.routePath, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", "null",
                                          "--bus", "none", "--state-dir", state, "--cues", work + "/run-bytes.jsonl"])
        while !feeder.isFinished {
            guard daemon.isRunning else { throw CarAudioBenchError("routecue run (bytes) exited with \(daemon.terminationStatus) during the drive") }
            usleep(200_000)
        }
        usleep(2_000_000)
        processes.stop(daemon)
        gpsd.stop()
        feeder.stop()
        let wall = Double(MonotonicClock.nanoseconds() - began) / 1e9
        let log = processes.log(of: "routecue-bytes")
        guard let counts = JournalCounts(lastIn: log) else {
            throw CarAudioBenchError("routecue run logged no journal line at SIGTERM: \(log.suffix(600))")
        }
        let runLog = (try? String(contentsOfFile: work + "/run-bytes.jsonl", encoding: .utf8)) ?? ""
        let runSpoken = runLog.split(separator: "\n").compactMap { try? CueLogEntry(jsonLine: String($0)) }.filter { $0.event == .spoken }.count
        print(String(format: "    routecue run --state-dir through gpsd at %g×, the first %@ of the drive (%d epochs sent, %d cues spoken, %.0f s wall; the SIGTERM write included):",
                     options.speed, formatDuration(driveSeconds) as NSString, feeder.epochsSent, runSpoken, wall))
        print(Self.describe(counts, driveSeconds: driveSeconds))
        // The same excerpt through simulate, on drive time: the daemon's once-a-minute writes follow the wall clock.
        let fixes = work + "/excerpt.nmea"
        try drive.writeNMEA(0..<epochs.count, path: fixes)
        let simulated = try SimulateRun.run(options.binary, route: drive.routePath, fixes: fixes, cues: work + "/excerpt.jsonl",
                                            stateDirectory: work + "/excerpt-state")
        if let excerpt = simulated.journal {
            let spoken = simulated.log.filter { $0.event == .spoken }.count
            print(String(format: "      the same excerpt through simulate at 1×: %d cues spoken, %d writes, %d bytes → %.1f kB/h, %.1f writes/h. At %g× the daemon"
                         + " hears fewer cues (the car is %g times as fast, speech is not: stages no longer fit) and its once-a-minute writes follow"
                         + " the wall clock (once per %g minutes of drive time): simulate's figure is the one per hour of driving",
                         spoken, excerpt.writes, excerpt.bytes, Double(excerpt.bytes) / (driveSeconds / 3600) / 1000,
                         Double(excerpt.writes) / (driveSeconds / 3600), options.speed, options.speed, options.speed))
        }
        try? FileManager.default.removeItem(atPath: work + "/excerpt-state")
        try? FileManager.default.removeItem(atPath: state)
        fflush(nil)
    }
}
