import ALSAOutput
import Foundation
import ServiceTestSupport
import XCTest

/// Content on an ALSA file PCM (unpaced): clips played by the audio thread land in the WAV in order, back to
/// back, at the device's rate and channel count.
final class ALSAFilePlaybackTests: XCTestCase {
    private var directory: URL!
    private var log: PlaybackEventLog!
    private var thread: AudioPlaybackThread!

    override func setUpWithError() throws {
        ALSATestEnvironment.prepare()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("alsa-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = PlaybackEventLog()
        self.log = log
        thread = AudioPlaybackThread { log.record($0) }
    }

    override func tearDownWithError() throws {
        thread?.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A WAV file read back: format fields and the interleaved S16 data.
    private struct WAV {
        var channels = 0
        var rate = 0
        var bitsPerSample = 0
        var samples: [Int16] = []

        init(_ bytes: [UInt8]) throws {
            func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
            func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else { throw XCTSkip("not a RIFF file") }
            var offset = 12
            while offset + 8 <= bytes.count {
                let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
                let size = u32(offset + 4)
                let body = offset + 8
                if id == "fmt " {
                    channels = u16(body + 2)
                    rate = u32(body + 4)
                    bitsPerSample = u16(body + 14)
                } else if id == "data" {
                    // The file plugin may leave the size unpatched: take what the file holds.
                    let end = min(bytes.count, size == 0 || body + size > bytes.count ? bytes.count : body + size)
                    samples = stride(from: body, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
                    return
                }
                offset = body + size + (size & 1)
            }
        }
    }

    private static func zeroCrossings(_ signal: ArraySlice<Int16>) -> Int {
        zip(signal, signal.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    }

    func test_twoClips_landInTheWAV_inOrder_backToBack_atTheDeviceRate() throws {
        let path = directory.appendingPathComponent("cues.wav").path
        let request = PCMRequest(device: ALSATestEnvironment.fileDevice(path), rate: 48000, channels: 2)
        // A: mono 22050 Hz, 440 Hz for 0.4 s. B: stereo 44100 Hz, 880 Hz for 0.3 s.
        let first = SyntheticSpeech.clip(id: 1, seconds: 0.4, rate: 22050, frequency: 440, burst: 1, gap: 0)
        let second = SyntheticSpeech.clip(id: 2, seconds: 0.3, rate: 44100, channels: 2, frequency: 880, burst: 1, gap: 0)
        thread.send(.setIdleHold(seconds: 0.05))
        thread.send(.play(first, on: request))
        thread.send(.play(second, on: request))
        let firstEnd = try XCTUnwrap(log.finished(1, within: 5))
        let secondEnd = try XCTUnwrap(log.finished(2, within: 5))
        XCTAssertEqual(firstEnd.outcome, .completed)
        XCTAssertEqual(secondEnd.outcome, .completed)
        XCTAssertEqual(firstEnd.played, first.frameCount)
        XCTAssertTrue(log.closed(request.device, within: 5), "the PCM closes after the idle hold")
        let order = log.all.compactMap { event -> String? in
            switch event {
            case .opened: return "opened"
            case .started(let id, _): return "started \(id)"
            case .finished(let id, _, _, _): return "finished \(id)"
            case .closed: return "closed"
            default: return nil
            }
        }
        XCTAssertEqual(order.first, "opened")
        XCTAssertEqual(order.last, "closed")
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: "finished 1")), try XCTUnwrap(order.firstIndex(of: "finished 2")))
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: "started 1")), try XCTUnwrap(order.firstIndex(of: "started 2")))

        let wav = try WAV([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(wav.rate, 48000)
        XCTAssertEqual(wav.channels, 2)
        XCTAssertEqual(wav.bitsPerSample, 16)
        let left = stride(from: 0, to: wav.samples.count, by: 2).map { wav.samples[$0] }
        let right = stride(from: 1, to: wav.samples.count, by: 2).map { wav.samples[$0] }
        let start = try XCTUnwrap(left.firstIndex { abs(Int($0)) > 300 }, "the WAV holds sound")
        let end = try XCTUnwrap(left.lastIndex { abs(Int($0)) > 300 })
        let expectedFirst = 19200, expectedSecond = 14400
        print("file PCM: \(left.count) frames at \(wav.rate) Hz; sound from frame \(start) to \(end) (\(end - start + 1) frames, expected \(expectedFirst + expectedSecond))")
        XCTAssertEqual(Double(end - start + 1), Double(expectedFirst + expectedSecond), accuracy: 48, "both clips back to back, no gap")
        XCTAssertLessThan(start, 48000 / 10, "the first clip starts after no more than the open's queued silence")

        // Clip 1 (440 Hz, mono duplicated on both channels) then clip 2 (880 Hz) — in order.
        let firstPart = left[(start + 480)..<(start + expectedFirst - 480)]
        let secondPart = left[(start + expectedFirst + 480)..<(end - 480)]
        let firstHz = Double(Self.zeroCrossings(firstPart)) / (Double(firstPart.count) / 48000)
        let secondHz = Double(Self.zeroCrossings(secondPart)) / (Double(secondPart.count) / 48000)
        print("file PCM: first clip \(String(format: "%.1f", firstHz)) Hz, second clip \(String(format: "%.1f", secondHz)) Hz")
        XCTAssertEqual(firstHz, 440, accuracy: 6)
        XCTAssertEqual(secondHz, 880, accuracy: 6)
        XCTAssertEqual(Array(left[start..<(start + expectedFirst)]), Array(right[start..<(start + expectedFirst)]), "mono is duplicated to both channels")
    }

    func test_openAhead_writesSilenceUntilTheClip_andCloseEndsAfterTheList() throws {
        let path = directory.appendingPathComponent("ahead.wav").path
        let request = PCMRequest(device: ALSATestEnvironment.fileDevice(path))
        thread.send(.open(request))
        let opened = try XCTUnwrap(log.wait(seconds: 5) { events -> (PCMConfiguration, Double)? in
            for case .opened(_, let configuration, let latency) in events { return (configuration, latency) }
            return nil
        })
        print("file PCM opened ahead: \(opened.0), latency \(String(format: "%.1f", opened.1 * 1000)) ms")
        XCTAssertEqual(opened.0.rate, 48000)
        XCTAssertGreaterThanOrEqual(opened.1, 2 * opened.0.periodSeconds)
        usleep(200_000)
        thread.send(.play(SyntheticSpeech.clip(id: 7, seconds: 0.2, rate: 48000, burst: 1, gap: 0), on: request))
        thread.send(.close)
        XCTAssertEqual(log.finished(7, within: 5)?.outcome, .completed)
        XCTAssertTrue(log.closed(request.device, within: 5), "close ends the PCM once the list has played, before the 2 s hold")

        let wav = try WAV([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let left = stride(from: 0, to: wav.samples.count, by: 2).map { wav.samples[$0] }
        let start = try XCTUnwrap(left.firstIndex { $0 != 0 })
        print("file PCM opened ahead: clip starts after \(start) frames (\(start * 1000 / 48000) ms) of silence")
        XCTAssertGreaterThan(start, 48000 / 10, "about 200 ms of silence was written while held open")
        XCTAssertLessThan(start, 48000 / 2, "silence is paced by the clock, not written without bound")
    }
}
