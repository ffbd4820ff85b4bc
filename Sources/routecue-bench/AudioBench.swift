import ALSAOutput
import EventLoopKit
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
    print(String(format: "  CPU per second of speech played %.1f ms (%.1f s of pre-rendered speech)",
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
