import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import Speech

// `routecue-bench names ROUTECUE [--device PCM] [--epochs N] [--rounds N]`: street names in their own language's voice
// (issue 16). (1) Synthesis time of an English cue whose German street name is switched to the German voice, against
// the same cue read by the English voice alone (`names.pronounce: guidance`), each cue with a different name, rounds
// alternating the two. (2) The speech cache's hit rate on a drive: the example drive's first N epochs fed through a
// real gpsd into `routecue run` (English voice, `names.language: de`), once with names switched and once without,
// counting the cues that started from pre-rendered speech (the daemon's debug log says it for each).

/// German street names, each cue about another one so nothing is reused across cues.
private let germanStreets = ["Ringstraße", "Mühlweg", "Bahnhofstraße", "Grüner Weg", "Kölner Straße", "Lindenallee",
                             "Schillerstraße", "Am Kolk", "Friedenstraße", "Düsseldorfer Straße", "Sternbuschweg",
                             "Mülheimer Straße", "Goethestraße", "Kirchplatz", "Hauptstraße", "Lotharstraße",
                             "Koloniestraße", "Waldweg", "Grabenstraße", "Neudorfer Straße"]

func namesBench(_ arguments: [String]) {
    var binary = ""
    var device = "null"
    var epochs = 150
    var rounds = 5
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--device" where index + 1 < arguments.count: device = arguments[index + 1]; index += 1
        case "--epochs" where index + 1 < arguments.count: epochs = max(30, Int(arguments[index + 1]) ?? epochs); index += 1
        case "--rounds" where index + 1 < arguments.count: rounds = max(1, Int(arguments[index + 1]) ?? rounds); index += 1
        default:
            guard binary.isEmpty else { fail("names: unknown argument '\(arguments[index])'", status: 2) }
            binary = arguments[index]
        }
        index += 1
    }
    guard !binary.isEmpty else { fail("names needs the routecue binary", status: 2) }
    namesVoiceListCost()
    namesSynthesisRatio(rounds: rounds)
    namesCacheHitRate(binary: binary, device: device, epochs: epochs)
}

/// What `NameVoices.installed()` costs the daemon once, at start-up: espeak-ng's voice list read after espeak-ng is
/// initialized (the audio service initializes it anyway), in a fresh process.
private func namesVoiceListCost() {
    do { _ = try SpeechSynthesizer(voice: "en-us") } catch { fail("names: \(error)") }
    let start = MonotonicClock.nanoseconds()
    let voices = NameVoices.installed()
    let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
    print(String(format: "bench names: the installed voices by language read once per process (at start-up) in %.2f ms%@",
                 seconds * 1000, voices.voice(for: "de") == nil ? " (no German voice!)" : ""))
}

/// (1) Seconds to synthesize each cue, switched and not, as p50 and the ratio.
private func namesSynthesisRatio(rounds: Int) {
    let pack: PhrasePack
    do {
        guard let library = try PhrasePackLibrary.open(nil) else { fail("names: no phrase packs found (run from the repository)") }
        pack = try library.resolve(LanguageTag("en-US")).pack
    } catch {
        fail("names: \(error)")
    }
    let native = CueWording(pack: pack, names: NamePronunciation(mode: .native, voices: .installed()))
    let guidance = CueWording(pack: pack, names: NamePronunciation(mode: .guidance, voices: .installed()))
    func text(_ wording: CueWording, _ street: String, _ k: Int) -> String {
        var maneuver = Maneuver(type: .turn, modifier: k % 2 == 0 ? .left : .right,
                                location: Coordinate(latitude: 51.46, longitude: 6.76),
                                provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: k, sourcePath: "bench"))
        maneuver.roadName = street
        maneuver.nameLanguage = "de"
        let distance = SpokenDistances.nearest(toMetres: Double([200, 300, 400, 500][k % 4]), in: .metric)
        return wording.text(for: CuePhraseRequest(subject: .maneuver(maneuver, stage: .distance, distance: distance,
                                                                     then: nil, landmark: nil)), units: .metric)
    }
    let synthesizer: SpeechSynthesizer
    do { synthesizer = try SpeechSynthesizer(settings: VoiceSettings(voice: pack.voice)) } catch { fail("names: \(error)") }
    func seconds(_ body: () throws -> SynthesizedSpeech) -> (wall: Double, spoken: Double) {
        let start = MonotonicClock.nanoseconds()
        guard let speech = try? body() else { fail("names: synthesis failed") }
        return (Double(MonotonicClock.nanoseconds() - start) / 1e9, speech.duration)
    }
    var switched: [Double] = [], plain: [Double] = [], switchedSpoken: [Double] = [], plainSpoken: [Double] = []
    _ = seconds { try synthesizer.synthesize(text(native, "Ringstraße", 0), markup: .ssml) } // loads the German voice once
    for round in 0..<rounds {
        for (k, street) in germanStreets.enumerated() {
            let a = text(native, street, k), b = text(guidance, street, k)
            guard native.markup(of: a) == .ssml, guidance.markup(of: b) == .plain else { fail("names: \(a) / \(b) not as expected") }
            // Alternate which goes first, so neither always runs on a warm cache.
            let order = (round + k) % 2 == 0
            if order { let s = seconds { try synthesizer.synthesize(a, markup: .ssml) }; switched.append(s.wall); switchedSpoken.append(s.spoken) }
            let p = seconds { try synthesizer.synthesize(b, markup: .plain) }
            plain.append(p.wall)
            plainSpoken.append(p.spoken)
            if !order { let s = seconds { try synthesizer.synthesize(a, markup: .ssml) }; switched.append(s.wall); switchedSpoken.append(s.spoken) }
        }
    }
    print("bench names: \(germanStreets.count) English cues about German streets (\"In 300 meters, turn left onto Mühlweg\"), \(rounds) rounds")
    print(String(format: "  synthesis, name in the German voice: p50 %.2f ms  p95 %.2f ms (%.2f s of speech p50)",
                 percentile(switched, 0.5) * 1000, percentile(switched, 0.95) * 1000, percentile(switchedSpoken, 0.5)))
    print(String(format: "  synthesis, all in the English voice: p50 %.2f ms  p95 %.2f ms (%.2f s of speech p50)",
                 percentile(plain, 0.5) * 1000, percentile(plain, 0.95) * 1000, percentile(plainSpoken, 0.5)))
    print(String(format: "  switched ÷ not switched: p50 %.2f×, p95 %.2f×; per second of speech p50 %.2f×",
                 percentile(switched, 0.5) / percentile(plain, 0.5), percentile(switched, 0.95) / percentile(plain, 0.95),
                 (percentile(switched, 0.5) / percentile(switchedSpoken, 0.5)) / (percentile(plain, 0.5) / percentile(plainSpoken, 0.5))))
}

/// (2) The example drive through gpsd and `routecue run`, names switched and not: cues started from the speech cache.
private func namesCacheHitRate(binary: String, device: String, epochs: Int) {
    guard GPSDProcess.isInstalled else {
        print("  cache hit rate on a drive: SKIPPED, gpsd is not installed (Debian package gpsd)")
        return
    }
    guard let text = try? String(contentsOfFile: "examples/grid-trip-drive.nmea", encoding: .utf8) else {
        fail("names: examples/grid-trip-drive.nmea not found (run from the repository)")
    }
    let drive = Array(NMEAFeeder.epochs(ofNMEA: text).prefix(epochs))
    print("  cache hit rate on the example drive (\(drive.count) s through gpsd and routecue run, English voice, names.language de):")
    for pronounce in NamePronunciation.Mode.allCases {
        let directory = NSTemporaryDirectory() + "routecue-bench-names-\(getpid())-\(pronounce.rawValue)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/routecue.json"
        let log = directory + "/routecue.log"
        let cues = directory + "/cues.jsonl"
        do {
            try #"{"names": {"language": "de", "pronounce": "\#(pronounce.rawValue)"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
            let feeder = try NMEAFeeder(epochs: drive)
            defer { feeder.stop() }
            let gpsd = try GPSDProcess(feedPort: feeder.port)
            defer { gpsd.stop() }
            let daemon = spawn(binary, ["run", "--route", "examples/grid-trip.osrm.json", "--gpsd", "127.0.0.1:\(gpsd.port)",
                                        "--device", device, "--cues", cues, "--bus", "none", "--config", config,
                                        "--log-level", "debug"], environment: [:], stderr: log)
            let end = MonotonicClock.nanoseconds() + UInt64(Double(drive.count + 5) * 1e9)
            while MonotonicClock.nanoseconds() < end, daemon.isRunning { usleep(200_000) }
            if daemon.isRunning { daemon.terminate() }
            daemon.waitUntilExit()
        } catch {
            fail("names: \(error)")
        }
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        let hits = lines.filter { $0.contains("first sample") && $0.contains("pre-rendered") }.count
        let misses = lines.filter { $0.contains("first sample") && $0.contains("synthesized on demand") }.count
        let spoken = ((try? String(contentsOfFile: cues, encoding: .utf8)) ?? "").split(separator: "\n")
        let switched = spoken.filter { $0.contains("\"spoken\"") && $0.contains("<voice name=") }.count
        let total = hits + misses
        print(String(format: "    names.pronounce %-8@ %2d cues started, %2d from the cache: hit rate %.0f %%; %d cues with a switched name",
                     pronounce.rawValue as NSString, total, hits, total == 0 ? 0 : 100 * Double(hits) / Double(total), switched))
        if total == 0 {
            print("    routecue run said:\n" + lines.suffix(10).map { "      " + $0 }.joined(separator: "\n"))
        }
    }
}
