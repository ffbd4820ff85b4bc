import ALSAOutput
import RouteCueCore
import Speech

/// The guidance engine speaking through the audio engine, on the event loop: the texts the engine may say next
/// are rendered ahead into the speech cache (their measured length goes back to the engine), due cues go into the
/// output queue with their deadline (panned toward their maneuver when spatial audio is on), the engine hears when
/// each cue has finished and what the opened device's latency is, its timers run on the loop, the route's PCM
/// is opened ahead of a wake-up that may speak, and a new route silences the old route's cues.
@RouteCueLoop
public final class GuidanceAudio {
    /// The engine (its progress, route and language).
    public private(set) var engine: GuidanceEngine
    /// The audio engine it speaks through.
    public let service: AudioOutputService
    /// Seconds before a wake-up to open the PCM (the audio route's `open_ahead_s`; 0: never ahead).
    public var openAheadSeconds: Double
    /// Every engine action (after it was carried out) and every audio report, for the daemon, the UI and tests.
    public var onAction: (@RouteCueLoop (GuidanceAction) -> Void)?
    /// Every audio report.
    public var onReport: (@RouteCueLoop (AudioOutputService.Report) -> Void)?

    /// Wakes the engine at its `nextWakeup`.
    private lazy var wakeTimer = LoopTimer { [weak self] in self?.handle(.tick) }

    /// Connects `engine` to `service` (taking over the service's report handler).
    public init(engine: GuidanceEngine, service: AudioOutputService, openAheadSeconds: Double = 0) {
        self.engine = engine
        self.service = service
        self.openAheadSeconds = openAheadSeconds
        service.onReport = { [weak self] report in self?.heard(report) }
    }

    /// Hands `input` to the engine at the current instant and carries out what it asks. A new route first clears
    /// the queue and stops what plays at its next word boundary: cues about the old route no longer hold.
    public func handle(_ input: GuidanceInput) {
        if case .newRoute = input {
            service.perform(.clearQueue)
            service.perform(.supersedeCurrent)
        }
        let actions = engine.handle(input, at: MonotonicClock.now())
        for action in actions {
            switch action {
            case .render(let text):
                service.prerender([text]) { [weak self] text, seconds in self?.handle(.rendered(text: text, seconds: seconds)) }
            case .speak(let cue):
                let maneuver = cue.maneuver.flatMap { engine.route.maneuvers.indices.contains($0) ? engine.route.maneuvers[$0] : nil }
                service.enqueue(cue, language: engine.language, maneuver: maneuver)
            case .logged, .reroute, .progress:
                break
            }
            onAction?(action)
        }
        rearmTimer()
    }

    private func heard(_ report: AudioOutputService.Report) {
        switch report {
        case .output(.didPlay(let id, _)):
            handle(.audioFinished(id: id))
        case .deviceOpened(_, _, let timing):
            handle(.audioRoute(timing))
        default:
            break
        }
        onReport?(report)
    }

    private func rearmTimer() {
        if openAheadSeconds > 0, let wake = engine.nextWakeup,
           wake.nanoseconds <= MonotonicClock.nanoseconds() + UInt64(openAheadSeconds * 1e9) {
            service.openAhead()
        }
        wakeTimer.set(engine.nextWakeup)
    }
}
