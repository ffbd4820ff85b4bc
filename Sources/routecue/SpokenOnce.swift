import Dispatch
import EventLoopKit
import RouteCueCore
import RouteCueService

/// Speaks one text through `AudioOutputService` and waits until it has been heard (the device closed), for
/// `routecue say`.
enum SpokenOnce {
    /// What happened: lines for the terminal, and the failure if the text was not spoken to its end.
    struct Outcome: Sendable {
        var lines: [String] = []
        var failure: String?
    }

    static func run(text: String, language: String, pan: PanSweep?, settings: AudioOutputService.Settings) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedValue(Outcome())
        Task { @RouteCueLoop in
            let service: AudioOutputService
            do {
                service = try AudioOutputService(settings: settings)
            } catch {
                outcome.withLock { $0.failure = "\(error)" }
                done.signal()
                return
            }
            var finished = false
            var deviceOpen = false
            var ended = false
            let end = {
                guard !ended else { return }
                ended = true
                service.shutdown()
                done.signal()
            }
            service.addListener { report in
                switch report {
                case .deviceOpened(let request, let configuration, let timing):
                    deviceOpen = true
                    let c = configuration
                    let line = "device \(request.device): \(c.rate) Hz, \(c.channels) channels, period \(c.periodFrames) frames "
                        + "(\(FixedDecimal.text(c.periodSeconds * 1000, places: 1)) ms), buffer \(c.bufferFrames) frames; "
                        + "output latency \(FixedDecimal.text(timing.outputLatency * 1000, places: 0)) ms"
                    outcome.withLock { $0.lines.append(line) }
                case .firstSample(_, let latency, let cacheHit):
                    let line = "first sample to ALSA \(FixedDecimal.text(latency * 1000, places: 1)) ms after the request "
                        + "(\(cacheHit ? "pre-rendered" : "synthesized on demand"))"
                    outcome.withLock { $0.lines.append(line) }
                case .deviceError(_, let message):
                    outcome.withLock { $0.failure = $0.failure ?? message }
                    deviceOpen = false
                    if finished { end() }
                case .underrun:
                    outcome.withLock { $0.lines.append("underrun (recovered)") }
                case .output(.didPlay(_, let result)):
                    switch result {
                    case .completed: break
                    case .interrupted(let why), .cancelled(let why):
                        outcome.withLock { $0.failure = $0.failure ?? "not spoken: \(why)" }
                    }
                    finished = true
                    // Wait until what was sent has been heard; a device that never opened has nothing to play out.
                    if deviceOpen { service.closeDevice() } else { end() }
                case .deviceClosed where finished:
                    end()
                case .output, .deviceClosed, .playbackEnded, .heard:
                    break
                }
            }
            service.perform(.enqueue(OutputRequest(id: 1, content: .speech(text: text, language: language),
                                                   priority: .message, pan: pan)))
        }
        done.wait()
        return outcome.withLock { $0 }
    }
}
