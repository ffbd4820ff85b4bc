import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore

// `routecue-bench drive-report ROUTECUE --drive DRIVE [--route ROUTE] [--speed S] --report DIR` and `routecue-bench
// soak ROUTECUE --drive DRIVE …` (usage: DriveReportOptions). Both start, on private ports and buses and stopped by
// their PIDs: a gpsd fed the drive by the NMEA feeder, a session bus with mpv + mpv-mpris playing music into a
// paced FIFO, a permissive system bus, and `routecue run` on an ALSA file PCM into another paced FIFO; load the route
// with `routecue ctl`, follow the drive (mpv's MPRIS Volume, Guidance1's distance, the cue log as it grows, memory
// and descriptors of routecue run every 10 s), and stop everything when the drive is over. drive-report writes the
// report directory (DriveReportWriter); soak mixes in D-Bus calls and app prompts and prints its figures.

func driveReportBench(_ args: [String]) {
    let options = DriveReportOptions(args, command: "drive-report")
    guard !options.report.isEmpty else { fail("drive-report needs --report DIR\n\(DriveReportOptions.usage)", status: 2) }
    runDriveBench(options, soak: false)
}

func soakBench(_ args: [String]) {
    var options = DriveReportOptions(args, command: "soak")
    options.wav = false
    runDriveBench(options, soak: true)
}

private func runDriveBench(_ options: DriveReportOptions, soak: Bool) {
    let name = soak ? "soak" : "drive-report"
    if let missing = DriveBenchRun.missingComponent(options) {
        print("bench \(name): SKIPPED: \(missing)")
        return
    }
    let work = NSTemporaryDirectory() + "routecue-bench-drive-\(getpid())"
    try? FileManager.default.removeItem(atPath: work)
    do {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        if !options.report.isEmpty { try FileManager.default.createDirectory(atPath: options.report, withIntermediateDirectories: true) }
    } catch { fail("\(name): \(error)") }
    let began = Date()
    let source: DriveReportSource
    do { source = try DriveReportSource.load(options, directory: options.report.isEmpty ? work : options.report) } catch { fail("\(name): \(error)") }
    print("bench \(name): \(source.name), \(formatDuration(source.driveSeconds)) of drive time at \(String(format: "%g", source.speed))× (≈ \(formatDuration(source.driveSeconds / source.speed)) wall)")
    fflush(nil)
    let processes = BenchProcesses(directory: work)
    let run = DriveBenchRun(options: options, source: source, processes: processes, work: work, soak: soak)
    var result: DriveBenchResult?
    do {
        result = try run.run()
    } catch {
        print("bench \(name): FAILED: \(error)")
        processes.printLogTails()
    }
    processes.stopAll()
    run.stopAudio()
    guard var result else {
        print("  (logs kept in \(work))")
        exit(1)
    }
    result.wallSeconds = Date().timeIntervalSince(began)
    do {
        if soak {
            try DriveReportWriter(options: options, source: source, result: result).writeSoak()
        } else {
            try run.finishAudio(&result)
            try DriveReportWriter(options: options, source: source, result: result).writeReport()
        }
    } catch {
        print("bench \(name): FAILED writing the report: \(error)")
        print("  (logs kept in \(work))")
        exit(1)
    }
    try? FileManager.default.removeItem(atPath: work)
}

/// What one bench drive measured.
struct DriveBenchResult {
    struct Cue {
        var entry: CueLogEntry
        /// When the bench saw its line in the cue log (monotonic seconds).
        var seenAt: Double
    }
    struct Resources {
        /// Wall seconds since the first fix, drive seconds since the first fix.
        var wall: Double
        var drive: Double
        var rssKiB: Int
        var fds: Int
        /// The speech cache's bytes then (Audio1 SpeechCacheBytes, in KiB; nil when not read): bounded, it fills
        /// as new texts are spoken, so the soak tells its growth from the rest.
        var speechCacheKiB: Int? = nil
    }
    struct Call {
        var what: String
        var ok: Bool
        var detail: String
    }
    /// Monotonic seconds of the first fix sent to gpsd (the timeline's 0) and of the readers' origin (the wav's 0).
    var driveZero = 0.0
    var audioZero = 0.0
    var lastFix = 0.0
    var epochsSent = 0
    var feederConnections = 0
    /// Monotonic instant (s) → original fix time of the drive.
    var sentInstants: [Double] = []
    var sentTimes: [Double] = []
    var cues: [Cue] = []
    var volume: [(at: Double, volume: Double)] = []
    var originalVolume = 0.0
    var restoredVolume = Double.nan
    var distance: [DriveTimeline.DistanceSample] = []
    var maneuvers: [DriveTimeline.Maneuver] = []
    var resources: [Resources] = []
    var calls: [Call] = []
    var cpuSeconds = 0.0
    var peakRSSKiB = 0
    var routecueExit: String = ""
    var ctlOutput: [String] = []
    var logPath = ""
    var cuesPath = ""
    var wavSeconds: Double?
    /// Per spoken cue (seq): seconds from the cue log's first word to its first loud sample in RouteCue's stream.
    var earOffsets: [Int: Double] = [:]
    /// Monotonic seconds routecue run was started at.
    var routecueStarted = 0.0
    var routecueStopped = 0.0
    var guidanceSeconds = 0.0
    var musicSeconds = 0.0
    var wallSeconds = 0.0

    /// The drive's original fix time at monotonic second `t` (nil before the first fix).
    func fixTime(at t: Double, speed: Double) -> Double? {
        guard !sentInstants.isEmpty else { return nil }
        var lo = 0, hi = sentInstants.count - 1
        if t < sentInstants[0] { return sentTimes[0] + (t - sentInstants[0]) * speed }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sentInstants[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return sentTimes[lo] + (t - sentInstants[lo]) * speed
    }
}

final class DriveBenchRun {
    let options: DriveReportOptions
    let source: DriveReportSource
    let processes: BenchProcesses
    let work: String
    let soak: Bool
    private var guidanceReader: PacedFIFOReader?
    private var musicReader: PacedFIFOReader?
    private var audioStopped = false

    static let routecue: BusName = "org.routecue"
    static let guidancePath: ObjectPath = "/org/routecue/Guidance"
    static let mpvName: BusName = "org.mpris.MediaPlayer2.mpv"

    init(options: DriveReportOptions, source: DriveReportSource, processes: BenchProcesses, work: String, soak: Bool) {
        self.options = options
        self.source = source
        self.processes = processes
        self.work = work
        self.soak = soak
    }

    /// What is missing, with its Debian package, or nil.
    static func missingComponent(_ options: DriveReportOptions) -> String? {
        let files = FileManager.default
        if !files.isExecutableFile(atPath: CarAudioOptions.dbusDaemon) { return "\(CarAudioOptions.dbusDaemon) not found (Debian package dbus-daemon)" }
        if !files.isExecutableFile(atPath: CarAudioOptions.mpv) { return "\(CarAudioOptions.mpv) not found (Debian package mpv)" }
        if !files.fileExists(atPath: CarAudioOptions.mprisScript) { return "\(CarAudioOptions.mprisScript) not found (Debian package mpv-mpris)" }
        if !GPSDProcess.isInstalled { return "\(GPSDProcess.path) not found (Debian package gpsd)" }
        if !files.isExecutableFile(atPath: options.binary) { return "\(options.binary) not found (make release)" }
        return nil
    }

    func stopAudio() {
        guard !audioStopped else { return }
        audioStopped = true
        guidanceReader?.stop()
        musicReader?.stop()
    }

    /// guidance.wav from the two captured streams, from 1 s before the first fix.
    func finishAudio(_ result: inout DriveBenchResult) throws {
        result.guidanceSeconds = guidanceReader?.dataSeconds ?? 0
        result.musicSeconds = musicReader?.dataSeconds ?? 0
        guard options.wav else { return }
        // Where each spoken cue's first loud sample is in RouteCue's stream, against the cue log's first word.
        let spoken = result.cues.compactMap { cue -> (Int, Double, Double)? in
            guard cue.entry.event == .spoken, let a = cue.entry.audioStart?.seconds, let b = cue.entry.audioEnd?.seconds else { return nil }
            return (cue.entry.seq, a, b)
        }.sorted { $0.1 < $1.1 }
        var spans: [(searchFrom: Double, from: Double, to: Double)] = []
        for (i, s) in spoken.enumerated() {
            spans.append((max(s.1 - 1.5, i > 0 ? spoken[i - 1].2 + 0.05 : 0), s.1, s.2))
        }
        for (s, onset) in zip(spoken, DriveAudio.onsets(raw: work + "/guidance.raw", origin: result.audioZero, spans: spans)) {
            if let onset { result.earOffsets[s.0] = onset }
        }
        let skip = max(0, result.driveZero - 1 - result.audioZero)
        result.wavSeconds = try DriveAudio.mix(work + "/guidance.raw", work + "/music.raw", into: options.report + "/guidance.wav", skipSeconds: skip)
    }

    func run() throws -> DriveBenchResult {
        var result = DriveBenchResult()
        let out = options.report.isEmpty ? work : options.report
        // The ear: both FIFOs read from now on.
        let origin = MonotonicClock.nanoseconds()
        result.audioZero = Double(origin) / 1e9
        let guidanceFIFO = work + "/guidance.fifo", musicFIFO = work + "/music.fifo"
        guidanceReader = try PacedFIFOReader(fifo: guidanceFIFO, raw: options.wav ? work + "/guidance.raw" : nil, origin: origin)
        musicReader = try PacedFIFOReader(fifo: musicFIFO, raw: options.wav ? work + "/music.raw" : nil, origin: origin)
        let alsaConfig = work + "/alsa.conf"
        try DriveAudio.config(guidanceFIFO: guidanceFIFO, musicFIFO: musicFIFO).write(toFile: alsaConfig, atomically: true, encoding: .utf8)
        let alsa = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + alsaConfig]

        let system = try processes.bus("system", permissive: true)
        let session = try processes.bus("session", permissive: false)
        let systemClient = try BenchClient.connect(system)
        defer { systemClient.close() }
        let sessionClient = try BenchClient.connect(session)
        defer { sessionClient.close() }

        let music = work + "/music.wav"
        try DriveAudio.writeMusic(to: music)
        let mpv = try processes.start("mpv", CarAudioOptions.mpv,
                                      ["--no-config", "--script=\(CarAudioOptions.mprisScript)", "--no-video", "--ao=alsa",
                                       "--audio-device=alsa/\(DriveAudio.musicPCM)", "--loop", "--idle=no",
                                       "--volume=\(String(format: "%g", options.volume))", "--no-terminal", "--", music],
                                      environment: alsa.merging(["DBUS_SESSION_BUS_ADDRESS": session]) { $1 })
        try sessionClient.waitForOwner(Self.mpvName.rawValue)
        usleep(300_000)
        guard let original = try sessionClient.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number else {
            throw CarAudioBenchError("mpv's MPRIS Volume is not a number")
        }
        result.originalVolume = original

        let feeder = try NMEAFeeder(epochs: source.epochs, secondsPerEpoch: source.secondsPerEpoch, delays: source.delays)
        processes.onStop { feeder.stop() }
        let gpsd = try GPSDProcess(feedPort: feeder.port, start: false)
        processes.onStop { gpsd.stop() }

        let config: String
        if let given = options.config { config = given } else {
            config = work + "/routecue.json"
            try "{}\n".write(toFile: config, atomically: true, encoding: .utf8)
        }
        result.cuesPath = out + "/cues.jsonl"
        unlink(result.cuesPath)
        let daemon = try processes.start("routecue", options.binary,
                                         ["run", "--config", config, "--state-dir", work + "/state", "--gpsd", "127.0.0.1:\(gpsd.port)",
                                          "--device", DriveAudio.guidancePCM, "--cues", result.cuesPath, "--bus", system,
                                          "--session-bus", session],
                                         environment: alsa)
        result.routecueStarted = Double(MonotonicClock.nanoseconds()) / 1e9
        result.logPath = processes.logPath("routecue")
        let pid = daemon.processIdentifier
        try systemClient.waitForOwner(Self.routecue.rawValue, within: 15)
        for command in [["load", source.routePath], ["start"]] {
            let (status, text) = ctl(system, command)
            result.ctlOutput.append("`routecue ctl \(command.joined(separator: " "))`: \(text.isEmpty ? "(nothing)" : text)")
            guard status == 0 else { throw CarAudioBenchError("routecue ctl \(command.joined(separator: " ")) exited \(status): \(text)") }
        }

        // The followers, then the drive.
        let volume = PeriodicSampler.mpvVolume(through: sessionClient, player: DriveBenchRun.mpvName, every: soak ? 0.1 : 0.015)
        let distance = DriveDistanceSampler(client: systemClient, every: soak ? 1 : max(0.1, min(0.5, 1 / source.speed)))
        let tail = CueLogTail(path: result.cuesPath)
        defer { volume.stop(); distance.stop(); tail.stop() }
        try gpsd.start()
        let waitEnd = MonotonicClock.nanoseconds() + 15_000_000_000
        while feeder.sent.isEmpty, MonotonicClock.nanoseconds() < waitEnd { usleep(10_000) }
        guard let first = feeder.sent.first else { throw CarAudioBenchError("gpsd never read the feeder within 15 s") }
        result.driveZero = Double(first.at) / 1e9

        var nextResources = 0.0, nextCall = options.interval, callStep = 0
        var spatial = false
        let wallTotal = source.driveSeconds / source.speed
        var nextProgress = 60.0
        while !feeder.isFinished {
            guard daemon.isRunning else {
                throw CarAudioBenchError("routecue run exited (status \(daemon.terminationStatus)) during the drive")
            }
            let wall = Double(MonotonicClock.nanoseconds()) / 1e9 - result.driveZero
            if wall >= nextResources {
                var sample = DriveBenchResult.Resources(wall: wall, drive: wall * source.speed, rssKiB: procStatus(pid, "VmRSS:"), fds: Self.fdCount(pid))
                if soak, let bytes = try? systemClient.get(Self.routecue, Self.guidancePath, "org.routecue.Audio1", "SpeechCacheBytes").integer {
                    sample.speechCacheKiB = Int(bytes) / 1024
                }
                result.resources.append(sample)
                nextResources += 10
            }
            if soak, wall >= nextCall {
                result.calls.append(contentsOf: soakCalls(step: callStep, system: systemClient, spatial: &spatial))
                callStep += 1
                nextCall += options.interval
            }
            if wall >= nextProgress {
                print(String(format: "  … %.0f of %.0f s wall, %d epochs sent, %d cue log lines", wall, wallTotal, feeder.epochsSent, tail.count))
                nextProgress += 60
                fflush(nil)
            }
            usleep(100_000)
        }
        if spatial { result.calls.append(contentsOf: soakCalls(step: 1, system: systemClient, spatial: &spatial)) }
        result.lastFix = Double(feeder.sent.last?.at ?? 0) / 1e9
        // The last cue and the ramp back up (a cue planned when the fixes stopped holds the music until it goes stale).
        let settings = DuckingSettings()
        usleep(UInt32((settings.holdSeconds + settings.rampUpSeconds + 1) * 1e6))
        let settleEnd = MonotonicClock.nanoseconds() + 30_000_000_000
        while MonotonicClock.nanoseconds() < settleEnd {
            let speaking = (try? systemClient.get(Self.routecue, Self.guidancePath, "org.routecue.Audio1", "Speaking").bool) ?? false
            if !speaking, volume.last?.value == original { break }
            usleep(100_000)
        }
        usleep(500_000)
        let wall = Double(MonotonicClock.nanoseconds()) / 1e9 - result.driveZero
        result.resources.append(.init(wall: wall, drive: min(wall * source.speed, source.driveSeconds), rssKiB: procStatus(pid, "VmRSS:"), fds: Self.fdCount(pid)))
        result.cpuSeconds = cpuSeconds(of: pid)
        result.peakRSSKiB = procStatus(pid, "VmHWM:")
        result.restoredVolume = (try? sessionClient.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number) ?? .nan
        volume.stop(); distance.stop(); tail.stop()
        processes.stop(daemon)
        result.routecueStopped = Double(MonotonicClock.nanoseconds()) / 1e9
        result.routecueExit = daemon.terminationReason == .exit ? "exit status \(daemon.terminationStatus)" : "signal \(daemon.terminationStatus)"
        gpsd.stop()
        feeder.stop()
        processes.stop(mpv)
        stopAudio()

        result.epochsSent = feeder.epochsSent
        result.feederConnections = feeder.connectionCount
        for sent in feeder.sent {
            guard let t = source.originalTimes[sent.epoch] else { continue }
            let instant = Double(sent.at) / 1e9 - source.latencies[sent.epoch]
            if let last = result.sentInstants.last, instant < last { continue }
            result.sentInstants.append(instant)
            result.sentTimes.append(t)
        }
        result.volume = volume.volumes
        result.cues = try tail.entries()
        (result.distance, result.maneuvers) = distance.timeline(zero: result.driveZero, route: source.route)
        if !options.report.isEmpty {
            let log = options.report + "/routecue.log"
            unlink(log)
            try? FileManager.default.copyItem(atPath: result.logPath, toPath: log)
            result.logPath = log
        }
        return result
    }

    /// `routecue ctl --bus ADDRESS ARGS…`: exit status and output (trimmed).
    private func ctl(_ bus: String, _ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: options.binary)
        process.arguments = ["ctl", "--bus", bus, "--timeout", "20"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The soak's mixed-in traffic, one step per --interval: a GetAll of both interfaces and a property Get, an
    /// option changed (spatial_audio) and put back the next step, RepeatInstruction, and an application Speak.
    private func soakCalls(step: Int, system client: BenchClient, spatial: inout Bool) -> [DriveBenchResult.Call] {
        var calls: [DriveBenchResult.Call] = []
        func attempt(_ what: String, _ body: () throws -> String) {
            do { calls.append(.init(what: what, ok: true, detail: try body())) } catch { calls.append(.init(what: what, ok: false, detail: "\(error)")) }
        }
        let properties: InterfaceName = "org.freedesktop.DBus.Properties"
        attempt("GetAll Guidance1") { "\(try client.call(Self.routecue, Self.guidancePath, properties, "GetAll", [.string("org.routecue.Guidance1")]).first?.dictionary?.count ?? 0) properties" }
        attempt("GetAll Audio1") { "\(try client.call(Self.routecue, Self.guidancePath, properties, "GetAll", [.string("org.routecue.Audio1")]).first?.dictionary?.count ?? 0) properties" }
        attempt("Get State") { try client.get(Self.routecue, Self.guidancePath, "org.routecue.Guidance1", "State").string ?? "?" }
        switch step % 2 {
        case 0:
            attempt("SetOptions spatial_audio true") {
                _ = try client.call(Self.routecue, Self.guidancePath, "org.routecue.Guidance1", "SetOptions", [.vardict(["spatial_audio": .boolean(true)])])
                spatial = true
                return "set"
            }
            attempt("RepeatInstruction") {
                _ = try client.call(Self.routecue, Self.guidancePath, "org.routecue.Guidance1", "RepeatInstruction")
                return "said"
            }
        default:
            if spatial {
                attempt("SetOptions spatial_audio false") {
                    _ = try client.call(Self.routecue, Self.guidancePath, "org.routecue.Guidance1", "SetOptions", [.vardict(["spatial_audio": .boolean(false)])])
                    spatial = false
                    return "set back"
                }
            }
            attempt("Audio1.Speak") {
                let id = try client.call(Self.routecue, Self.guidancePath, "org.routecue.Audio1", "Speak",
                                         [.string("Fuel station in two kilometres."), .string("application")]).first?.integer ?? -1
                return "id \(id)"
            }
        }
        return calls
    }

    static func fdCount(_ pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }
}

// MARK: - Followers

/// Guidance1's State, NextManeuver and DistanceToManeuver by GetAll at a fixed interval (Get computes them at the
/// call; PropertiesChanged carries them at most once a second).
final class DriveDistanceSampler: Sendable {
    struct Sample: Sendable {
        var at: Double
        var state: String
        var metres: Double
        var maneuver: Int?
    }
    private let sampler: PeriodicSampler<Sample>

    init(client: BenchClient, every interval: Double) {
        sampler = PeriodicSampler(every: interval) {
            guard let all = try? client.call(DriveBenchRun.routecue, DriveBenchRun.guidancePath, "org.freedesktop.DBus.Properties", "GetAll",
                                             [.string("org.routecue.Guidance1")], timeout: 2).first?.dictionary else { return nil }
            let next = all["NextManeuver"]?.dictionary?["index"]?.integer.map(Int.init)
            return Sample(at: 0, state: all["State"]?.string ?? "?", metres: all["DistanceToManeuver"]?.number ?? .nan, maneuver: next)
        }
    }

    func stop() { sampler.stop() }

    /// The samples on the timeline (seconds since `zero`), and the maneuvers passed (a change of NextManeuver).
    func timeline(zero: Double, route: Route) -> ([DriveTimeline.DistanceSample], [DriveTimeline.Maneuver]) {
        let samples = sampler.samples.map { reading in
            var sample = reading.value
            sample.at = reading.at
            return sample
        }
        var distance: [DriveTimeline.DistanceSample] = [], maneuvers: [DriveTimeline.Maneuver] = []
        var previous: Int?
        for s in samples where s.at >= zero - 1 {
            let guiding = s.state == "guiding" && s.maneuver != nil && s.metres.isFinite
            distance.append(.init(seconds: s.at - zero, metres: guiding ? s.metres : nil, maneuver: s.maneuver))
            if let p = previous, let m = s.maneuver, m > p {
                for passed in p..<m where passed < route.maneuvers.count {
                    maneuvers.append(.init(seconds: s.at - zero, index: passed, instruction: describe(route.maneuvers[passed])))
                }
            }
            if let m = s.maneuver { previous = m }
        }
        return (distance, maneuvers)
    }
}

/// A maneuver in words: the source's instruction, else type, modifier and road.
func describe(_ m: Maneuver) -> String {
    if let instruction = m.instruction, !instruction.isEmpty { return instruction }
    // The type's and modifier's raw names read as words ("on_ramp slight_left" → "on ramp slight left").
    let words = [m.type.rawValue, m.modifier?.rawValue].compactMap { $0?.replacingOccurrences(of: "_", with: " ") }
    return (words + (m.roadName.map { ["onto", $0] } ?? [])).joined(separator: " ")
}

/// The cue log read as it grows: each complete line stamped with the moment the bench first saw it.
final class CueLogTail: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var stopped = false
    private var lines: [(text: String, at: Double)] = []
    private let done = DispatchSemaphore(value: 0)
    let path: String

    var count: Int { lock.withLock { lines.count } }

    init(path: String) {
        self.path = path
        let thread = Thread { [self] in
            defer { done.signal() }
            var offset: UInt64 = 0, pending = Data()
            func poll() {
                guard let handle = FileHandle(forReadingAtPath: path) else { return }
                defer { try? handle.close() }
                try? handle.seek(toOffset: offset)
                let data = handle.readDataToEndOfFile()
                offset += UInt64(data.count)
                pending.append(data)
                let now = Double(MonotonicClock.nanoseconds()) / 1e9
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if !line.isEmpty { lock.withLock { lines.append((line, now)) } }
                }
            }
            while lock.withLock({ running }) {
                poll()
                usleep(100_000)
            }
            poll()
        }
        thread.start()
    }

    func stop() {
        let first = lock.withLock { () -> Bool in defer { running = false; stopped = true }; return !stopped }
        if first { done.wait() }
    }

    func entries() throws -> [DriveBenchResult.Cue] {
        try lock.withLock { lines }.map { DriveBenchResult.Cue(entry: try CueLogEntry(jsonLine: $0.text), seenAt: $0.at) }
    }
}
