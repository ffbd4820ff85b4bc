import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import XCTest

/// An `AudioOutputService` on the event loop, with every report it makes kept (and stamped with CLOCK_MONOTONIC)
/// for a test to wait on from its own thread.
public final class AudioServiceHarness: Sendable {
    /// One report and when it arrived.
    public struct Entry: Sendable {
        /// The report.
        public let report: AudioOutputService.Report
        /// When it arrived (CLOCK_MONOTONIC, nanoseconds).
        public let at: UInt64
    }

    /// The reports, shared with the service's report handler on the loop.
    private final class ReportLog: Sendable {
        let entries = LockedValue<[Entry]>([])

        func record(_ report: AudioOutputService.Report) {
            let at = MonotonicClock.nanoseconds()
            entries.withLock { $0.append(Entry(report: report, at: at)) }
        }
    }

    /// The service under test.
    public let service: AudioOutputService
    private let log = ReportLog()

    /// A service playing on `device` with the English voice; `configure` adjusts the rest of its settings.
    public init(device: String, configure: (inout AudioOutputService.Settings) -> Void = { _ in }) async throws {
        ALSATestEnvironment.prepare()
        var settings = AudioOutputService.Settings(device: PCMRequest(device: device), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: AudioRouteTiming(outputLatency: 0.02, preRoll: 0), idleHold: 0.3)
        configure(&settings)
        let chosen = settings
        let log = self.log
        service = try await Task { @RouteCueLoop in
            let service = try AudioOutputService(settings: chosen)
            service.addListener { report in log.record(report) }
            return service
        }.value
    }

    /// Runs `body` with the service on the loop.
    @discardableResult
    public func on<T: Sendable>(_ body: @escaping @RouteCueLoop @Sendable (AudioOutputService) -> T) async -> T {
        let service = self.service
        return await Task { @RouteCueLoop in body(service) }.value
    }

    /// Every report so far.
    public var reports: [Entry] { log.entries.withLock { $0 } }

    /// Waits until `match` finds something in the reports (polling every 2 ms), or `timeout` seconds pass.
    public func wait<T>(_ timeout: Double, for match: ([Entry]) -> T?) -> T? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while true {
            if let found = match(reports) { return found }
            if MonotonicClock.nanoseconds() > end { return nil }
            usleep(2_000)
        }
    }

    /// The first report `extract` picks out, with the instant it arrived.
    public func first<T>(within timeout: Double, _ extract: @escaping (AudioOutputService.Report) -> T?) -> (value: T, at: UInt64)? {
        wait(timeout) { entries in entries.lazy.compactMap { entry in extract(entry.report).map { ($0, entry.at) } }.first }
    }

    /// The did-play outcome of output `id`, with its instant.
    public func didPlay(_ id: Int, within timeout: Double = 15) -> (outcome: OutputOutcome, at: UInt64)? {
        first(within: timeout) { report -> OutputOutcome? in
            if case .output(.didPlay(id, let outcome)) = report { return outcome }
            return nil
        }.map { ($0.value, $0.at) }
    }

    /// The first-sample report of output `id`: latency from due and whether it came from the cache.
    public func firstSample(_ id: Int, within timeout: Double = 15) -> (latency: Double, cacheHit: Bool, at: UInt64)? {
        first(within: timeout) { report -> (Double, Bool)? in
            if case .firstSample(id, let latency, let hit) = report { return (latency, hit) }
            return nil
        }.map { ($0.value.0, $0.value.1, $0.at) }
    }

    /// How the audio thread ended output `id`.
    public func playbackEnded(_ id: Int, within timeout: Double = 15) -> (outcome: PlaybackOutcome, frames: Int, at: UInt64)? {
        first(within: timeout) { report -> (PlaybackOutcome, Int)? in
            if case .playbackEnded(id, let outcome, let frames) = report { return (outcome, frames) }
            return nil
        }.map { ($0.value.0, $0.value.1, $0.at) }
    }

    /// Whether the device closed (everything sent was heard).
    public func deviceClosed(within timeout: Double = 15) -> Bool {
        wait(timeout) { entries in
            entries.contains { if case .deviceClosed = $0.report { return true } else { return false } } ? true : nil
        } ?? false
    }

    /// The queue events in order, as short strings (`should 1 play`, `will 1`, `did 1 completed`).
    public var eventTrail: [String] {
        reports.compactMap { entry -> String? in
            guard case .output(let event) = entry.report else { return nil }
            switch event {
            case .awaitingAudio(let id): return "awaits audio \(id)"
            case .shouldPlay(let id, let verdict): return "should \(id) \(verdict)"
            case .willPlay(let id, let rendition): return "will \(id) \(rendition)"
            case .didPlay(let id, let outcome): return "did \(id) \(outcome)"
            }
        }
    }

    /// Stops the service's threads.
    public func shutdown() async {
        await on { $0.shutdown() }
    }

    /// A speech request.
    public static func speech(_ id: Int, _ text: String, priority: OutputPriority = .guidance,
                       deadline: MonotonicInstant? = nil, pan: PanSweep? = nil) -> OutputRequest {
        OutputRequest(id: id, content: .speech(text: text, language: "en-US"), priority: priority, deadline: deadline, pan: pan)
    }
}
