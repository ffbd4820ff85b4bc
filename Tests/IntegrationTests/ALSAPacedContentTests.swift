import ALSAOutput
import EventLoopKit
import Foundation
import ServiceTestSupport
import XCTest

/// What reached a paced device, through a file tap, and what a slow event handler does to it.
final class ALSAPacedContentTests: JackTestCase {
    private var thread: AudioPlaybackThread?

    override func tearDown() {
        thread?.shutdown()
        thread = nil
    }

    /// Left-channel samples of a 16-bit stereo WAV written by the file plugin (44-byte header).
    private static func leftChannel(_ path: String) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 44 else { return [] }
        return stride(from: 44, to: bytes.count - 3, by: 4).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    func test_wordBoundaryStop_mid_tone_fadesOntoTheBoundary_thenSilence() throws {
        let path = NSTemporaryDirectory() + "routecue-alsa-cut-\(getpid()).wav"
        defer { unlink(path) }
        let log = PlaybackEventLog()
        let thread = AudioPlaybackThread { log.record($0) }
        self.thread = thread
        let request = PCMRequest(device: ALSATestEnvironment.pacedTap(path))
        // Connected speech: one continuous 300 Hz tone, words every 0.3 s, so the cut lands mid-sound.
        var clip = SyntheticSpeech.clip(id: 1, seconds: 3, frequency: 300, burst: 10, gap: 0)
        clip.boundaries = stride(from: 0, to: clip.frameCount, by: clip.sampleRate * 3 / 10).map { $0 }
        thread.send(.setIdleHold(seconds: 0.2))
        thread.send(.play(clip, on: request))
        let started = try XCTUnwrap(log.started(1, within: 2))
        while MonotonicClock.nanoseconds() < started + 700_000_000 { usleep(200) }
        thread.send(.stop(id: 1, .atWordBoundary))
        let finished = try XCTUnwrap(log.finished(1, within: 3))
        XCTAssertEqual(finished.outcome, .stoppedAtWordBoundary)
        XCTAssertTrue(log.closed(request.device, within: 3))

        let left = try Self.leftChannel(path)
        let start = try XCTUnwrap(left.firstIndex { $0 != 0 }) - 1
        let cut = start + FrameConverter.deviceFrameCount(sourceFrames: finished.played, sourceRate: clip.sampleRate, deviceRate: 48000)
        let peak = { (range: Range<Int>) in Int(left[range].map { abs(Int($0)) }.max() ?? 0) }
        let beforeFade = peak((cut - 480)..<(cut - 160)) // 10 ms to 3.3 ms before the cut
        let lastMillisecond = peak((cut - 48)..<cut)
        let after = peak((cut + 48)..<min(left.count, cut + 4800))
        let around: [Int] = left[(cut - 480)..<(cut + 480)].map { Int($0) }
        var steps: [Int] = []
        for index in 1..<around.count { steps.append(abs(around[index] - around[index - 1])) }
        print("paced tap word-boundary cut at source frame \(finished.played) (device frame \(cut - start) of the clip): peak \(beforeFade) before the fade, \(lastMillisecond) in its last ms, \(after) after; largest step \(steps.max() ?? 0)")
        XCTAssertGreaterThan(beforeFade, 10000, "full sound until the fade")
        XCTAssertLessThan(lastMillisecond, beforeFade / 2, "faded out onto the boundary (linear over 3 ms: a third left in the last ms)")
        XCTAssertLessThan(after, 100, "silence after the boundary")
        XCTAssertLessThanOrEqual(steps.max() ?? 0, 480, "no click: a 300 Hz sine of 12000 moves at most 471 per sample, a hard cut up to 12000")
    }

    func test_slowEventHandler_starvesTheDevice_underrunIsRecoveredAndReported() throws {
        let log = PlaybackEventLog()
        // The handler runs on the audio thread: sleeping 100 ms in it starves the two queued periods.
        let thread = AudioPlaybackThread { event in
            log.record(event)
            if case .started(id: 9, _) = event { usleep(100_000) }
        }
        self.thread = thread
        let paced = PCMRequest(device: ALSATestEnvironment.pacedDevice)
        thread.send(.play(SyntheticSpeech.clip(id: 9, seconds: 0.5), on: paced))
        let finished = try XCTUnwrap(log.finished(9, within: 3))
        let underruns = log.all.filter { if case .underrun(paced.device) = $0 { return true } else { return false } }.count
        print("paced PCM slow handler: \(underruns) underrun(s) reported and recovered; clip \(finished.outcome)")
        XCTAssertGreaterThanOrEqual(underruns, 1)
        XCTAssertEqual(finished.outcome, .completed, "playback goes on after the recovery")
    }
    func test_clipOnAPCMOpenedAhead_replacesQueuedSilence_andArrivesWhole() throws {
        let path = NSTemporaryDirectory() + "routecue-alsa-ahead-\(getpid()).wav"
        defer { unlink(path) }
        let log = PlaybackEventLog()
        let thread = AudioPlaybackThread { log.record($0) }
        self.thread = thread
        let request = PCMRequest(device: ALSATestEnvironment.pacedTap(path))
        thread.send(.open(request))
        usleep(300_000)
        let clip = SyntheticSpeech.clip(id: 1, seconds: 0.2, rate: 48000, frequency: 600, burst: 1, gap: 0)
        thread.send(.play(clip, on: request))
        thread.send(.close)
        XCTAssertEqual(log.finished(1, within: 2)?.outcome, .completed)
        XCTAssertTrue(log.closed(request.device, within: 2))

        let left = try Self.leftChannel(path)
        let sound = left.indices.filter { left[$0] != 0 }
        let first = try XCTUnwrap(sound.first), last = try XCTUnwrap(sound.last)
        let expected = clip.samples.drop { $0 == 0 }
        let heard = left[first..<(first + expected.count)]
        print("paced tap, opened ahead: \(first) frames (\(first / 48)) ms of silence, then the clip over \(last - first + 1) frames (\(clip.frameCount) in the clip)")
        XCTAssertEqual(Array(heard), Array(expected), "the clip arrives sample for sample after the silence it replaced")
        XCTAssertLessThanOrEqual(last - first + 1, clip.frameCount)
        XCTAssertGreaterThan(first, 48000 / 5, "about 300 ms of silence was played while held open")
    }
}
