import RouteCueCore

/// The readable summary `routecue simulate` prints: counts, then every cue spoken and every stage skipped, in words
/// (an SSML cue's words, marked `[names in their own voice]` where a name was switched; the cue log keeps the SSML).
struct SimulationSummary {
    let result: DriveRecord
    let route: Route

    var text: String {
        var lines: [String] = []
        let spoken = result.log.filter { $0.event == .spoken }
        let skipped = result.log.filter { $0.event == .skipped }
        let cancelled = result.log.filter { $0.event == .cancelled }
        let start = result.mapping.fixTime(at: .zero) ?? 0
        lines.append("route: \(route.maneuvers.count) maneuvers, \(Self.km(route.length)); drive: \(result.fixCount) fixes")
        lines.append("cues: \(spoken.count) spoken, \(skipped.count) skipped, \(cancelled.count) cancelled, \(result.reroutes.count) reroute requests")
        lines.append("")
        lines.append("  time    event      stage     man  heard at   target  text / reason")
        for entry in result.log {
            let t = (entry.audioStart ?? entry.trigger).flatMap { result.mapping.fixTime(at: $0) }.map { $0 - start }
            let time = t.map(Self.clock) ?? "     "
            let stage = entry.stage?.rawValue ?? entry.kind.rawValue
            let maneuver = entry.maneuver.map { String($0) } ?? "-"
            let heard = entry.distance.map { "\(Int($0.rounded())) m" } ?? "-"
            let target = entry.target.map { "\(Int($0.rounded())) m" } ?? "-"
            var text = "\"\(CueWording.words(of: entry.text))\""
            if CueWording.speaksNameInOwnVoice(entry.text) { text += " [names in their own voice]" }
            if let reason = entry.reason { text += " (\(reason))" }
            lines.append("  \(time)  \(Self.pad(entry.event.rawValue, 9))  \(Self.pad(stage, 8))  \(Self.pad(maneuver, 3, right: true))  \(Self.pad(heard, 8, right: true))  \(Self.pad(target, 7, right: true))  \(text)")
        }
        return lines.joined(separator: "\n")
    }

    private static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded()))
        return pad("\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)", 6, right: true)
    }

    private static func km(_ metres: Double) -> String {
        metres >= 1000 ? "\(Int((metres / 100).rounded()) / 10).\(Int((metres / 100).rounded()) % 10) km" : "\(Int(metres)) m"
    }

    private static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }
}
