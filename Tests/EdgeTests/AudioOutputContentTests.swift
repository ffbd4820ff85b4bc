import ALSAOutput
import Foundation
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import Speech
import XCTest

/// What the whole audio path (queue → speech thread → ALSA thread) writes into an ALSA file PCM: the cues, in
/// order, panned toward their side, a chime for the `tone` style, audio files, and a clear error for a bad device.
final class AudioOutputContentTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private func wavPath(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "routecue-\(name)-\(getpid()).wav"
        paths.append(path)
        return path
    }

    private func decoded(_ path: String) throws -> WAVDecoder.Audio {
        try WAVDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The frame ranges of sound in `audio` (channel energy summed), where quiet stretches longer than `gap` s split them.
    private func soundSpans(_ audio: WAVDecoder.Audio, gap: Double) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var start: Int?
        var lastLoud = -1
        let gapFrames = Int(gap * Double(audio.sampleRate))
        for frame in 0..<audio.frameCount {
            let loud = (0..<audio.channels).contains { abs(Int(audio.samples[frame * audio.channels + $0])) > 200 }
            guard loud else { continue }
            if let s = start, frame - lastLoud > gapFrames {
                spans.append(s..<(lastLoud + 1))
                start = frame
            } else if start == nil {
                start = frame
            }
            lastLoud = frame
        }
        if let start { spans.append(start..<(lastLoud + 1)) }
        return spans
    }

    /// Energy of the left and right channel over `frames`.
    private func channelEnergy(_ audio: WAVDecoder.Audio, _ frames: Range<Int>) -> (left: Double, right: Double) {
        var left = 0.0, right = 0.0
        for frame in frames {
            let l = Double(audio.samples[frame * 2]), r = Double(audio.samples[frame * 2 + 1])
            left += l * l
            right += r * r
        }
        return (left, right)
    }

    private func speechSeconds(_ text: String) throws -> Double {
        try SpeechSynthesizer(voice: "en-us").synthesize(text).duration
    }

    func test_twoPannedCues_landInOrder_leftTurnOnTheLeft_rightTurnOnTheRight() async throws {
        let path = wavPath("panned")
        let harness = try await AudioServiceHarness(device: try AudioDeviceNames.wavFile(path)) {
            $0.spatial = SpatialPanning()
        }
        let left = "In 200 meters, turn left onto Main Street."
        let right = "Then turn right onto Elm Street."
        let spatial = SpatialPanning()
        await harness.on { service in
            service.perform(.enqueue(AudioServiceHarness.speech(1, left, pan: spatial.sweep(for: .left))))
            service.perform(.enqueue(AudioServiceHarness.speech(2, right, pan: spatial.sweep(for: .right))))
        }
        XCTAssertEqual(harness.didPlay(1)?.outcome, .completed)
        XCTAssertEqual(harness.didPlay(2)?.outcome, .completed)
        await harness.on { $0.closeDevice() }
        XCTAssertTrue(harness.deviceClosed())
        await harness.shutdown()

        let audio = try decoded(path)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.sampleRate, 48000)
        // On the unpaced file PCM the queue plays the two cues back to back: one stretch of sound as long as both.
        let spans = soundSpans(audio, gap: 0.4)
        XCTAssertEqual(spans.count, 1, "\(spans)")
        guard let sound = spans.first else { return }
        let (leftSeconds, rightSeconds) = (try speechSeconds(left), try speechSeconds(right))
        XCTAssertEqual(Double(sound.count) / 48000, leftSeconds + rightSeconds, accuracy: 0.3, "both cues, whole")
        // The first cue's stretch leans left, the second's right (0.1 s inside each, away from the join).
        let join = sound.lowerBound + Int(leftSeconds * 48000)
        let first = channelEnergy(audio, (sound.lowerBound + 4800)..<(join - 4800))
        let second = channelEnergy(audio, (join + 4800)..<(sound.upperBound - 4800))
        let firstLean = 10 * log10(first.left / first.right), secondLean = 10 * log10(second.left / second.right)
        print("panned cues: left turn leans \(String(format: "%+.1f", firstLean)) dB left, right turn \(String(format: "%+.1f", secondLean)) dB")
        XCTAssertGreaterThan(firstLean, 6, "the left-turn cue comes first and carries more energy on the left")
        XCTAssertLessThan(secondLean, -6, "the right-turn cue follows and carries more energy on the right")
    }

    func test_toneStyle_playsAShortChime_insteadOfTheWords() async throws {
        let path = wavPath("tone")
        let harness = try await AudioServiceHarness(device: try AudioDeviceNames.wavFile(path)) {
            $0.policy = OutputPolicy(promptStyle: .tone)
        }
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(7, "In 500 meters, keep right at the fork towards Basel."))) }
        XCTAssertEqual(harness.didPlay(7)?.outcome, .completed)
        XCTAssertTrue(harness.eventTrail.contains("will 7 tone"), "\(harness.eventTrail)")
        await harness.on { $0.closeDevice() }
        XCTAssertTrue(harness.deviceClosed())
        await harness.shutdown()
        let spans = soundSpans(try decoded(path), gap: 0.1)
        let heard = spans.reduce(0) { $0 + $1.count }
        XCTAssertEqual(Double(heard) / 48000, 0.35, accuracy: 0.08, "a chime of about 0.35 s, not 3 s of speech")
    }

    func test_audioFileOutput_playsTheFile_andABrokenFileIsCancelledWithItsError() async throws {
        let source = wavPath("source")
        let writer = try WAVFileWriter(path: source, sampleRate: 16000)
        let tone = (0..<8000).map { Int16(8000 * sin(Double($0) * 2 * .pi * 440 / 16000)) }
        try writer.append(tone)
        try writer.finish()
        let broken = wavPath("broken")
        _ = FileManager.default.createFile(atPath: broken, contents: Data("RIFF....WAVEjunk".utf8))
        let path = wavPath("file-output")
        let harness = try await AudioServiceHarness(device: try AudioDeviceNames.wavFile(path))
        await harness.on { service in
            service.perform(.enqueue(OutputRequest(id: 1, content: .audioFile(path: broken), priority: .application)))
            service.perform(.enqueue(OutputRequest(id: 2, content: .audioFile(path: source), priority: .application)))
        }
        guard case .cancelled(let why)? = harness.didPlay(1)?.outcome else { return XCTFail("the broken file must be cancelled") }
        XCTAssertTrue(why.contains("no fmt chunk") || why.contains("runs past"), why)
        XCTAssertEqual(harness.didPlay(2)?.outcome, .completed)
        await harness.on { $0.closeDevice() }
        XCTAssertTrue(harness.deviceClosed())
        await harness.shutdown()
        let spans = soundSpans(try decoded(path), gap: 0.05)
        XCTAssertEqual(spans.count, 1)
        XCTAssertEqual(Double(spans.first?.count ?? 0) / 48000, 0.5, accuracy: 0.01, "the half-second file, resampled to 48 kHz")
    }

    func test_applicationAudio_playsByName_atThePolicyVolume_andAnUnknownNameIsCancelled() async throws {
        let path = wavPath("application")
        let harness = try await AudioServiceHarness(device: try AudioDeviceNames.wavFile(path))
        let tone = WAVDecoder.Audio(samples: (0..<11025).map { Int16(16000 * sin(Double($0) * 2 * .pi * 330 / 22050)) },
                                    channels: 1, sampleRate: 22050)
        await harness.on { service in
            service.registerApplicationAudio(tone, named: "door-open")
            service.perform(.enqueue(OutputRequest(id: 1, content: .application(name: "door-open"), priority: .application)))
            service.perform(.enqueue(OutputRequest(id: 2, content: .application(name: "no-such-sound"), priority: .application)))
        }
        XCTAssertEqual(harness.didPlay(1)?.outcome, .completed)
        XCTAssertEqual(harness.didPlay(2)?.outcome, .cancelled("no application audio named \"no-such-sound\""))
        await harness.on { service in
            service.setPolicy(OutputPolicy(volume: 0.25))
            service.perform(.enqueue(OutputRequest(id: 3, content: .application(name: "door-open"), priority: .application)))
        }
        XCTAssertEqual(harness.didPlay(3)?.outcome, .completed)
        await harness.on { $0.closeDevice() }
        XCTAssertTrue(harness.deviceClosed())
        await harness.shutdown()
        let audio = try decoded(path)
        let spans = soundSpans(audio, gap: 0.02)
        XCTAssertEqual(spans.count, 2, "the sound twice, nothing for the unknown name: \(spans)")
        guard spans.count == 2 else { return }
        let peaks = spans.map { span in span.map { abs(Int(audio.samples[$0 * 2])) }.max() ?? 0 }
        XCTAssertEqual(Double(peaks[0]), 16000, accuracy: 800)
        XCTAssertEqual(Double(peaks[1]) / Double(peaks[0]), 0.25, accuracy: 0.02, "the volume factor scales the output")
    }

    func test_missingDevice_cancelsWithTheALSAError_andTheNextRouteStillPlays() async throws {
        let harness = try await AudioServiceHarness(device: "routecue_no_such_pcm")
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(1, "Turn left."))) }
        guard case .cancelled(let why)? = harness.didPlay(1)?.outcome else { return XCTFail("must be cancelled") }
        XCTAssertTrue(why.contains("snd_pcm_open") && why.contains("routecue_no_such_pcm"), why)
        let path = wavPath("fallback")
        let fallback = try AudioDeviceNames.wavFile(path)
        await harness.on { service in
            service.setRoute(device: PCMRequest(device: fallback), timing: AudioRouteTiming(outputLatency: 0.02))
            service.perform(.enqueue(AudioServiceHarness.speech(2, "Turn right.")))
        }
        XCTAssertEqual(harness.didPlay(2)?.outcome, .completed)
        await harness.shutdown()
    }
}
