import EventLoopKit
import Glibc
import Speech
import XCTest

/// Voice settings on real espeak-ng through the speech thread: volume, pitch, rate, variants, bad settings.
final class SpeechVoiceSettingsTests: XCTestCase {
    private let cue = "In 500 meters, turn left onto Main Street"

    func test_volume_scalesThePeakLevel() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let quiet = try SpeechSignal.wait(thread, cue, VoiceSettings(volume: 40))
        let normal = try SpeechSignal.wait(thread, cue, VoiceSettings())
        let loud = try SpeechSignal.wait(thread, cue, VoiceSettings(volume: 160))
        let levels = [quiet, normal, loud].map { SpeechSignal.rms($0.samples) }
        print("speech: volume 40/100/160 peak \(SpeechSignal.peak(quiet.samples))/\(SpeechSignal.peak(normal.samples))/\(SpeechSignal.peak(loud.samples)), rms \(levels.map { Int($0) })")
        XCTAssertLessThan(SpeechSignal.peak(quiet.samples), SpeechSignal.peak(normal.samples) * 7 / 10)
        XCTAssertLessThan(levels[0], levels[1] * 0.6)
        XCTAssertGreaterThan(levels[2], levels[1] * 1.2)
        // Volume changes loudness, not timing.
        XCTAssertEqual(quiet.duration, normal.duration, accuracy: normal.duration * 0.03)
    }

    func test_pitch_changesTheFundamental() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let low = try SpeechSignal.wait(thread, cue, VoiceSettings(pitch: 10))
        let normal = try SpeechSignal.wait(thread, cue, VoiceSettings())
        let high = try SpeechSignal.wait(thread, cue, VoiceSettings(pitch: 90))
        let f0 = [low, normal, high].map { SpeechSignal.fundamentalHz($0) }
        print("speech: pitch 10/50/90 → median F0 \(f0.map { Int($0) }) Hz, zero crossings/s \([low, normal, high].map { Int(SpeechSignal.zeroCrossingRate($0)) })")
        XCTAssertGreaterThan(f0[1], f0[0] * 1.1)
        XCTAssertGreaterThan(f0[2], f0[1] * 1.1)
        XCTAssertTrue((50...500).contains(f0[1]), "a speaking voice's F0: \(f0[1]) Hz")
    }

    func test_rate_changesDuration() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let slow = try SpeechSignal.wait(thread, cue, VoiceSettings(wordsPerMinute: 120))
        let fast = try SpeechSignal.wait(thread, cue, VoiceSettings(wordsPerMinute: 300))
        print("speech: 120 wpm \(slow.duration) s, 300 wpm \(fast.duration) s")
        XCTAssertGreaterThan(slow.duration, fast.duration * 1.5)
        XCTAssertEqual(slow.wordStarts.count, fast.wordStarts.count)
    }

    func test_femaleVariant_speaksHigherThanTheDefaultVoice() throws {
        XCTAssertTrue(try SpeechVoices.variants().contains("f3"), "espeak-ng-data has the f3 variant")
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let plain = try SpeechSignal.wait(thread, cue, VoiceSettings(voice: "en"))
        let female = try SpeechSignal.wait(thread, cue, VoiceSettings(voice: "en", variant: "f3"))
        let written = try SpeechSignal.wait(thread, cue, VoiceSettings(voice: "en+f3"))
        let f0 = [plain, female, written].map { SpeechSignal.fundamentalHz($0) }
        print("speech: en F0 \(Int(f0[0])) Hz, en+f3 F0 \(Int(f0[1])) Hz (\(Int(f0[2])) Hz written as one name)")
        XCTAssertGreaterThan(f0[1], f0[0] * 1.3)
        XCTAssertEqual(f0[2], f0[1], accuracy: f0[1] * 0.1)
        XCTAssertEqual(VoiceSettings(voice: "en+f3"), VoiceSettings(voice: "en", variant: "f3"))
    }

    func test_ssmlMarkupInSettings_isInterpreted_andPlainSettingsAfterItAreUnchanged() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let plainBefore = try SpeechSignal.wait(thread, "Turn left", VoiceSettings())
        let ssml = try SpeechSignal.wait(thread, "<speak>Turn <break time=\"1500ms\"/> left</speak>", VoiceSettings(markup: .ssml))
        let plainAfter = try SpeechSignal.wait(thread, "Turn left", VoiceSettings())
        print("speech: \"Turn left\" \(plainBefore.duration) s, with a 1.5 s SSML break \(ssml.duration) s")
        XCTAssertGreaterThan(ssml.duration, plainBefore.duration + 1.2)
        XCTAssertEqual(plainAfter.duration, plainBefore.duration, accuracy: plainBefore.duration * 0.03 + 0.03)
    }

    func test_badVoiceOrVariantOrRange_failsClearly_andTheThreadKeepsWorking() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let bad: [(VoiceSettings, SpeechError.Code, String)] = [
            (VoiceSettings(voice: "xx-nosuchvoice"), .notFound, "\"xx-nosuchvoice\""),
            (VoiceSettings(voice: "en", variant: "nosuchvariant"), .notFound, "\"nosuchvariant\""),
            (VoiceSettings(voice: "en", variant: "../../etc/passwd"), .invalidArgument, "variant"),
            (VoiceSettings(voice: "en us"), .invalidArgument, "voice"),
            (VoiceSettings(volume: 201), .invalidArgument, "volume 201"),
            (VoiceSettings(pitch: -1), .invalidArgument, "pitch -1"),
            (VoiceSettings(wordsPerMinute: 20), .invalidArgument, "rate 20"),
        ]
        for (settings, code, named) in bad {
            let result = SpeechSignal.result(thread, "turn left", settings)
            guard case .failure(let error) = result else { XCTFail("\(settings) synthesized"); continue }
            print("speech: \(settings) → \(error)")
            XCTAssertEqual(error.code, code, "\(settings)")
            XCTAssertTrue(error.message.contains(named), error.message)
            let after = try SpeechSignal.wait(thread, "turn left", VoiceSettings())
            XCTAssertGreaterThan(after.duration, 0.3, "the thread still speaks after \(settings)")
        }
        XCTAssertThrowsError(try SpeechSynthesizer(voice: "en+nosuchvariant")) { error in
            XCTAssertEqual((error as? SpeechError)?.code, .notFound)
        }
    }
}

/// Measurements of synthesized speech and a blocking wait on a speech thread, for the Speech*Tests.
enum SpeechSignal {
    /// The thread's result for `text`, waited for (at most 60 s).
    static func result(_ thread: SpeechThread, _ text: String, _ settings: VoiceSettings,
                       urgency: SpeechUrgency = .now) -> Result<SynthesizedSpeech, SpeechError> {
        let done = SpeechResultSlot()
        thread.synthesize(text, settings: settings, urgency: urgency) { done.fill($0) }
        return done.wait(seconds: 60) ?? .failure(SpeechError(code: .internalError, message: "timed out"))
    }

    /// The thread's speech for `text`, waited for; throws its error.
    static func wait(_ thread: SpeechThread, _ text: String, _ settings: VoiceSettings) throws -> SynthesizedSpeech {
        try result(thread, text, settings).get()
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    static func rms(_ samples: [Int16]) -> Double { rms(samples[...]) }

    static func peak(_ samples: [Int16]) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    /// Sign changes per second over the whole speech.
    static func zeroCrossingRate(_ speech: SynthesizedSpeech) -> Double {
        let crossings = zip(speech.samples, speech.samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / max(speech.duration, 1e-9)
    }

    /// The median fundamental frequency of the voiced 40 ms frames (normalised autocorrelation peak between
    /// 60 and 500 Hz, frames louder than a third of the speech's RMS with a clear periodicity).
    static func fundamentalHz(_ speech: SynthesizedSpeech) -> Double {
        let rate = speech.sampleRate
        let frame = rate / 25
        let loud = rms(speech.samples) / 3
        let minLag = rate / 500
        let maxLag = rate / 60
        var estimates: [Double] = []
        var start = 0
        while start + frame + maxLag <= speech.samples.count {
            let window = speech.samples[start..<(start + frame)].map(Double.init)
            defer { start += frame / 2 }
            guard rms(speech.samples[start..<(start + frame)]) > loud else { continue }
            let energy = window.reduce(0) { $0 + $1 * $1 }
            var best = (lag: 0, score: 0.0)
            for lag in minLag...maxLag {
                var sum = 0.0
                var shiftedEnergy = 0.0
                for index in 0..<frame {
                    let shifted = Double(speech.samples[start + index + lag])
                    sum += window[index] * shifted
                    shiftedEnergy += shifted * shifted
                }
                let score = sum / max((energy * shiftedEnergy).squareRoot(), 1)
                if score > best.score { best = (lag, score) }
            }
            if best.score > 0.5 { estimates.append(Double(rate) / Double(best.lag)) }
        }
        guard !estimates.isEmpty else { return 0 }
        return estimates.sorted()[estimates.count / 2]
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One result delivered from another thread, waited for by polling.
final class SpeechResultSlot: Sendable {
    private let value = LockedValue<Result<SynthesizedSpeech, SpeechError>?>(nil)
    /// Seconds on the monotonic clock when the result arrived.
    private let arrival = LockedValue<Double?>(nil)

    func fill(_ result: Result<SynthesizedSpeech, SpeechError>) {
        arrival.withLock { $0 = SpeechSignal.now() }
        value.withLock { $0 = result }
    }

    var result: Result<SynthesizedSpeech, SpeechError>? { value.withLock { $0 } }
    var arrivedAt: Double? { arrival.withLock { $0 } }

    func wait(seconds: Double) -> Result<SynthesizedSpeech, SpeechError>? {
        let deadline = SpeechSignal.now() + seconds
        while SpeechSignal.now() < deadline {
            if let result { return result }
            usleep(200)
        }
        return result
    }
}
