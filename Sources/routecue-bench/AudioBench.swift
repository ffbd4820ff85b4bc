import ALSAOutput
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import Synchronization

/// `routecue-bench audio [--device PCM] [--cues N]`: from a cue becoming due to its first sample handed to ALSA,
/// p50 and p99, for a pre-rendered (cached) cue and for a cache miss (synthesis on demand), next to the
/// command-line approach of spawning `espeak-ng --stdout` per cue; espeak-ng's real-time factor; CPU per second
/// of speech played. All in one run on the same device.
func audioBench(_ arguments: [String]) {
    var device = "null"
    var count = 40
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--device" where index + 1 < arguments.count: device = arguments[index + 1]; index += 1
        case "--cues" where index + 1 < arguments.count: count = max(5, Int(arguments[index + 1]) ?? count); index += 1
        default: fail("audio: unknown argument '\(arguments[index])'", status: 2)
        }
        index += 1
    }
    let texts = (0..<count).map { BenchCues.text($0) }
    let bench = AudioPathBench(device: device)
    let cached = bench.dueToFirstSample(texts, prerendered: true)
    let onDemand = bench.dueToFirstSample(texts.map { $0 + " Then keep right." }, prerendered: false)
    let played = Array(texts.prefix(8))
    let (cpuPerSecond, spokenSeconds) = bench.cpuPerSecondOfSpeech(played)
    bench.stop()
    let aplay = aplayCPUPerSecond(played, device: device)
    let spawned = SpawnedSpeechBaseline(device: device).dueToFirstSample(texts)
    let factor = realTimeFactor(texts)

    print("bench audio: \(count) cues on ALSA PCM \"\(device)\" (held open), due → first sample handed to ALSA")
    for (name, values) in [("cached (pre-rendered)", cached), ("cache miss (synth now)", onDemand),
                           ("spawn espeak-ng --stdout", spawned)] {
        print(String(format: "  %-28@ p50 %7.2f ms  p99 %7.2f ms", name as NSString, percentile(values, 0.5) * 1000,
                     percentile(values, 0.99) * 1000))
    }
    print(String(format: "  spawn ÷ cached: p50 %.0f×, p99 %.0f×;  spawn ÷ cache miss: p50 %.1f×, p99 %.1f×",
                 percentile(spawned, 0.5) / percentile(cached, 0.5), percentile(spawned, 0.99) / percentile(cached, 0.99),
                 percentile(spawned, 0.5) / percentile(onDemand, 0.5), percentile(spawned, 0.99) / percentile(onDemand, 0.99)))
    print(String(format: "  synthesis real-time factor %.4f (espeak-ng %.0f× faster than speech)", factor, 1 / factor))
    print(String(format: "  CPU per second of speech played %.1f ms (%.1f s of speech, synthesis included)",
                 cpuPerSecond * 1000, spokenSeconds))
    if let aplay {
        print(String(format: "  reference: aplay playing the same speech (22050 Hz mono WAV) on the same PCM %.1f ms per second; RouteCue ÷ aplay %.1f×",
                     aplay * 1000, cpuPerSecond / aplay))
    }
}

/// Realistic cue texts, each different so none is cached by accident.
enum BenchCues {
    static let streets = ["Main Street", "Elm Street", "Bahnhofstrasse", "Oak Avenue", "Station Road", "High Street",
                          "Church Lane", "Park Avenue", "Mill Road", "King's Road"]
    static func text(_ i: Int) -> String {
        let distances = [200, 300, 400, 500, 800]
        let turn = i % 2 == 0 ? "turn left" : "turn right"
        return "In \(distances[i % distances.count]) meters, \(turn) onto \(streets[i % streets.count]) \(i / streets.count + 1)."
    }
}

/// The p-th quantile (nearest rank) of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}

/// Seconds of synthesis per second of speech, over `texts`.
private func realTimeFactor(_ texts: [String]) -> Double {
    guard let synthesizer = try? SpeechSynthesizer(voice: "en-us") else { fail("espeak-ng voice en-us missing") }
    var synthesis = 0.0, speech = 0.0
    for text in texts {
        let start = MonotonicClock.nanoseconds()
        guard let result = try? synthesizer.synthesize(text) else { continue }
        synthesis += Double(MonotonicClock.nanoseconds() - start) / 1e9
        speech += result.duration
    }
    return speech > 0 ? synthesis / speech : 0
}

/// CPU seconds per second of speech of `aplay` playing `texts` (synthesized into one WAV) on `device`, or nil
/// when aplay (alsa-utils) is missing or fails.
private func aplayCPUPerSecond(_ texts: [String], device: String) -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/aplay"),
          let synthesizer = try? SpeechSynthesizer(voice: "en-us") else { return nil }
    let path = NSTemporaryDirectory() + "routecue-bench-\(getpid()).wav"
    defer { unlink(path) }
    var seconds = 0.0
    do {
        let writer = try WAVFileWriter(path: path, sampleRate: synthesizer.sampleRate)
        for text in texts {
            let speech = try synthesizer.synthesize(text)
            try writer.append(speech.samples)
            seconds += speech.duration
        }
        try writer.finish()
    } catch {
        return nil
    }
    let before = processCPUSeconds(RUSAGE_CHILDREN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/aplay")
    process.arguments = ["-q", "-D", device, path]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0, seconds > 0 else { return nil }
    return (processCPUSeconds(RUSAGE_CHILDREN) - before) / seconds
}

/// CPU time (user + system) of this process (or of its finished children), in seconds.
private func processCPUSeconds(_ who: __rusage_who = RUSAGE_SELF) -> Double {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// RouteCue's own path: `AudioOutputService` on the loop, the device held open.
final class AudioPathBench: Sendable {
    /// Every report of the service, in order.
    private final class ReportLog: Sendable {
        let reports = Mutex<[AudioOutputService.Report]>([])
    }

    private let service: AudioOutputService
    private let log = ReportLog()
    private let voice = VoiceSettings(voice: "en-us")
    private let nextID = Atomic<Int>(1)

    init(device: String) {
        let settings = AudioOutputService.Settings(device: PCMRequest(device: device), voice: voice,
                                                   routeTiming: AudioRouteTiming(outputLatency: 0), cacheBytes: 64 << 20,
                                                   idleHold: 30)
        let log = self.log
        let made = blockingOnLoop { () -> AudioOutputService? in
            guard let service = try? AudioOutputService(settings: settings) else { return nil }
            service.onReport = { report in log.reports.withLock { $0.append(report) }}
            service.openAhead()
            return service
        }
        guard let made else { fail("audio: the speech thread could not start") }
        service = made
        guard wait(5, for: { reports in reports.contains { if case .deviceOpened = $0 { true } else { false } } }) else {
            fail("audio: PCM \"\(device)\" did not open: \(log.reports.withLock { $0 })")
        }
    }

    /// Due → first sample of each text, played one at a time (each stopped once its first sample is out).
    func dueToFirstSample(_ texts: [String], prerendered: Bool) -> [Double] {
        if prerendered {
            let service = self.service
            blockingOnLoop { service.prerender(texts) }
            guard wait(30, for: { [cache = service.cache, voice] _ in texts.allSatisfy { cache.contains($0, settings: voice) } }) else {
                fail("audio: pre-rendering did not finish in 30 s")
            }
        }
        var latencies: [Double] = []
        for text in texts {
            let id = nextID.add(1, ordering: .relaxed).oldValue
            let service = self.service
            blockingOnLoop {
                service.perform(.enqueue(OutputRequest(id: id, content: .speech(text: text, language: "en-US"), priority: .guidance)))
            }
            var latency: Double?
            _ = wait(10) { reports in
                for case .firstSample(id, let seconds, _) in reports { latency = seconds; return true }
                return false
            }
            blockingOnLoop { _ = service.perform(.stopAndClear) }
            _ = wait(10) { reports in reports.contains { if case .output(.didPlay(id, _)) = $0 { true } else { false } } }
            if let latency { latencies.append(latency) }
        }
        return latencies
    }

    /// CPU seconds of this process per second of speech, playing `texts` to their end (synthesis included).
    func cpuPerSecondOfSpeech(_ texts: [String]) -> (Double, Double) {
        let before = processCPUSeconds()
        var seconds = 0.0
        for text in texts {
            let id = nextID.add(1, ordering: .relaxed).oldValue
            let service = self.service
            blockingOnLoop {
                service.perform(.enqueue(OutputRequest(id: id, content: .speech(text: text, language: "en-US"), priority: .guidance)))
            }
            _ = wait(30) { reports in reports.contains { if case .output(.didPlay(id, _)) = $0 { true } else { false } } }
            seconds += service.cache.speech(for: text, settings: voice)?.duration ?? 0
        }
        return ((processCPUSeconds() - before) / max(seconds, 0.001), seconds)
    }

    func stop() {
        let service = self.service
        blockingOnLoop { service.shutdown() }
    }

    private func wait(_ timeout: Double, for match: ([AudioOutputService.Report]) -> Bool) -> Bool {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < end {
            if log.reports.withLock({ match($0) }) { return true }
            usleep(500)
        }
        return false
    }
}

/// Runs `body` on the event loop and waits for its result (the bench's main thread is not on the loop).
@discardableResult
func blockingOnLoop<T: Sendable>(_ body: @escaping @RouteCueLoop @Sendable () -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task { @RouteCueLoop in
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// The command-line approach: spawn `espeak-ng --stdout` per cue, read its WAV from the pipe, and hand the first
/// period of samples to an ALSA PCM already open (generous to it: an app piping to `aplay` also opens the device).
struct SpawnedSpeechBaseline {
    let device: String

    func dueToFirstSample(_ texts: [String]) -> [Double] {
        guard let pcm = try? PCMDevice(request: PCMRequest(device: device, rate: 22050, channels: 1)) else {
            fail("audio: PCM \"\(device)\" did not open for the baseline")
        }
        var latencies: [Double] = []
        for text in texts {
            let due = MonotonicClock.nanoseconds()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
            process.arguments = ["--stdout", "-v", "en-us", text]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { fail("audio: cannot run espeak-ng (Debian package espeak-ng): \(error)") }
            // The WAV header (44 bytes) and one period of samples.
            let wanted = 44 + 2 * pcm.configuration.periodFrames
            var bytes = Data()
            while bytes.count < wanted {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            let samples = bytes.dropFirst(44).prefix(2 * pcm.configuration.periodFrames).withUnsafeBytes {
                Array($0.bindMemory(to: Int16.self))
            }
            _ = try? pcm.write(samples[...])
            latencies.append(Double(MonotonicClock.nanoseconds() - due) / 1e9)
            _ = try? pcm.dropAndPrepare()
            process.terminate()
            process.waitUntilExit()
        }
        return latencies
    }
}
