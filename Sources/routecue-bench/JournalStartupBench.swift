import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore

// Part c of `routecue-bench journal`: from exec to the first cue played by `routecue run` (release, --device null,
// --bus none, --log-level debug: the `playing #ID: first sample …` line), started fresh (an empty state directory, the
// example drive from its first epoch) and resumed (a state directory holding the journal `routecue simulate
// --power-cut 120` leaves on the example drive, the drive from 124 s on), interleaved, next to exec → READY=1. Each
// start gets its own NMEAFeeder and gpsd, and is exec'ed half a second after gpsd read an epoch, so the next fix
// comes about 0.5 s after exec in both.

struct JournalStartupBench {
    let options: JournalBenchOptions
    let processes: BenchProcesses
    let work: String

    static let powerCut = 120.0
    static let restartSeconds = 4.0
    /// Seconds after an epoch went to gpsd at which routecue is exec'ed.
    static let execPhase = 0.5

    enum Kind: String { case fresh, resumed }

    /// One start: milliseconds from exec.
    struct Start {
        var ready: Double?
        var firstSample: Double
        /// From the first epoch gpsd got after exec to the first sample.
        var fixToSample: Double?
        var firstSpoken: String
    }

    func run() throws {
        guard GPSDProcess.isInstalled else {
            print("  c. exec → first cue: SKIPPED, gpsd is not installed (Debian package gpsd)")
            return
        }
        let drive = try JournalDrive.load(JournalBenchOptions.exampleDrive, route: JournalBenchOptions.exampleRoute,
                                          binary: options.binary, directory: work)
        let template = work + "/startup-journal"
        let cut = try SimulateRun.run(options.binary, route: JournalBenchOptions.exampleRoute, fixes: JournalBenchOptions.exampleDrive,
                                      cues: work + "/startup-cut.jsonl", stateDirectory: template, powerCut: Self.powerCut)
        guard FileManager.default.fileExists(atPath: template + "/journal.json") else {
            throw CarAudioBenchError("simulate --power-cut \(Self.powerCut) left no journal: \(cut.stderr.suffix(400))")
        }
        let heard = cut.log.filter { $0.event == .spoken }
        let from = drive.index(arrivingAt: Self.powerCut + Self.restartSeconds)
        print("  c. exec → first cue played: routecue run (release, --device null, --bus none, --log-level debug) through gpsd on the example drive, "
              + "\(options.runs) starts of each kind, interleaved, each exec'ed \(Self.execPhase) s after gpsd read an epoch")
        print("    resumed: from the journal of simulate --power-cut \(Int(Self.powerCut)) (\(heard.count) cues heard before the cut, the last \"\(heard.last?.text ?? "none")\"), "
              + "the drive from epoch \(from) on; fresh: an empty state directory, the drive from epoch 0")
        fflush(nil)
        var fresh: [Start] = [], resumed: [Start] = []
        for i in 0..<options.runs {
            fresh.append(try start(.fresh, i, epochs: drive.epochs, template: template))
            resumed.append(try start(.resumed, i, epochs: Array(drive.epochs[from...]), template: template))
        }
        try? FileManager.default.removeItem(atPath: template)
        Self.report(fresh: fresh, resumed: resumed)
        fflush(nil)
    }

    private func start(_ kind: Kind, _ i: Int, epochs: [String], template: String) throws -> Start {
        let state = work + "/startup-\(kind.rawValue)-\(i)", cues = state + ".jsonl"
        defer {
            try? FileManager.default.removeItem(atPath: state)
            unlink(cues)
        }
        if kind == .resumed { try FileManager.default.copyItem(atPath: template, toPath: state) }
        let feeder = try NMEAFeeder(epochs: epochs)
        defer { feeder.stop() }
        let gpsd = try GPSDProcess(feedPort: feeder.port)
        defer { gpsd.stop() }
        let waitEnd = MonotonicClock.nanoseconds() + 5_000_000_000
        while feeder.sent.isEmpty {
            guard MonotonicClock.nanoseconds() < waitEnd else { throw CarAudioBenchError("gpsd read no epoch within 5 s") }
            usleep(2_000)
        }
        let execAt = feeder.sent[0].at + UInt64(Self.execPhase * 1e9)
        let now = MonotonicClock.nanoseconds()
        if execAt > now { usleep(UInt32((execAt - now) / 1000)) }

        let notify = NotifyListener()
        let name = "routecue-\(kind.rawValue)-\(i)"
        let exec = MonotonicClock.nanoseconds()
        let daemon = try processes.start(name, options.binary,
                                         ["run", "--route", JournalBenchOptions.exampleRoute, "--gpsd", "127.0.0.1:\(gpsd.port)",
                                          "--device", "null", "--bus", "none", "--log-level", "debug", "--state-dir", state, "--cues", cues],
                                         environment: ["NOTIFY_SOCKET": notify.path])
        defer { processes.stop(daemon) }
        let follower = LogFollower(path: processes.logPath(name))
        var ready: UInt64?, sample: UInt64?
        let end = exec + 15_000_000_000
        while sample == nil || ready == nil, MonotonicClock.nanoseconds() < end {
            if ready == nil, let message = notify.wait(for: "READY=1", timeout: 0.001) { ready = message.at }
            if sample == nil { sample = follower.wait(for: ": first sample ", timeout: 0)?.at }
            if ready != nil { usleep(1_000) }
        }
        guard let sample else {
            throw CarAudioBenchError("\(kind.rawValue) start \(i): no `first sample` line within 15 s: \(processes.log(of: name).suffix(800))")
        }
        let fix = feeder.sent.first { $0.at > exec }?.at
        // The cue log has a cue's line once it has been heard.
        var firstSpoken = ""
        let cueEnd = MonotonicClock.nanoseconds() + 10_000_000_000
        while firstSpoken.isEmpty, MonotonicClock.nanoseconds() < cueEnd {
            let text = (try? String(contentsOfFile: cues, encoding: .utf8)) ?? ""
            if let entry = text.split(separator: "\n").compactMap({ try? CueLogEntry(jsonLine: String($0)) }).first(where: { $0.event == .spoken }) {
                firstSpoken = entry.text
            } else {
                usleep(20_000)
            }
        }
        processes.stop(daemon)
        let log = processes.log(of: name)
        if kind == .resumed, !log.contains("journal: resuming the route to") {
            throw CarAudioBenchError("resumed start \(i) did not resume the journal: \(log.suffix(800))")
        }
        let ms = { (instant: UInt64) in Double(instant - exec) / 1e6 }
        return Start(ready: ready.map(ms), firstSample: ms(sample), fixToSample: fix.map { Double(sample - min(sample, $0)) / 1e6 },
                     firstSpoken: firstSpoken)
    }

    private static func report(fresh: [Start], resumed: [Start]) {
        func figures(_ values: [Double]) -> String {
            values.isEmpty ? "—" : String(format: "p50 %6.1f  p90 %6.1f  max %6.1f ms", percentile(values, 0.5), percentile(values, 0.9), values.max() ?? 0)
        }
        func row(_ label: String, _ value: (Start) -> Double?) {
            print("    " + label.padding(toLength: 30, withPad: " ", startingAt: 0)
                  + figures(fresh.compactMap(value)).padding(toLength: 40, withPad: " ", startingAt: 0) + figures(resumed.compactMap(value)))
        }
        print("    " + "".padding(toLength: 30, withPad: " ", startingAt: 0) + "fresh start".padding(toLength: 40, withPad: " ", startingAt: 0) + "resumed from the journal")
        row("exec → READY=1", \.ready)
        row("exec → first sample", \.firstSample)
        row("fix to gpsd → first sample", \.fixToSample)
        func said(_ starts: [Start]) -> String {
            Dictionary(starts.map { ($0.firstSpoken.isEmpty ? "(no cue logged)" : "\"\($0.firstSpoken)\"", 1) }, uniquingKeysWith: +)
                .sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        }
        print("    first cue heard: fresh \(said(fresh)); resumed \(said(resumed))")
        let ratio = percentile(resumed.map(\.firstSample), 0.5) / max(0.001, percentile(fresh.map(\.firstSample), 0.5))
        print(String(format: "    resumed ÷ fresh, exec → first sample p50: %.2f× (goal: no slower, ≤ 1)", ratio))
    }
}
