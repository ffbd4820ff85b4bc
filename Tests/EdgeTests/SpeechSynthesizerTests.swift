import Dispatch
import Glibc
import Speech
import XCTest

/// espeak-ng synthesis to memory: durations, word starts, voices, rates, plain-text safety, concurrency, speed.
final class SpeechSynthesizerTests: XCTestCase {
    private let cue = "In 500 meters, turn left"

    func test_turnLeftIn500Meters_lasts1To4SecondsOfAudibleSpeechWithWordStarts() throws {
        let speech = try SpeechSynthesizer().synthesize(cue)
        print("speech: \"\(cue)\" lasts \(speech.duration) s at \(speech.sampleRate) Hz, word starts \(speech.wordStarts)")
        XCTAssertEqual(speech.sampleRate, 22050, "Debian 12's espeak-ng synthesizes at 22050 Hz")
        XCTAssertTrue((1.0...4.0).contains(speech.duration), "\(speech.duration) s")
        XCTAssertGreaterThan(Self.rms(speech.samples), 500, "speech is audible, not silence")
        XCTAssertGreaterThanOrEqual(speech.wordStarts.count, 4, "In / 500 / meters / turn / left")
        XCTAssertTrue(zip(speech.wordStarts, speech.wordStarts.dropFirst()).allSatisfy(<), "strictly ascending")
        XCTAssertLessThan(speech.wordStarts.last ?? .max, speech.samples.count)
        // The last word ("left") starts in the last second, not at the beginning.
        XCTAssertGreaterThan(speech.wordStarts.last ?? 0, speech.samples.count / 2)
    }

    func test_longerSentence_lastsLonger() throws {
        let synthesizer = try SpeechSynthesizer()
        let short = try synthesizer.synthesize(cue)
        let long = try synthesizer.synthesize("In 500 meters, turn left onto Main Street, then take the second exit")
        XCTAssertGreaterThan(long.duration, short.duration + 1.0)
        XCTAssertGreaterThan(long.wordStarts.count, short.wordStarts.count)
    }

    func test_sameText_givesSameTiming() throws {
        let synthesizer = try SpeechSynthesizer()
        Self.assertSameTiming(try synthesizer.synthesize(cue), try synthesizer.synthesize(cue), cue)
    }

    func test_unknownVoice_throwsNotFoundNamingTheVoice() {
        XCTAssertThrowsError(try SpeechSynthesizer(voice: "xx-nosuchvoice")) { error in
            guard let error = error as? SpeechError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .notFound)
            XCTAssertTrue(error.message.contains("\"xx-nosuchvoice\""), error.message)
        }
        // espeak-ng is still usable afterwards.
        XCTAssertGreaterThan((try? SpeechSynthesizer().synthesize("left").duration) ?? 0, 0.1)
    }

    func test_malformedVoiceNames_areRejectedBeforeEspeak() {
        for name in ["", "../../../etc/passwd", "en\0", String(repeating: "e", count: 41), "en us"] {
            XCTAssertThrowsError(try SpeechSynthesizer(voice: name), name) { error in
                XCTAssertEqual((error as? SpeechError)?.code, .invalidArgument, "\(error)")
            }
        }
    }

    func test_germanVoice_speaksGermanCue() throws {
        let speech = try SpeechSynthesizer(voice: "de").synthesize("In 500 Metern links abbiegen")
        print("speech: de \"In 500 Metern links abbiegen\" lasts \(speech.duration) s")
        XCTAssertTrue((1.0...5.0).contains(speech.duration), "\(speech.duration) s")
        XCTAssertGreaterThanOrEqual(speech.wordStarts.count, 4)
        XCTAssertGreaterThan(Self.rms(speech.samples), 500)
    }

    func test_twoVoicesInterleaved_eachSoundsAsWhenAlone() throws {
        let english = try SpeechSynthesizer(voice: "en")
        let german = try SpeechSynthesizer(voice: "de")
        let englishAlone = try english.synthesize("Turn left")
        let germanAlone = try german.synthesize("Turn left")
        XCTAssertNotEqual(englishAlone.samples, germanAlone.samples, "the voice is part of each synthesizer")
        Self.assertSameTiming(try english.synthesize("Turn left"), englishAlone, "en after de")
        Self.assertSameTiming(try german.synthesize("Turn left"), germanAlone, "de after en")
    }

    func test_rate_changesDuration_andOutOfRangeRateThrows() throws {
        let slow = try SpeechSynthesizer(wordsPerMinute: 120).synthesize(cue)
        let fast = try SpeechSynthesizer(wordsPerMinute: 300).synthesize(cue)
        print("speech: 120 wpm \(slow.duration) s, 300 wpm \(fast.duration) s")
        XCTAssertGreaterThan(slow.duration, fast.duration * 1.5)
        Self.assertSameTiming(try SpeechSynthesizer(wordsPerMinute: 175).synthesize(cue),
                              try SpeechSynthesizer().synthesize(cue), "175 wpm is the default")
        for rate in [0, 79, 451] {
            XCTAssertThrowsError(try SpeechSynthesizer(wordsPerMinute: rate)) { error in
                XCTAssertEqual((error as? SpeechError)?.code, .invalidArgument, "\(error)")
            }
        }
    }

    func test_emptyAndWhitespaceText_giveNoSamples() throws {
        let synthesizer = try SpeechSynthesizer()
        for text in ["", " ", "\n\t  "] {
            let speech = try synthesizer.synthesize(text)
            XCTAssertEqual(speech.samples.count, 0)
            XCTAssertEqual(speech.duration, 0)
            XCTAssertEqual(speech.wordStarts, [])
        }
    }

    /// espeak's phoneme input (`[[...]]` with espeakPHONEMES) would say "hello"; as plain text it spells symbols.
    func test_phonemeMarkupInRoadName_isSpokenAsCharacters() throws {
        let synthesizer = try SpeechSynthesizer()
        let hello = try synthesizer.synthesize("hello")
        let markup = try synthesizer.synthesize("[[h@l'oU]]")
        print("speech: \"hello\" \(hello.duration) s, \"[[h@l'oU]]\" \(markup.duration) s, \(markup.wordStarts.count) words")
        XCTAssertGreaterThan(markup.duration, 2 * hello.duration)
        XCTAssertGreaterThanOrEqual(markup.wordStarts.count, 3)
    }

    /// With espeakSSML, `<break time="10s"/>` would be ten seconds of silence and `<audio>` a file reference;
    /// as plain text both are short spoken words.
    func test_ssmlMarkupInRoadName_isSpokenAsCharacters() throws {
        let synthesizer = try SpeechSynthesizer()
        let pause = try synthesizer.synthesize("Turn left onto <break time=\"10s\"/> Street")
        let audio = try synthesizer.synthesize("<audio src=\"/etc/passwd\"/>")
        print("speech: break markup \(pause.duration) s, audio markup \(audio.duration) s")
        XCTAssertLessThan(pause.duration, 8, "no 10 s SSML break")
        XCTAssertGreaterThanOrEqual(pause.wordStarts.count, 5)
        XCTAssertGreaterThan(audio.duration, 1.0)
        XCTAssertGreaterThanOrEqual(audio.wordStarts.count, 4)
        XCTAssertGreaterThan(Self.rms(audio.samples), 500)
    }

    func test_controlCharacters_doNotCutTheText() throws {
        let synthesizer = try SpeechSynthesizer()
        let plain = try synthesizer.synthesize("turn left now")
        let withNul = try synthesizer.synthesize("turn\0left\u{7}now")
        XCTAssertEqual(withNul.wordStarts.count, plain.wordStarts.count)
        XCTAssertEqual(withNul.duration, plain.duration, accuracy: 0.3)
    }

    func test_synthesisFromManyThreads_matchesSequentialResults() throws {
        let texts = ["Turn left", "In 200 meters, turn right", "Now keep left", "You have arrived"]
        let english = try SpeechSynthesizer()
        let german = try SpeechSynthesizer(voice: "de")
        let expected = try texts.map { try english.synthesize($0) } + texts.map { try german.synthesize($0) }
        let results = ResultBox(count: expected.count)
        DispatchQueue.concurrentPerform(iterations: expected.count) { index in
            let synthesizer = index < texts.count ? english : german
            results.set(index, try? synthesizer.synthesize(texts[index % texts.count]))
        }
        for index in expected.indices {
            // espeak-ng carries some state from one utterance to the next, so which utterance the engine's lock let
            // in before changes a duration by up to about 25 ms (German "Turn left": 0.666 s against 0.690 s, in about
            // one run of six). Garbled speech from a race is off by far more, and has other word counts.
            Self.assertSameTiming(results.get(index), expected[index], "text \(index)", slack: 0.04)
        }
    }

    /// Prints how many seconds of speech espeak-ng makes per second of CPU (median of 5 runs).
    func test_synthesisSpeed_isFasterThanRealTime() throws {
        let synthesizer = try SpeechSynthesizer()
        let text = "In 500 meters, turn left onto Main Street, then keep right towards the airport"
        var ratios: [Double] = []
        for _ in 0..<5 {
            let start = Self.threadCPUSeconds()
            let speech = try synthesizer.synthesize(text)
            let cpu = Self.threadCPUSeconds() - start
            ratios.append(speech.duration / max(cpu, 1e-6))
        }
        let median = ratios.sorted()[ratios.count / 2]
        print("speech: synthesis speed \(String(format: "%.1f", median)) s of speech per CPU second (median of 5)")
        XCTAssertGreaterThan(median, 1.0)
    }

    /// Asserts two syntheses of the same text agree in timing: espeak-ng's output for one text varies by a few
    /// milliseconds between calls, so samples are not compared, only word count and duration (within 2 %).
    private static func assertSameTiming(_ speech: SynthesizedSpeech?, _ expected: SynthesizedSpeech, _ label: String,
                                         slack: Double = 0.005, file: StaticString = #filePath, line: UInt = #line) {
        guard let speech else { return XCTFail("\(label): no speech", file: file, line: line) }
        XCTAssertEqual(speech.wordStarts.count, expected.wordStarts.count, label, file: file, line: line)
        XCTAssertEqual(speech.duration, expected.duration, accuracy: expected.duration * 0.02 + slack, label,
                       file: file, line: line)
    }

    private static func rms(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Results written from `concurrentPerform` workers, each to its own slot, under a lock.
private final class ResultBox: @unchecked Sendable {
    private var values: [SynthesizedSpeech?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: SynthesizedSpeech?) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> SynthesizedSpeech? { lock.withLock { values[index] } }
}
