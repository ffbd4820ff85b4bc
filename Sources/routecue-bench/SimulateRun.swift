import EventLoopKit
import Foundation
import RouteCueCore

// One `routecue simulate --state-dir DIR [--power-cut S]` run, waited for, and what it said: its journal line, whether
// it resumed a journal, its cue log.

struct SimulateRun {
    var status: Int32
    var stderr: String
    var wallSeconds: Double
    var log: [CueLogEntry]
    /// From simulate's `journal: N writes, B bytes; route files R, RB bytes` line.
    var journal: JournalCounts?

    /// True when it resumed a journal found in its state directory.
    var resumed: Bool { stderr.contains("journal: resuming the route") }

    /// Runs simulate on `fixes` (an NMEA file) with `route`, the journal in `stateDirectory`; the cue log is `cues`.
    static func run(_ binary: String, route: String, fixes: String, cues: String, stateDirectory: String,
                    powerCut: Double? = nil) throws -> SimulateRun {
        let errors = cues + ".stderr"
        defer { unlink(errors) }
        var arguments = ["simulate", "--route", route, "--fixes", fixes, "--cues", cues, "--state-dir", stateDirectory, "--quiet"]
        if let powerCut { arguments += ["--power-cut", String(format: "%.3f", powerCut)] }
        let began = MonotonicClock.nanoseconds()
        let process = spawn(binary, arguments, environment: [:], stderr: errors)
        process.waitUntilExit()
        let wall = Double(MonotonicClock.nanoseconds() - began) / 1e9
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw CarAudioBenchError("routecue \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(stderr.suffix(600))")
        }
        let text = (try? String(contentsOfFile: cues, encoding: .utf8)) ?? ""
        let log = try text.split(separator: "\n").map { try CueLogEntry(jsonLine: String($0)) }
        return SimulateRun(status: process.terminationStatus, stderr: stderr, wallSeconds: wall, log: log,
                           journal: JournalCounts(lastIn: stderr))
    }

    /// Stage keys (`<maneuver>:<stage>`) of the cues spoken.
    var spokenStages: [String] { log.filter { $0.event == .spoken }.compactMap(\.stageKey) }
}

extension CueLogEntry {
    /// `<maneuver>:<stage>` for a cue of a maneuver's stage (route notices such as "Continuing to …" have none).
    var stageKey: String? {
        guard let maneuver, let stage, kind != .reroute else { return nil }
        return "\(maneuver):\(stage.rawValue)"
    }
}

/// What a journal keeper wrote, as simulate (`journal: N writes, B bytes; route files R, RB bytes[; F failed]`) and
/// the daemon at SIGTERM (`journal: N writes of B bytes, R route files of RB bytes[, F failed]`) say it.
struct JournalCounts {
    var writes: Int
    var bytes: Int
    var routeFiles: Int
    var routeBytes: Int
    var failures: Int

    /// From the last line of `text` saying it.
    init?(lastIn text: String) {
        guard let line = text.split(separator: "\n").last(where: { $0.contains("journal: ") && $0.contains("route file") }),
              let range = line.range(of: "journal: ") else { return nil }
        var numbers: [Int] = [], digits = ""
        for c in line[range.upperBound...] + " " {
            if c.isASCII, c.isNumber { digits.append(c) } else if !digits.isEmpty {
                numbers.append(Int(digits) ?? 0)
                digits = ""
            }
        }
        guard numbers.count >= 4 else { return nil }
        (writes, bytes, routeFiles, routeBytes) = (numbers[0], numbers[1], numbers[2], numbers[3])
        failures = numbers.count > 4 ? numbers[4] : 0
    }
}
