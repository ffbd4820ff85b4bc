import Foundation
import RouteCueCore

// The report of a bench drive (report.md, timeline.svg; cues.jsonl and routecue.log are already in place, guidance.wav
// is mixed by DriveBenchRun) and the soak's figures (printed, and soak.md with --report).

struct DriveReportWriter {
    let options: DriveReportOptions
    let source: DriveReportSource
    let result: DriveBenchResult

    /// A cue log line as the report reads it.
    struct Line {
        var entry: CueLogEntry
        var stage: String
        var outcome: DriveTimeline.Output.Outcome
        var start: Double?
        var end: Double?
        var due: Double?
        var errorMetres: Double?
        var late: String?
    }

    var lines: [Line] {
        result.cues.map { cue in
            let e = cue.entry
            let outcome: DriveTimeline.Output.Outcome
            switch e.event {
            case .spoken: outcome = (e.reason ?? "").hasPrefix("interrupted") ? .interrupted : .played
            case .cancelled: outcome = .cancelled
            case .skipped: outcome = .skipped
            }
            let z = result.driveZero
            var line = Line(entry: e, stage: e.stage?.rawValue ?? e.kind.rawValue, outcome: outcome,
                            start: e.audioStart.map { $0.seconds - z }, end: e.audioEnd.map { $0.seconds - z },
                            due: (e.trigger?.seconds ?? cue.seenAt) - z)
            (line.errorMetres, line.late) = truthCheck(e)
            return line
        }
    }

    /// Trigger error (metres, positive = late: heard nearer the maneuver than meant) of a distance-staged cue, and why
    /// a cue is late (heard at or after its maneuver; an action cue ending after it), against the drive's truth.
    func truthCheck(_ e: CueLogEntry) -> (Double?, String?) {
        guard let truth = source.truth, e.event == .spoken, e.route == 0, e.kind == .maneuver, e.stage != .continue,
              let m = e.maneuver, m < source.route.maneuvers.count, let start = e.audioStart?.seconds,
              let t = result.fixTime(at: start, speed: source.speed) else { return (nil, nil) }
        let maneuverAlong = source.route.maneuvers[m].distanceAlong
        let along = truth(t)
        var late: String?
        if along >= maneuverAlong {
            late = "first word heard \(Int(along - maneuverAlong)) m after maneuver \(m)"
        } else if e.stage == .action, let end = e.audioEnd?.seconds, let te = result.fixTime(at: end, speed: source.speed), truth(te) >= maneuverAlong {
            late = "ended \(Int(truth(te) - maneuverAlong)) m after maneuver \(m)"
        }
        var error: Double?
        if let stage = e.stage, [.range, .reminder, .distance].contains(stage), let target = e.target {
            error = target - (maneuverAlong - along)
        }
        return (error, late)
    }

    // MARK: Ducking windows

    struct DuckWindow {
        var start: Double
        var end: Double?
        var minimum: Double
        /// The spoken cue whose first word falls in it, and the ramp's lead (first word − first sample below the original).
        var cue: Line?
        var lead: Double?
        /// Every spoken cue with its first word in the window, and the cues skipped or cancelled while it lasted.
        var spoken: [Line] = []
        var dropped: [Line] = []
        /// The interval before the first sample below (the ramp began up to this much earlier).
        var resolution: Double
    }

    func duckWindows(_ lines: [Line]) -> [DuckWindow] {
        let original = result.originalVolume, z = result.driveZero
        var windows: [DuckWindow] = []
        var current: DuckWindow?
        var previousAt = -Double.infinity
        for s in result.volume {
            let t = s.at - z
            if s.volume < original - 1e-9 {
                if current == nil { current = DuckWindow(start: t, end: nil, minimum: s.volume, resolution: t - previousAt) }
                current!.minimum = min(current!.minimum, s.volume)
            } else if var w = current {
                w.end = t
                windows.append(w)
                current = nil
            }
            previousAt = t
        }
        if let w = current { windows.append(w) }
        let spoken = lines.filter { $0.outcome == .played || $0.outcome == .interrupted }
        for i in windows.indices {
            let w = windows[i]
            if let cue = spoken.first(where: { ($0.start ?? -1) >= w.start - 1 && ($0.start ?? .infinity) <= (w.end ?? .infinity) }) {
                windows[i].cue = cue
                windows[i].lead = cue.start.map { $0 - w.start }
            }
            windows[i].spoken = spoken.filter { ($0.start ?? -1) >= w.start - 1 && ($0.start ?? .infinity) <= (w.end ?? .infinity) }
            windows[i].dropped = lines.filter { ($0.outcome == .skipped || $0.outcome == .cancelled) && ($0.due ?? -1) >= w.start && ($0.due ?? .infinity) <= (w.end ?? .infinity) }
        }
        return windows
    }

    // MARK: The timeline

    func timeline(_ lines: [Line]) -> DriveTimeline {
        let z = result.driveZero
        let outputs = lines.map { l in
            DriveTimeline.Output(id: l.entry.seq, stage: l.stage, text: l.entry.text, start: l.start, end: l.end, due: l.due,
                                 outcome: l.outcome, reason: l.entry.reason ?? "", triggerErrorMetres: l.errorMetres)
        }
        let duration = max(result.lastFix - z, (result.volume.last?.at ?? z) - z)
        return DriveTimeline(title: "\(source.name) at \(String(format: "%g", source.speed))× — routecue run via gpsd, mpv ducked (seconds of wall time)",
                             duration: duration, distance: result.distance, outputs: outputs,
                             volume: result.volume.map { .init(seconds: $0.at - z, volume: $0.volume) }, maneuvers: result.maneuvers)
    }

    // MARK: gpsd

    /// Connections routecue run made to gpsd (each "gps: waiting for a fix"), and GPS lost reports, from its log.
    func gpsdConnections() -> (connections: Int, lost: Int, unreachable: Int) {
        let log = (try? String(contentsOfFile: result.logPath, encoding: .utf8)) ?? ""
        var connections = 0, lost = 0, unreachable = 0, connected = false
        for line in log.split(separator: "\n") {
            if line.contains("gps: waiting for a fix") { connections += 1; connected = true }
            if line.contains("gps: GPS lost") { lost += 1 }
            if connected, line.contains("gps: gpsd unreachable") { unreachable += 1 }
        }
        return (connections, lost, unreachable)
    }

    // MARK: report.md

    func writeReport() throws {
        let lines = self.lines
        let dir = options.report
        var md: [String] = []
        md.append("# Bench drive: \(source.name)")
        md.append("")
        md.append("`\(options.commandLine)`")
        md.append("")
        md.append("- " + source.notes.joined(separator: "\n- "))
        md.append("- route loaded with `routecue ctl`: `\(source.routePath)` (\(source.route.maneuvers.count) maneuvers, \(String(format: "%.1f", source.route.length / 1000)) km); " + result.ctlOutput.joined(separator: "; "))
        md.append(String(format: "- speed %g×: %d of %d epochs sent to gpsd over %.0f s of wall time (%@ of drive time); the whole bench took %.0f s",
                         source.speed, result.epochsSent, source.epochs.count, result.lastFix - result.driveZero,
                         formatDuration(source.driveSeconds) as NSString, result.wallSeconds))
        md.append("- ground truth: \(source.truthLabel)")
        md.append("- times below are wall seconds since the first fix was sent to gpsd (timeline.svg's axis; guidance.wav starts 1 s before it)")
        md.append("")

        md.append("## Cues per stage")
        md.append("")
        md.append("| stage | spoken | skipped | cancelled | interrupted |")
        md.append("|---|---:|---:|---:|---:|")
        let stages = Array(Set(lines.map(\.stage))).sorted { stageOrder($0) < stageOrder($1) }
        var totals = [0, 0, 0, 0]
        for stage in stages {
            let of = lines.filter { $0.stage == stage }
            let counts = [of.filter { $0.outcome == .played }.count, of.filter { $0.outcome == .skipped }.count,
                          of.filter { $0.outcome == .cancelled }.count, of.filter { $0.outcome == .interrupted }.count]
            for i in 0..<4 { totals[i] += counts[i] }
            md.append("| \(stage) | \(counts[0]) | \(counts[1]) | \(counts[2]) | \(counts[3]) |")
        }
        md.append("| **all** | **\(totals[0])** | **\(totals[1])** | **\(totals[2])** | **\(totals[3])** |")
        md.append("")
        md.append("Spoken = played whole (`event` spoken without an `interrupted` reason); interrupted = spoken but cut (`reason` interrupted: …). \(lines.count) cue log lines in `cues.jsonl`.")
        md.append("")
        let notSpoken = lines.filter { $0.outcome != .played }
        if !notSpoken.isEmpty {
            md.append("### Not spoken, or cut")
            md.append("")
            md.append("| t (s) | stage | maneuver | outcome | reason | words |")
            md.append("|---:|---|---:|---|---|---|")
            for l in notSpoken {
                md.append("| \(fmt(l.start ?? l.due, "%.1f")) | \(l.stage) | \(l.entry.maneuver.map(String.init) ?? "–") | \(l.outcome.rawValue) | \(cell(l.entry.reason ?? "")) | \(cell(l.entry.text)) |")
            }
            md.append("")
        }
        md.append("### Spoken")
        md.append("")
        md.append("| first word (s) | last (s) | stage | maneuver | engine m | target m | error m | in the ear (s) | words |")
        md.append("|---:|---:|---|---:|---:|---:|---:|---:|---|")
        for l in lines where l.outcome == .played || l.outcome == .interrupted {
            md.append("| \(fmt(l.start, "%.2f")) | \(fmt(l.end, "%.2f")) | \(l.stage) | \(l.entry.maneuver.map(String.init) ?? "–") | \(fmt(l.entry.distance, "%.0f")) | \(fmt(l.entry.target, "%.0f")) | \(fmt(l.errorMetres, "%+.0f")) | \(fmt(result.earOffsets[l.entry.seq], "%+.2f")) | \(cell(l.entry.text)) |")
        }
        md.append("")
        md.append("First word and last: the cue log's `m_audio_start`/`m_audio_end` (the first frame handed to ALSA plus the latency RouteCue assumes for the PCM). Engine m: `distance_m`; target m: `target_m`; error m: against the ground truth (positive = late). In the ear: where its first loud sample really is in RouteCue's stream as the bench read it from the FIFO, relative to the first word (negative = earlier than the log says).")
        let offsets = Array(result.earOffsets.values)
        if !offsets.isEmpty {
            md.append("")
            md.append(String(format: "In the ear − cue log over %d cues: median %+.3f s, min %+.3f s, max %+.3f s. A negative offset: the words reached the FIFO before the instant the cue log gives for them (first frame handed to ALSA + the output latency RouteCue takes for this PCM: at least the route's output_latency_s, or two periods plus the delay ALSA reports for the file plugin over the null PCM); the FIFO adds no device buffer, so on a real device they would be heard later than here.",
                             offsets.count, median(offsets), offsets.min() ?? 0, offsets.max() ?? 0))
        }
        md.append("")

        md.append("## Trigger error against the ground truth")
        md.append("")
        if source.truth == nil {
            md.append("No ground truth for this drive — \(source.truthLabel.hasPrefix("none (") ? String(source.truthLabel.dropFirst(6).dropLast()) : source.truthLabel): no trigger error, and no late cues can be told. (Without --route, a recorded drive is guided along its own track and is its own truth; generated:TRACE drives have an exact one.)")
        } else {
            let errors = lines.compactMap(\.errorMetres)
            let abs = errors.map { Swift.abs($0) }
            let late = lines.compactMap { l in l.late.map { "\(fmt(l.start, "%.1f")) s [\(l.stage)] \"\(l.entry.text)\": \($0)" } }
            md.append(String(format: "%d range/reminder/distance cues: |error| p50 %.0f m, p95 %.0f m, max %.0f m (error = target_m − true metres to the maneuver at the first word: positive = heard late, nearer than meant); signed median %+.0f m.",
                             errors.count, percentile(abs, 0.5), percentile(abs, 0.95), abs.max() ?? 0, median(errors)))
            if source.speed != 1 {
                md.append(String(format: " At %g× the car covers %g× the metres in each wall second: a fixed latency of 0.1 s is %.0f m at 100 km/h here.",
                                 source.speed, source.speed, 100 / 3.6 * 0.1 * source.speed))
            }
            md.append("")
            md.append("Late cues (first word at or after the maneuver, or an action cue ending after it, by the truth): **\(late.count)**")
            for l in late { md.append("- \(l)") }
        }
        md.append("")

        md.append("## Ducking (mpv's MPRIS Volume, read every 15 ms)")
        md.append("")
        let windows = duckWindows(lines)
        let original = result.originalVolume
        md.append(String(format: "Original volume %.6g; %d samples; %d windows below it; restored − original at the end: %.3g (goal 0); samples above the original: %d.",
                         original, result.volume.count, windows.count, result.restoredVolume - original, result.volume.filter { $0.volume > original + 1e-9 }.count))
        md.append("")
        md.append("| window (s) | length (s) | depth (dB, mpv's cubic gain) | ramp began before the first word (s) | cues spoken in it (skipped or cancelled in it) |")
        md.append("|---|---:|---:|---:|---|")
        for w in windows {
            let depth = 60 * log10(max(w.minimum, 1e-6) / original)
            let lead = w.lead.map { String(format: "%+.2f (±%.3f)", $0, w.resolution.isFinite ? w.resolution : 0) } ?? "–"
            md.append("| \(fmt(w.start, "%.2f"))–\(fmt(w.end, "%.2f")) | \(fmt(w.end.map { $0 - w.start }, "%.2f")) | \(String(format: "%.1f", depth)) | \(lead) | \(cell(windowCues(w))) |")
        }
        let spoken = lines.filter { $0.outcome == .played || $0.outcome == .interrupted }
        let undocked = spoken.filter { l in !windows.contains { w in (l.start ?? -1) >= w.start && (l.start ?? -1) <= (w.end ?? .infinity) } }
        let leads = windows.compactMap(\.lead)
        md.append("")
        let duck = DuckingSettings()
        md.append(String(format: "Configured (built-in ducking settings; a --config may change them): %.0f dB, ramp down %.2f s ending %.2f s before the first word, so a ramp begins ≈ %.2f s ahead; a lead well above that is a window opened for a cue that was then skipped or replaced (in brackets), or a cue waiting behind another.",
                         duck.levelDecibels, duck.rampDownSeconds, duck.leadSeconds, duck.rampDownSeconds + duck.leadSeconds))
        md.append("")
        md.append(String(format: "Ramp began before the first word: p50 %.2f s, min %.2f s, max %.2f s over %d windows with a cue; spoken cues whose first word fell outside every window: %d%@.",
                         percentile(leads, 0.5), leads.min() ?? .nan, leads.max() ?? .nan, leads.count, undocked.count,
                         (undocked.isEmpty ? "" : " (" + undocked.map { "\"\($0.entry.text)\"" }.joined(separator: ", ") + ")") as NSString))
        md.append("")

        md.append("## routecue run")
        md.append("")
        let wall = max(1, result.lastFix - result.driveZero)
        let first = result.resources.first, last = result.resources.last
        let life = max(1, result.routecueStopped - result.routecueStarted)
        md.append(String(format: "- CPU time (user + system) %.2f s over its %.0f s of life (%.2f %% of a core, at %gx: %g fixes a second); peak resident memory (VmHWM) %.1f MB; resident %.1f MB at the first fix, %.1f MB at the end",
                         result.cpuSeconds, life, result.cpuSeconds / life * 100, source.speed, source.speed, Double(result.peakRSSKiB) / 1024,
                         Double(first?.rssKiB ?? 0) / 1024, Double(last?.rssKiB ?? 0) / 1024))
        md.append("- open descriptors: \(first?.fds ?? 0) at the first fix, \(last?.fds ?? 0) at the end (min \(result.resources.map(\.fds).min() ?? 0), max \(result.resources.map(\.fds).max() ?? 0))")
        let gps = gpsdConnections()
        md.append("- gpsd: \(gps.connections) connection\(gps.connections == 1 ? "" : "s") (\(max(0, gps.connections - 1)) reconnects; unreachable after the first connection \(gps.unreachable)×; GPS lost \(gps.lost)×); gpsd connected to the feeder \(result.feederConnections)×")
        md.append(String(format: "- audio written: RouteCue's PCM %.1f s (speech, and silence while it holds the PCM open), mpv's %.1f s, over a drive of %.0f s wall", result.guidanceSeconds, result.musicSeconds, wall))
        md.append("- stopped by SIGTERM: \(result.routecueExit)")
        md.append("")

        // The picture.
        let svg = DriveTimelineSVG.render(timeline(lines))
        try svg.write(toFile: dir + "/timeline.svg", atomically: true, encoding: .utf8)
        md.append("## Files")
        md.append("")
        md.append("- `timeline.svg`: distance to the next maneuver, every cue as a bar from first to last sample (words on hover), mpv's volume under it")
        md.append("- `cues.jsonl`: routecue run's cue log (docs/cue-log.md)")
        if let seconds = result.wavSeconds {
            md.append(String(format: "- `guidance.wav`: the driver's ear, %.0f s, 48 kHz stereo S16: RouteCue's PCM and mpv's, each read from a FIFO at real-time pace and mixed on one time axis", seconds))
        }
        md.append("- `routecue.log`: routecue run's standard error")
        if source.routePath.hasPrefix(dir) { md.append("- `route-tour.json`: the drive's own track as a tour of silent via points") }
        md.append("")
        try md.joined(separator: "\n").write(toFile: dir + "/report.md", atomically: true, encoding: .utf8)

        print("  cues: \(totals[0]) spoken, \(totals[1]) skipped, \(totals[2]) cancelled, \(totals[3]) interrupted; \(windows.count) ducking windows; CPU \(String(format: "%.2f", result.cpuSeconds)) s, peak RSS \(String(format: "%.1f", Double(result.peakRSSKiB) / 1024)) MB")
        if source.truth != nil {
            let errors = lines.compactMap(\.errorMetres).map(Swift.abs)
            print(String(format: "  trigger error p50 %.0f m p95 %.0f m max %.0f m (%d cues); late cues %d", percentile(errors, 0.5), percentile(errors, 0.95),
                         errors.max() ?? 0, errors.count, lines.filter { $0.late != nil }.count))
        }
        print("  report: \(dir)/report.md, timeline.svg, cues.jsonl, routecue.log" + (result.wavSeconds != nil ? ", guidance.wav" : ""))
    }

    // MARK: soak

    func writeSoak() throws {
        let lines = self.lines
        var out: [String] = []
        let drive = source.driveSeconds
        let window = min(3600, drive / 3)
        let samples = result.resources
        let firstHour = samples.filter { $0.drive < window }, lastHour = samples.filter { $0.drive >= drive - window }
        let mean = { (s: [DriveBenchResult.Resources]) in s.isEmpty ? Double.nan : Double(s.reduce(0) { $0 + $1.rssKiB }) / Double(s.count) / 1024 }
        let growth = mean(lastHour) - mean(firstHour)
        let windowName = window >= 3600 ? "hour" : "\(formatDuration(window)) (a third of this drive)"
        out.append("bench soak: \(source.name), \(formatDuration(drive)) of drive time at \(String(format: "%g", source.speed))× through gpsd and routecue run, D-Bus calls and an app prompt every \(String(format: "%g", options.interval)) s")
        out.append(String(format: "  resident memory: mean %.2f MB over the first %@ of drive time (%d samples), %.2f MB over the last (%d samples): growth %+.2f MB (goal ≤ 2 MB); peak (VmHWM) %.1f MB",
                          mean(firstHour), windowName as NSString, firstHour.count, mean(lastHour), lastHour.count, growth, Double(result.peakRSSKiB) / 1024))
        let cacheMean = { (s: [DriveBenchResult.Resources]) -> Double? in
            let kib = s.compactMap(\.speechCacheKiB)
            return kib.isEmpty ? nil : Double(kib.reduce(0, +)) / Double(kib.count) / 1024
        }
        if let cacheFirst = cacheMean(firstHour), let cacheLast = cacheMean(lastHour) {
            out.append(String(format: "  of which the speech cache (bounded by audio.cache_bytes, Audio1 SpeechCacheBytes): mean %.2f MB, then %.2f MB: growth %+.2f MB; the rest grew %+.2f MB (goal ≤ 2 MB)",
                              cacheFirst, cacheLast, cacheLast - cacheFirst, growth - (cacheLast - cacheFirst)))
        }
        let fds = samples.map(\.fds)
        out.append("  open descriptors (every 10 s, \(fds.count) samples): first \(fds.first ?? 0), last \(fds.last ?? 0), min \(fds.min() ?? 0), max \(fds.max() ?? 0) (goal flat)")
        let late = lines.filter { $0.late != nil }
        let spoken = lines.filter { $0.outcome == .played }.count
        let interrupted = lines.filter { $0.outcome == .interrupted }.count
        let skipped = lines.filter { $0.outcome == .skipped }.count, cancelled = lines.filter { $0.outcome == .cancelled }
        out.append("  cues: \(spoken) spoken, \(interrupted) interrupted, \(skipped) skipped, \(cancelled.count) cancelled; late cues \(source.truth == nil ? "not known (no ground truth)" : "\(late.count) (goal 0)")")
        for l in late { out.append("    late: \(fmt(l.start, "%.1f")) s [\(l.stage)] \"\(l.entry.text)\": \(l.late!)") }
        for l in cancelled { out.append("    cancelled: \(fmt(l.due, "%.1f")) s [\(l.stage)] \"\(l.entry.text)\": \(l.entry.reason ?? "")") }
        let errors = lines.compactMap(\.errorMetres).map(Swift.abs)
        if !errors.isEmpty {
            out.append(String(format: "  trigger error (metres, at %g×): p50 %.0f p95 %.0f max %.0f over %d cues", source.speed, percentile(errors, 0.5), percentile(errors, 0.95), errors.max() ?? 0, errors.count))
        }
        let failed = result.calls.filter { !$0.ok }
        var byKind: [String: (Int, Int)] = [:]
        for c in result.calls { byKind[c.what, default: (0, 0)].0 += 1; if !c.ok { byKind[c.what, default: (0, 0)].1 += 1 } }
        out.append("  D-Bus calls mixed in: \(result.calls.count) (\(failed.count) answered with an error): " + byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.0)" + ($0.value.1 > 0 ? " (\($0.value.1) errors)" : "") }.joined(separator: ", "))
        for c in Dictionary(grouping: failed, by: \.detail).prefix(5) { out.append("    \(c.value.count)× \(c.value[0].what): \(c.key)") }
        let gps = gpsdConnections()
        out.append(String(format: "  routecue run: CPU %.1f s over %.0f s of wall time; gpsd connections %d (reconnects %d), GPS lost %d×; %@",
                          result.cpuSeconds, result.lastFix - result.driveZero, gps.connections, max(0, gps.connections - 1), gps.lost, result.routecueExit as NSString))
        let text = out.joined(separator: "\n")
        print(text)
        if !options.report.isEmpty {
            var md = ["# Soak: \(source.name)", "", "`\(options.commandLine)`", "", "- " + source.notes.joined(separator: "\n- "), "", "```", text, "```", "",
                      "| wall s | drive s | VmRSS KiB | speech cache KiB | fds |", "|---:|---:|---:|---:|---:|"]
            md += samples.map { "| \(String(format: "%.0f", $0.wall)) | \(String(format: "%.0f", $0.drive)) | \($0.rssKiB) | \($0.speechCacheKiB.map(String.init) ?? "-") | \($0.fds) |" }
            try (md.joined(separator: "\n") + "\n").write(toFile: options.report + "/soak.md", atomically: true, encoding: .utf8)
            let log = options.report + "/routecue.log"
            if result.logPath != log { unlink(log); try? FileManager.default.copyItem(atPath: result.logPath, toPath: log) }
            print("  written: \(options.report)/soak.md, cues.jsonl, routecue.log")
        }
    }

    private func windowCues(_ w: DuckWindow) -> String {
        let spoken = w.spoken.map { "[\($0.stage)] \($0.entry.text)" }
        let dropped = w.dropped.map { "(\($0.outcome.rawValue) [\($0.stage)] \($0.entry.text))" }
        let all = spoken + dropped
        return all.isEmpty ? "none" : all.joined(separator: "; ")
    }

    private func stageOrder(_ stage: String) -> Int {
        ["continue", "range", "reminder", "distance", "action", "arrival", "warning", "reroute", "waypoint", "app"].firstIndex(of: stage) ?? 99
    }
}

private func fmt(_ value: Double?, _ format: String) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: format, value)
}

/// Text for a Markdown table cell.
private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}
