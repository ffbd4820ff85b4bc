import Glibc
import Speech
import Synchronization
import XCTest

/// The byte-bounded speech cache and the pre-renderer, with real espeak-ng speech.
final class SpeechCacheTests: XCTestCase {
    private let cues = [
        "In 500 meters, turn left onto Main Street",
        "In 200 meters, turn left onto Main Street",
        "Turn left onto Main Street",
        "Now turn left",
        "Then keep right towards the airport",
        "In 1 kilometer, take the second exit",
        "At the roundabout, take the third exit onto Station Road",
        "You have arrived at your destination",
    ]

    func test_cacheFilledBeyondItsBound_neverExceedsIt_andEvictsTheLeastRecentlyUsed() throws {
        let synthesizer = try SpeechSynthesizer()
        let speeches = try cues.map { try synthesizer.synthesize($0) }
        let settings = VoiceSettings()
        // Room for about three of the cues.
        let bound = speeches.prefix(3).reduce(0) { $0 + $1.byteCount } + 600
        let cache = SpeechCache(maxBytes: bound)
        var peak = 0
        for (index, speech) in speeches.enumerated() {
            XCTAssertTrue(cache.insert(speech, for: cues[index], settings: settings))
            peak = max(peak, cache.bytesUsed)
            XCTAssertLessThanOrEqual(cache.bytesUsed, cache.maxBytes, "after inserting cue \(index)")
            // Cue 0 is used after every insertion: it is never the least recently used one.
            XCTAssertEqual(cache.speech(for: cues[0], settings: settings), speeches[0], "after inserting cue \(index)")
        }
        let total = speeches.reduce(0) { $0 + $1.byteCount }
        let statistics = cache.statistics
        print("speech: cache bound \(bound) bytes, \(total) bytes of speech inserted, peak use \(peak), now \(cache.bytesUsed) in \(cache.count) entries; \(statistics)")
        XCTAssertGreaterThan(statistics.evictions, 0)
        XCTAssertEqual(statistics.insertions, cues.count)
        XCTAssertTrue(cache.contains(cues[0], settings: settings), "the most recently used survives")
        XCTAssertTrue(cache.contains(cues[cues.count - 1], settings: settings), "the newest survives")
        XCTAssertFalse(cache.contains(cues[1], settings: settings), "the least recently used went first")
        XCTAssertNil(cache.speech(for: cues[1], settings: settings))
        XCTAssertEqual(cache.statistics.misses, 1)
        // Other settings are another key.
        XCTAssertNil(cache.speech(for: cues[0], settings: VoiceSettings(pitch: 60)))
    }

    func test_speechLargerThanTheBound_isRefused_andReplacingAnEntryKeepsTheCount() throws {
        let speech = try SpeechSynthesizer().synthesize(cues[0])
        let small = SpeechCache(maxBytes: speech.byteCount / 2)
        XCTAssertFalse(small.insert(speech, for: cues[0], settings: VoiceSettings()))
        XCTAssertEqual(small.bytesUsed, 0)
        XCTAssertEqual(small.statistics.rejections, 1)
        let cache = SpeechCache(maxBytes: 10 * speech.byteCount)
        cache.insert(speech, for: cues[0], settings: VoiceSettings())
        let used = cache.bytesUsed
        cache.insert(speech, for: cues[0], settings: VoiceSettings())
        XCTAssertEqual(cache.bytesUsed, used)
        XCTAssertEqual(cache.count, 1)
        XCTAssertGreaterThanOrEqual(used, speech.samples.count * 2, "samples count 2 bytes each")
    }

    func test_preRenderedCues_areAnsweredFromTheCache_atOnce() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let cache = SpeechCache(maxBytes: 4_000_000)
        let renderer = SpeechPreRenderer(thread: thread, cache: cache)
        let settings = VoiceSettings(voice: "en", variant: "f3")
        let next = Array(cues.prefix(4))
        XCTAssertEqual(renderer.renderAhead(next, settings: settings).count, 4)
        XCTAssertEqual(renderer.renderAhead(next, settings: settings).count, 0, "in flight or cached: not rendered twice")
        try Self.waitUntil { renderer.inFlightCount == 0 }
        XCTAssertEqual(cache.count, 4)
        XCTAssertEqual(renderer.renderAhead(next, settings: settings).count, 0, "cached: not rendered again")

        var latencies: [Double] = []
        for text in next {
            let slot = SpeechResultSlot()
            let start = SpeechSignal.now()
            renderer.speechNow(text, settings: settings) { slot.fill($0) }
            // A hit answers on the caller's thread, before speechNow returns.
            let speech = try XCTUnwrap(slot.result).get()
            latencies.append((try XCTUnwrap(slot.arrivedAt) - start) * 1e6)
            XCTAssertGreaterThan(speech.duration, 0.5)
        }
        let statistics = cache.statistics
        print("speech: pre-rendered \(next.count) cues (\(cache.bytesUsed) bytes), speechNow from cache in \(latencies.map { String(format: "%.1f", $0) }) µs; \(statistics)")
        XCTAssertEqual(statistics.hits, 4)

        // A miss is synthesized at .now and cached.
        let miss = SpeechResultSlot()
        let start = SpeechSignal.now()
        renderer.speechNow(cues[5], settings: settings) { miss.fill($0) }
        let speech = try XCTUnwrap(miss.wait(seconds: 30)).get()
        print("speech: speechNow cache miss answered in \(String(format: "%.2f", (try XCTUnwrap(miss.arrivedAt) - start) * 1000)) ms for \(String(format: "%.2f", speech.duration)) s of speech")
        XCTAssertTrue(cache.contains(cues[5], settings: settings))
    }

    func test_dueCueJoinsItsPreRenderingInFlight_insteadOfSynthesizingTwice() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let cache = SpeechCache(maxBytes: 8_000_000)
        let renderer = SpeechPreRenderer(thread: thread, cache: cache)
        let settings = VoiceSettings()
        // A long job keeps the thread busy, so the pre-renderings wait in the queue.
        let busy = SpeechResultSlot()
        thread.synthesize(Array(repeating: cues[6], count: 20).joined(separator: ". "), settings: settings,
                          urgency: .now) { busy.fill($0) }
        renderer.renderAhead(cues, settings: settings)
        let due = cues[cues.count - 1]
        let answer = SpeechResultSlot()
        renderer.speechNow(due, settings: settings) { answer.fill($0) }
        XCTAssertGreaterThan(try XCTUnwrap(answer.wait(seconds: 30)).get().duration, 1)
        // The due cue was promoted ahead of the other pre-renderings still queued or running.
        let pendingWhenAnswered = renderer.inFlightCount
        try Self.waitUntil { renderer.inFlightCount == 0 }
        print("speech: due cue answered while \(pendingWhenAnswered) pre-renderings were still in flight; \(cache.statistics)")
        XCTAssertGreaterThan(pendingWhenAnswered, 0)
        XCTAssertEqual(cache.statistics.insertions, cues.count, "each cue synthesized once")
        XCTAssertEqual(cache.count, cues.count)
    }

    func test_cancelAhead_dropsPreRenderings_butNotADueCue() throws {
        let thread = try SpeechThread()
        defer { thread.shutdown() }
        let renderer = SpeechPreRenderer(thread: thread, cache: SpeechCache(maxBytes: 8_000_000))
        let busy = SpeechResultSlot()
        thread.synthesize(Array(repeating: cues[6], count: 20).joined(separator: ". "), settings: VoiceSettings(),
                          urgency: .now) { busy.fill($0) }
        renderer.renderAhead(cues, settings: VoiceSettings())
        let answer = SpeechResultSlot()
        renderer.speechNow(cues[2], settings: VoiceSettings()) { answer.fill($0) }
        let cancelled = renderer.cancelAhead()
        XCTAssertEqual(cancelled, cues.count - 1)
        XCTAssertGreaterThan(try XCTUnwrap(answer.wait(seconds: 30)).get().duration, 0.5)
        try Self.waitUntil { renderer.inFlightCount == 0 }
        XCTAssertEqual(renderer.cache.count, 1)
    }

    /// Polls `condition` every millisecond for up to 30 s.
    private static func waitUntil(_ condition: () -> Bool) throws {
        let deadline = SpeechSignal.now() + 30
        while !condition() {
            guard SpeechSignal.now() < deadline else { throw XCTSkip("condition not met in 30 s") }
            usleep(1000)
        }
    }
}
