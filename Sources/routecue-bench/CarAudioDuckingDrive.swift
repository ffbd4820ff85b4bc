import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore

extension CarAudioBench {
    // MARK: 3. CPU of the car-audio clients while idle

    func idleCPU(system: String, session: String, client: BenchClient) throws {
        let base = ["--device", "null", "--gpsd", "127.0.0.1:9"]
        let none = try processes.start("routecue-idle-none", options.binary,
                                       try daemonArguments("idle-none", config: "{}") + base + ["--bus", "none", "--session-bus", "none"])
        let media = try processes.start("routecue-idle-mpris", options.binary,
                                        try daemonArguments("idle-mpris", config: "{}") + base + ["--bus", "none", "--session-bus", session])
        let all = try processes.start("routecue-idle-all", options.binary,
                                      try daemonArguments("idle-all", config: "{}") + base + ["--bus", system, "--session-bus", session])
        defer { for daemon in [all, media, none] { processes.stop(daemon) } }
        try client.waitForOwner(Self.routecue.rawValue)
        for name in ["routecue-idle-mpris", "routecue-idle-all"] where !processes.waitForLog(name, containing: "media: following MPRIS players", within: 10) {
            print("    (\(name) did not log \"media: following MPRIS players\" within 10 s)")
        }
        usleep(5_000_000)
        let daemons = [none, media, all]
        let before = daemons.map { cpuSeconds(of: $0.processIdentifier) }
        let beforeRun = daemons.map { runSeconds(of: $0.processIdentifier) }
        let start = MonotonicClock.nanoseconds()
        usleep(UInt32(options.idleSeconds * 1e6))
        let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
        let perHour = zip(daemons, before).map { (cpuSeconds(of: $0.processIdentifier) - $1) / elapsed * 3600 }
        let runPerHour = zip(daemons, beforeRun).map { (runSeconds(of: $0.processIdentifier) - $1) / elapsed * 3600 }
        let tick = 3600 / elapsed / Double(sysconf(Int32(_SC_CLK_TCK)))
        print(String(format: "  CPU per hour idle (no route, mpv playing, %.0f s, three daemons at once): utime+stime of /proc/PID/stat (one clock tick is %.1f s per hour here) | on-CPU time of every thread (/proc/PID/task/*/schedstat, ns)",
                     elapsed, tick))
        print(String(format: "    --bus none --session-bus none          %5.1f s | %6.2f s", perHour[0], runPerHour[0]))
        print(String(format: "    --bus none --session-bus ADDR (MPRIS)  %5.1f s | %6.2f s   the MPRIS client %+.1f s | %+.2f s per hour",
                     perHour[1], runPerHour[1], perHour[1] - perHour[0], runPerHour[1] - runPerHour[0]))
        print(String(format: "    --bus ADDR --session-bus ADDR          %5.1f s | %6.2f s   BlueZ, bluez-alsa, oFono clients and the control interface %+.1f s | %+.2f s more; all %+.1f s | %+.2f s (%.4f %% of a core)",
                     perHour[2], runPerHour[2], perHour[2] - perHour[1], runPerHour[2] - runPerHour[1], perHour[2] - perHour[0],
                     runPerHour[2] - runPerHour[0], (runPerHour[2] - runPerHour[0]) / 36))
    }

    // MARK: 2. Ducking a real mpv on the example drive

    func duckingDrive(session: String, client: BenchClient) throws {
        guard let original = try client.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number else {
            throw CarAudioBenchError("mpv's MPRIS Volume is not a number")
        }
        let settings = DuckingSettings()
        // mpv's gain is the cube of its MPRIS volume: the ducked volume is the cube root of the gain ratio.
        let target = original * cbrt(pow(10, settings.levelDecibels / 20))
        let text = try String(contentsOfFile: CarAudioOptions.drive, encoding: .utf8)
        let epochs = Array(NMEAFeeder.epochs(ofNMEA: text).prefix(options.epochs))
        let feeder = try NMEAFeeder(epochs: epochs)
        processes.onStop { feeder.stop() }
        let gpsd = try GPSDProcess(feedPort: feeder.port)
        processes.onStop { gpsd.stop() }
        let trace = PeriodicSampler.mpvVolume(through: client, player: Self.mpvName, every: 0.015)
        defer { trace.stop() }
        let cues = directory + "/cues.jsonl", twinCues = directory + "/cues-twin.jsonl"
        let drive = ["--route", CarAudioOptions.route, "--gpsd", "127.0.0.1:\(gpsd.port)", "--device", options.device]
        let daemon = try processes.start("routecue-duck", options.binary,
                                         try daemonArguments("duck", config: "{}") + drive + ["--cues", cues, "--bus", session, "--session-bus", session])
        let twin = try processes.start("routecue-twin", options.binary,
                                       try daemonArguments("twin", config: "{}") + drive + ["--cues", twinCues, "--bus", "none", "--session-bus", "none"])
        defer { processes.stop(daemon); processes.stop(twin) }
        usleep(3_000_000)
        let cpu0 = (cpuSeconds(of: daemon.processIdentifier), cpuSeconds(of: twin.processIdentifier))
        let started = MonotonicClock.nanoseconds()
        while !feeder.isFinished { usleep(200_000) }
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let cpu1 = (cpuSeconds(of: daemon.processIdentifier), cpuSeconds(of: twin.processIdentifier))
        // The last cue's hold and ramp back (a cue planned when the fixes stopped keeps it down until it goes stale).
        let lastFix = Double(feeder.sent.last?.at ?? MonotonicClock.nanoseconds()) / 1e9
        let end = MonotonicClock.nanoseconds() + 30_000_000_000
        usleep(UInt32((settings.holdSeconds + settings.rampUpSeconds + 0.5) * 1e6))
        while MonotonicClock.nanoseconds() < end, trace.last?.value != original { usleep(50_000) }
        usleep(300_000)
        trace.stop()
        let volumes = trace.volumes
        let lastDown = volumes.last { $0.volume != original }
        let backAt = volumes.first { $0.at > (lastDown?.at ?? 0) && $0.volume == original }
        let restored = try client.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number ?? .nan
        let spoken = try readSpokenCues(cues)
        let samples = volumes
        let intervals = zip(samples.dropFirst(), samples).map { ($0.at - $1.at) * 1000 }
        print(String(format: "  ducking mpv (MPRIS Volume %.17g, Get every 15 ms from another connection: %d samples, interval p50 %.1f ms max %.1f ms) on %d epochs of the example drive",
                     original, samples.count, percentile(intervals, 0.5), intervals.max() ?? .nan, epochs.count))
        print(String(format: "    configured: %.0f dB, ramp down %.2f s ending %.2f s before the first voice sample (starts %.2f s ahead); target volume %.17g",
                     settings.levelDecibels, settings.rampDownSeconds, settings.leadSeconds, settings.rampDownSeconds + settings.leadSeconds, target))
        print("    cue (stage)                                       ramp began before   down to target    volume at the first voice sample")
        print("                                                      its first sample    before it         (− target)")
        var planned: [Double] = [], departure: [Double] = [], late: [String] = [], atVoice: [Double] = []
        var held = 0, notDucked = 0
        var departureDown: Double?
        var previousEnd = -Double.infinity
        for cue in spoken {
            let ramp = analyseRamp(samples, heard: cue.heard, after: previousEnd, original: original, target: target)
            previousEnd = cue.end
            if cue.isDeparture { departureDown = ramp.downBefore }
            let label = String((cue.isDeparture ? "[departure] " : cue.isImmediate ? "[immediate] " : "[\(cue.stage)] ") + cue.text).prefix(48)
            let leadText: String
            switch ramp.lead {
            case .measured(let lead, let resolution):
                leadText = String(format: "%6.0f ms (+≤%2.0f)", lead * 1000, resolution * 1000)
                if cue.isDeparture { departure.append(lead) } else if !cue.isImmediate { planned.append(lead) }
                if lead < 0, !cue.isImmediate { late.append(cue.text) }
            case .heldFromCueBefore: leadText = "held (cue before)"; if !cue.isImmediate { held += 1 }
            case .never: leadText = "not ducked"; if !cue.isImmediate { notDucked += 1 }
            }
            let downText = ramp.downBefore.map { String(format: "%6.0f ms", $0 * 1000) } ?? "    never"
            let voiceText = ramp.volumeAtVoice.map { String(format: "%.17g (%+.1e)", $0, $0 - target) } ?? "?"
            if let v = ramp.volumeAtVoice, !cue.isImmediate { atVoice.append(v - target) }
            print("    " + label.padding(toLength: 50, withPad: " ", startingAt: 0) + "  " + leadText.padding(toLength: 20, withPad: " ", startingAt: 0)
                  + downText.padding(toLength: 18, withPad: " ", startingAt: 0) + voiceText)
        }
        let plannedCount = spoken.filter { !$0.isImmediate }.count
        print(String(format: "    planned cues: %d spoken, ramp began p50 %.0f ms  min %.0f ms  max %.0f ms before the first voice sample; ramps starting after it %d (goal 0); held from the cue before %d; not ducked %d",
                     plannedCount, percentile(planned, 0.5) * 1000, (planned.min() ?? .nan) * 1000, (planned.max() ?? .nan) * 1000,
                     late.count, held, notDucked))
        // The departure is due as the route is acquired; with music playing it waits for the ramp (docs/car-audio.md).
        if let lead = departure.first {
            let down = departureDown.map { String(format: "down %.0f ms %@ it", abs($0) * 1000, ($0 >= 0 ? "before" : "after") as NSString) } ?? "never fully down"
            print(String(format: "    departure cue (due as the route is acquired): ramp began %.0f ms %@ its first voice sample, %@",
                         abs(lead) * 1000, (lead >= 0 ? "before" : "after") as NSString, down as NSString))
        } else {
            print("    departure cue: \(spoken.contains(where: \.isDeparture) ? "no ramp seen around it" : "not in the cue log")")
        }
        let worst = atVoice.map(abs).max()
        print(String(format: "    volume at the first voice sample of planned cues − target: max |Δ| %.1e (%d cues)", worst ?? .nan, atVoice.count))
        let above = samples.filter { $0.volume > original }.count
        print(String(format: "    restored − original at the end: %.17g − %.17g = %.17g (goal exactly 0); samples above the original during the drive: %d",
                     restored, original, restored - original, above))
        let spokenEnd = spoken.last?.end ?? lastFix
        print("    back at the original " + (backAt.map { String(format: "%.1f s after the last fix (%.1f s after the last cue ended)", $0.at - lastFix, $0.at - spokenEnd) }
                                              ?? String(format: "not within %.0f s of the last fix", Double(MonotonicClock.nanoseconds()) / 1e9 - lastFix))
              + (lastDown.map { String(format: "; last sample below it %.1f s after the last fix", $0.at - lastFix) } ?? ""))
        let twinCount = (try? readSpokenCues(twinCues).count) ?? 0
        let duckPerHour = (cpu1.0 - cpu0.0) / elapsed * 3600, twinPerHour = (cpu1.1 - cpu0.1) / elapsed * 3600
        print(String(format: "  CPU per hour of the drive (%.0f s, %d cues; a twin with --bus none --session-bus none on the same gpsd, %d cues): with the buses and ducking %.1f s, twin %.1f s, difference %+.1f s (%.3f %% of a core)",
                     elapsed, spoken.count, twinCount, duckPerHour, twinPerHour, duckPerHour - twinPerHour, (duckPerHour - twinPerHour) / 36))
        if !late.isEmpty { print("    ramps after the first voice sample: " + late.joined(separator: " | ")) }
    }
}

// MARK: - Reading the volume trace against the cue log

private struct SpokenCue {
    let stage: String
    let text: String
    let heard: Double
    let end: Double
    let isDeparture: Bool
    /// Said as soon as decided, nothing planned it ahead: the departure cue, and the reroute kind ("GPS signal lost").
    let isImmediate: Bool
}

/// The spoken cues of a cue log, by their first voice sample.
private func readSpokenCues(_ path: String) throws -> [SpokenCue] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var cues: [SpokenCue] = []
    for line in text.split(separator: "\n") {
        guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              entry["event"] as? String == "spoken", let heard = entry["m_audio_start"] as? Double else { continue }
        let stage = entry["stage"] as? String ?? "-"
        // The cue said as the drive starts (stage continue of maneuver 0): immediate, nothing planned it.
        let departure = stage == "continue" && (entry["maneuver"] as? Int) == 0
        cues.append(SpokenCue(stage: stage, text: entry["text"] as? String ?? "", heard: heard,
                              end: entry["m_audio_end"] as? Double ?? heard, isDeparture: departure,
                              isImmediate: departure || entry["kind"] as? String == "reroute"))
    }
    return cues.sorted { $0.heard < $1.heard }
}

private struct RampReading {
    enum Lead {
        /// Seconds from the first sample below the original to the first voice sample (negative: after it), and the
        /// interval to the sample before (the ramp began up to that much earlier).
        case measured(Double, resolution: Double)
        /// No sample at the original between the cue before and this one.
        case heldFromCueBefore
        case never
    }
    var lead: Lead
    /// Seconds from the first sample at the target to the first voice sample.
    var downBefore: Double?
    /// The last sample at or before the first voice sample.
    var volumeAtVoice: Double?
}

/// The ramp of the cue heard at `heard`: the first sample below the original after the last one at it (after
/// `after`, the end of the cue before).
private func analyseRamp(_ samples: [(at: Double, volume: Double)], heard: Double, after: Double, original: Double,
                         target: Double) -> RampReading {
    let volumeAtVoice = samples.last { $0.at <= heard }?.volume
    let window = samples.filter { $0.at > after && $0.at <= heard }
    guard let lastUp = window.lastIndex(where: { $0.volume == original }) else {
        return RampReading(lead: window.isEmpty ? .never : .heldFromCueBefore, downBefore: nil, volumeAtVoice: volumeAtVoice)
    }
    let upAt = window[lastUp].at
    guard let firstDown = samples.firstIndex(where: { $0.at > upAt && $0.volume < original }), samples[firstDown].at < heard + 3 else {
        return RampReading(lead: .never, downBefore: nil, volumeAtVoice: volumeAtVoice)
    }
    // mpv keeps its volume as a float: the target comes back within about 1e-8.
    let down = samples[firstDown...].first { abs($0.volume - target) <= 1e-6 && $0.at < heard + 3 }
    return RampReading(lead: .measured(heard - samples[firstDown].at, resolution: samples[firstDown].at - upAt),
                       downBefore: down.map { heard - $0.at }, volumeAtVoice: volumeAtVoice)
}

/// On-CPU seconds of every thread of process `pid` so far (/proc/PID/task/*/schedstat, nanoseconds: finer than the
/// clock ticks of /proc/PID/stat).
private func runSeconds(of pid: Int32) -> Double {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.reduce(0) { sum, task in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
        return sum + (Double(text.split(separator: " ").first ?? "0") ?? 0) / 1e9
    }
}
