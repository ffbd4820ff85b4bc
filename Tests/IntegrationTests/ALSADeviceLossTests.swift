import ALSAOutput
import EventLoopKit
import Foundation
import ServiceTestSupport
import XCTest

/// A device that goes away while playing (jackd stopped mid-clip, as a Bluetooth link drops): the clip ends as
/// failed with a device error, and the thread keeps serving other devices.
final class ALSADeviceLossTests: XCTestCase {
    private var server: JackDummyServer?
    private var thread: AudioPlaybackThread?

    override func setUpWithError() throws {
        server = try JackDummyServer()
    }

    override func tearDown() {
        thread?.shutdown()
        server?.stop()
    }

    func test_deviceLostMidClip_failsTheClip_andTheThreadGoesOn() throws {
        let log = PlaybackEventLog()
        let thread = AudioPlaybackThread { log.record($0) }
        self.thread = thread
        let paced = PCMRequest(device: ALSATestEnvironment.pacedDevice)
        thread.send(.play(SyntheticSpeech.clip(id: 1, seconds: 3), on: paced))
        let started = try XCTUnwrap(log.started(1, within: 2))
        while MonotonicClock.nanoseconds() < started + 500_000_000 { usleep(1000) }
        let lost = MonotonicClock.nanoseconds()
        server?.stop()
        let finished = try XCTUnwrap(log.finished(1, within: 5), "a lost device must not leave the clip hanging")
        let error = try XCTUnwrap(log.wait(seconds: 1) { events -> String? in
            for case .deviceError(let device, let message) in events where device == paced.device { return message }
            return nil
        })
        print("device lost: clip ended \(String(format: "%.0f", Double(finished.at - lost) / 1e6)) ms after jackd stopped: \(error)")
        guard case .failed = finished.outcome else { return XCTFail("expected .failed, got \(finished.outcome)") }
        XCTAssertTrue(log.closed(paced.device, within: 2), "the dead PCM is closed")

        // The thread goes on: a clip on another device plays.
        let path = NSTemporaryDirectory() + "routecue-alsa-loss-\(getpid()).wav"
        defer { unlink(path) }
        thread.send(.play(SyntheticSpeech.clip(id: 2, seconds: 0.2), on: PCMRequest(device: ALSATestEnvironment.fileDevice(path))))
        XCTAssertEqual(log.finished(2, within: 3)?.outcome, .completed)
    }
}
