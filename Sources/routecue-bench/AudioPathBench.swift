import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import Synchronization

/// RouteCue's own path: `AudioOutputService` on the loop, the device held open.
final class AudioPathBench: Sendable {
    /// Every report of the service, in order.
    private final class ReportLog: Sendable {
        let reports = LockedValue<[AudioOutputService.Report]>([])
    }

    private let service: AudioOutputService
    private let log = ReportLog()
    private let voice = VoiceSettings(voice: "en-us")
    private let nextID = Atomic<Int>(1)

    init(device: String) {
        let settings = AudioOutputService.Settings(device: PCMRequest(device: device), voice: voice,
                                                   routeTiming: AudioRouteTiming(outputLatency: 0), cacheBytes: 64 << 20,
                                                   idleHold: 30)
        let log = self.log
        let made = blockingOnLoop { () -> AudioOutputService? in
            guard let service = try? AudioOutputService(settings: settings) else { return nil }
            service.addListener { report in log.reports.withLock { $0.append(report) } }
            service.openAhead()
            return service
        }
        guard let made else { fail("audio: the speech thread could not start") }
        service = made
        guard wait(5, for: { reports in reports.contains { if case .deviceOpened = $0 { true } else { false } } }) else {
            fail("audio: PCM \"\(device)\" did not open: \(log.reports.withLock { $0 })")
        }
    }

    /// Due → first sample of each text, played one at a time (each stopped once its first sample is out).
    func dueToFirstSample(_ texts: [String], prerendered: Bool) -> [Double] {
        if prerendered {
            let service = self.service
            blockingOnLoop { service.prerender(texts) }
            guard wait(30, for: { [cache = service.cache, voice] _ in texts.allSatisfy { cache.contains($0, settings: voice) } }) else {
                fail("audio: pre-rendering did not finish in 30 s")
            }
        }
        var latencies: [Double] = []
        for text in texts {
            let id = nextID.add(1, ordering: .relaxed).oldValue
            let service = self.service
            blockingOnLoop {
                service.perform(.enqueue(OutputRequest(id: id, content: .speech(text: text, language: "en-US"), priority: .guidance)))
            }
            var latency: Double?
            _ = wait(10) { reports in
                for case .firstSample(id, let seconds, _) in reports { latency = seconds; return true }
                return false
            }
            blockingOnLoop { _ = service.perform(.stopAndClear) }
            _ = wait(10) { reports in reports.contains { if case .output(.didPlay(id, _)) = $0 { true } else { false } } }
            if let latency { latencies.append(latency) }
        }
        return latencies
    }

    /// CPU seconds of this process per second of speech, playing `texts` to their end (pre-rendered: the texts of
    /// `dueToFirstSample(_:prerendered: true)`). The bench's thread sleeps on a semaphore meanwhile: polling the
    /// reports would count its own wakeups as RouteCue's.
    func cpuPerSecondOfSpeech(_ texts: [String]) -> (Double, Double) {
        let before = processCPUSeconds()
        var seconds = 0.0
        for text in texts {
            let id = nextID.add(1, ordering: .relaxed).oldValue
            let service = self.service
            let done = DispatchSemaphore(value: 0)
            let listener = blockingOnLoop { () -> ListenerID in
                let listener = service.addListener { report in
                    if case .output(.didPlay(id, _)) = report { done.signal() }
                }
                service.perform(.enqueue(OutputRequest(id: id, content: .speech(text: text, language: "en-US"), priority: .guidance)))
                return listener
            }
            _ = done.wait(timeout: .now() + 30)
            blockingOnLoop { service.removeListener(listener) }
            seconds += service.cache.speech(for: text, settings: voice)?.duration ?? 0
        }
        return ((processCPUSeconds() - before) / max(seconds, 0.001), seconds)
    }

    func stop() {
        let service = self.service
        blockingOnLoop { service.shutdown() }
    }

    private func wait(_ timeout: Double, for match: ([AudioOutputService.Report]) -> Bool) -> Bool {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < end {
            if log.reports.withLock({ match($0) }) { return true }
            usleep(500)
        }
        return false
    }
}

/// Runs `body` on the event loop and waits for its result (the bench's main thread is not on the loop).
@discardableResult
func blockingOnLoop<T: Sendable>(_ body: @escaping @RouteCueLoop @Sendable () -> T) -> T {
    // `runAndWait` rethrows what the body throws; this body throws nothing.
    try! RouteCueLoop.runAndWait(body)
}
