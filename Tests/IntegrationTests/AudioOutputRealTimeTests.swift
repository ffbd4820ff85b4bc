import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import Speech
import TestSupport
import XCTest

/// The whole audio path on a PCM that plays in real time (JACK's dummy driver through ALSA): preemption at a word
/// boundary, stale outputs cancelled, an immediate stop, cues started from the pre-rendered cache within its bound,
/// and a PCM opened ahead.
final class AudioOutputRealTimeTests: JackTestCase {

    private static let message = "Continue on the motorway for 35 kilometers, past Zurich, Winterthur and Saint Gallen, then follow the signs towards Munich."
    private var harness: AudioServiceHarness?

    private func makeHarness(_ configure: @escaping (inout AudioOutputService.Settings) -> Void = { _ in }) async throws -> AudioServiceHarness {
        let harness = try await AudioServiceHarness(device: ALSATestEnvironment.pacedDevice, configure: configure)
        self.harness = harness
        return harness
    }

    override func tearDown() async throws {
        await harness?.shutdown()
        harness = nil
    }

    private func ms(_ from: UInt64, _ to: UInt64) -> Double { (Double(to) - Double(from)) / 1e6 }

    func test_dueActionCue_preemptsAPlayingMessage_atAWordBoundary() async throws {
        let harness = try await makeHarness()
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(1, Self.message, priority: .message))) }
        guard let messageStart = harness.firstSample(1) else { return XCTFail("the message never started") }
        usleep(1_200_000)
        let asked = MonotonicClock.nanoseconds()
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(2, "Now turn right.", priority: .urgent))) }
        guard let ended = harness.playbackEnded(1), let actionStart = harness.firstSample(2) else {
            return XCTFail("no preemption: \(harness.eventTrail)")
        }
        guard case .interrupted(let why)? = harness.didPlay(1)?.outcome else { return XCTFail("\(harness.eventTrail)") }
        XCTAssertTrue(why.contains("preempted"), why)
        XCTAssertEqual(ended.outcome, .stoppedAtWordBoundary)
        let speech = try XCTUnwrap(harness.service.cache.speech(for: Self.message, settings: VoiceSettings(voice: "en-us")))
        XCTAssertTrue(speech.stopPoints.contains(ended.frames), "cut at \(ended.frames), not a stop point")
        // The message had played (asked − start) when the action came; it ran on to the boundary, then the action began.
        let playedWhenAsked = ms(messageStart.at, asked) / 1000
        let boundarySeconds = Double(ended.frames) / Double(speech.sampleRate)
        let waitForBoundary = max(0, boundarySeconds - playedWhenAsked)
        let actionAfter = ms(asked, actionStart.at)
        print(String(format: "preemption: boundary %.0f ms after the action was due, action's first sample after %.0f ms", waitForBoundary * 1000, actionAfter))
        XCTAssertGreaterThan(boundarySeconds, playedWhenAsked - 0.05, "never cut before what had already been handed over")
        XCTAssertLessThan(actionAfter, waitForBoundary * 1000 + 150, "the action follows the boundary at once")
        XCTAssertEqual(harness.didPlay(2)?.outcome, .completed)
    }

    func test_newRoute_stopsTheOldRoutesCue_atAWordBoundary_andClearsTheQueue() async throws {
        let harness = try await makeHarness()
        let route = try RouteReader.read(Array(try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json"))),
                                         name: "grid-trip.osrm.json")
        let service = harness.service
        let guidance = await Task { @RouteCueLoop in
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route), service: service)
            return guidance
        }.value
        await harness.on { service in
            service.perform(.enqueue(AudioServiceHarness.speech(501, Self.message)))
            service.perform(.enqueue(AudioServiceHarness.speech(502, "In 400 meters, turn left onto the old road.")))
        }
        XCTAssertNotNil(harness.firstSample(501))
        usleep(700_000)
        await harness.on { _ in guidance.handle(.newRoute(route)) }
        XCTAssertEqual(harness.didPlay(502, within: 1)?.outcome, .cancelled(OutputReason.queueCleared))
        XCTAssertEqual(harness.didPlay(501, within: 2)?.outcome, .interrupted(OutputReason.superseded))
        XCTAssertEqual(harness.playbackEnded(501)?.outcome, .stoppedAtWordBoundary)
    }

    func test_staleOutput_isCancelledAtItsDeadline_andNeverPlayed() async throws {
        let harness = try await makeHarness()
        let now = MonotonicClock.now()
        await harness.on { service in
            service.perform(.enqueue(AudioServiceHarness.speech(1, Self.message)))
            service.perform(.enqueue(AudioServiceHarness.speech(2, "In 300 meters, turn left.", deadline: now.advanced(bySeconds: 0.8))))
        }
        guard let stale = harness.didPlay(2, within: 5) else { return XCTFail("the stale output got no did-play") }
        XCTAssertEqual(stale.outcome, .cancelled(OutputReason.deadlinePassed))
        let cancelledAfter = ms(now.nanoseconds, stale.at)
        print(String(format: "stale output cancelled %.0f ms after it was queued (deadline 800 ms, start latency 20 ms)", cancelledAfter))
        XCTAssertEqual(cancelledAfter, 780, accuracy: 100, "cancelled when its deadline can no longer be met, not later")
        XCTAssertNil(harness.firstSample(2, within: 0.2), "a stale output never reaches ALSA")
        XCTAssertNil(harness.didPlay(1, within: 0.01), "the message still plays")
        await harness.on { _ = $0.perform(.stopAndClear) }
    }

    func test_skipCurrent_stopsAtOnce_andTheNextOutputFollows() async throws {
        let harness = try await makeHarness()
        await harness.on { service in
            service.perform(.enqueue(AudioServiceHarness.speech(1, Self.message)))
            service.perform(.enqueue(AudioServiceHarness.speech(2, "Then keep left.")))
        }
        XCTAssertNotNil(harness.firstSample(1))
        usleep(600_000)
        let asked = MonotonicClock.nanoseconds()
        await harness.on { _ = $0.perform(.skipCurrent) }
        guard let ended = harness.playbackEnded(1) else { return XCTFail("not stopped") }
        XCTAssertEqual(ended.outcome, .stoppedImmediately)
        let stopMs = ms(asked, ended.at)
        print(String(format: "skipCurrent: playback dropped %.2f ms after the request (period 5.3 ms)", stopMs))
        XCTAssertLessThan(stopMs, 30, "silent within about a period (plus a loop hop on a shared machine)")
        XCTAssertEqual(harness.didPlay(1)?.outcome, .interrupted(OutputReason.skipped))
        XCTAssertNotNil(harness.firstSample(2), "the next output follows")
    }

    func test_prerenderedCue_startsFromTheCache_whichKeepsItsByteBound() async throws {
        let bound = 600_000
        let harness = try await makeHarness { $0.cacheBytes = bound }
        let streets = ["Main Street", "Elm Street", "Bahnhofstrasse", "Rue de Lausanne", "Via Roma", "Oak Avenue",
                       "Station Road", "King's Road", "Church Lane", "Mill Road", "High Street", "Park Avenue"]
        let texts = streets.map { "In 400 meters, turn right onto \($0), then keep left." }
        await harness.on { $0.prerender(texts) }
        let settings = VoiceSettings(voice: "en-us")
        let cache = harness.service.cache
        _ = harness.wait(10) { _ in cache.contains(texts.last!, settings: settings) ? true : nil }
        usleep(100_000)
        print("cache: \(cache.bytesUsed) of \(bound) bytes, \(cache.count) cues, \(cache.statistics)")
        XCTAssertLessThanOrEqual(cache.bytesUsed, bound)
        XCTAssertGreaterThan(cache.statistics.evictions, 0, "twelve cues (about 180 kB each) do not fit: the oldest went")
        // Both cues below start on a device already open, so the difference is the synthesis alone.
        await harness.on { $0.openAhead() }
        _ = harness.wait(5) { entries in
            entries.contains { if case .deviceOpened = $0.report { return true } else { return false } } ? true : nil
        }
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(1, texts.last!))) }
        let hit = try XCTUnwrap(harness.firstSample(1))
        XCTAssertTrue(hit.cacheHit)
        await harness.on { _ = $0.perform(.stopAndClear) }
        // While cue 1 is still stopping, a queued cue is pre-rendered (a loaded machine can take a few periods):
        // the miss is only a miss when it is asked for on an idle queue.
        XCTAssertNotNil(harness.didPlay(1), "cue 1 ended")
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(2, "In 400 meters, turn left onto a street never rendered."))) }
        let miss = try XCTUnwrap(harness.firstSample(2))
        XCTAssertFalse(miss.cacheHit)
        print(String(format: "due to first sample: cached %.1f ms, synthesized on demand %.1f ms", hit.latency * 1000, miss.latency * 1000))
        XCTAssertLessThanOrEqual(cache.bytesUsed, bound)
        await harness.on { _ = $0.perform(.stopAndClear) }
    }

    func test_openedAhead_theCueStartsWithoutOpeningDelay() async throws {
        let harness = try await makeHarness()
        let text = "In 200 meters, turn left."
        await harness.on { $0.prerender([text]) }
        await harness.on { $0.openAhead() }
        XCTAssertNotNil(harness.wait(5) { entries in
            entries.contains { if case .deviceOpened = $0.report { return true } else { return false } } ? true : nil
        })
        _ = harness.wait(5) { _ in harness.service.cache.contains(text, settings: VoiceSettings(voice: "en-us")) ? true : nil }
        await harness.on { $0.perform(.enqueue(AudioServiceHarness.speech(1, text))) }
        let first = try XCTUnwrap(harness.firstSample(1))
        print(String(format: "opened ahead: first sample %.1f ms after the cue was due", first.latency * 1000))
        XCTAssertTrue(first.cacheHit)
        XCTAssertLessThan(first.latency, 0.025, "no device opening (about 27 ms on JACK) in the way")
        XCTAssertEqual(harness.didPlay(1)?.outcome, .completed)
    }
}
