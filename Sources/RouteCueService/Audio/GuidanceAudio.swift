import ALSAOutput
import EventLoopKit
import RouteCueCore
import Speech

/// The guidance engine speaking through the audio engine, on the loop: the texts the engine may say next are
/// rendered ahead into the speech cache (their measured length goes back to the engine), due cues go into the
/// output queue with their deadline (panned toward their maneuver when spatial audio is on), the engine hears when
/// each cue has finished and what the opened device's latency is, its timers run on the loop, the route's PCM is
/// opened ahead of a wake-up that may speak, and a new route silences the old route's cues.
///
/// This is the one wiring of the daemon and of `routecue simulate`: they differ only in the loop's clock (real or
/// virtual) and in the audio service's speech and device.
@RouteCueLoop
public final class GuidanceAudio {
    /// What listeners hear: every engine action (after it was carried out) and every audio report.
    public enum Event {
        /// An action of the engine.
        case action(GuidanceAction)
        /// A report of the audio service.
        case audio(AudioOutputService.Report)
    }

    /// The engine (its progress, route and language).
    public private(set) var engine: GuidanceEngine
    /// The audio engine it speaks through.
    public let service: AudioOutputService
    /// Seconds before a wake-up to open the PCM (the audio route's `open_ahead_s`; 0: never ahead).
    public var openAheadSeconds: Double
    /// When false the engine is looked at only when an input arrives, never on its own timers: the fix-triggered
    /// baseline the timing bench compares with (how the peers work). True in the daemon.
    public var followsEngineTimers = true {
        didSet { rearmTimer() }
    }

    /// Hears each change of the instant the next planned cue is to be heard (`GuidanceEngine.nextCueHeard`): what
    /// must be ready before a cue — the music ducked — starts from it.
    public var onNextCue: (@RouteCueLoop (MonotonicInstant?) -> Void)?
    /// Hears that the engine handled inputs or options (the guidance journal looks at what changed).
    public var afterHandling: (@RouteCueLoop () -> Void)?
    /// The next planned cue as `onNextCue` last heard it.
    public private(set) var nextCueHeard: MonotonicInstant?

    private let listeners = Listeners<Event>()
    private var scheduler: any LoopScheduler { service.scheduler }
    /// Wakes the engine at its `nextWakeup`.
    private lazy var wakeTimer = LoopTimer(on: scheduler) { [weak self] in self?.handle(.tick) }
    /// Opens the PCM `openAheadSeconds` before the next planned cue starts.
    private lazy var openTimer = LoopTimer(on: scheduler) { [weak self] in self?.service.openAhead() }
    /// Inputs that arose while the engine was handling one (a text measured at once), handled right after it.
    private var pending: [GuidanceInput] = []
    private var handling = false
    private var serviceListener: ListenerID?
    /// Outputs cut off by their device going away: the engine says them again (`audioInterrupted`).
    private var interrupted: Set<Int> = []

    /// Connects `engine` to `service`.
    public init(engine: GuidanceEngine, service: AudioOutputService, openAheadSeconds: Double = 0) {
        self.engine = engine
        self.service = service
        self.openAheadSeconds = openAheadSeconds
        serviceListener = service.addListener { [weak self] report in self?.heard(report) }
    }

    /// A guidance let go (the UI's Stop) leaves the service's listeners as they were.
    #if compiler(>=6.2)
    isolated deinit { letGo() }
    #else
    deinit { RouteCueLoop.deinitTeardown { letGo() } }  // Swift 6.0: no isolated deinit
    #endif

    private func letGo() {
        if let serviceListener { service.removeListener(serviceListener) }
        service.keepRendered([]) { _ in .plain }
    }

    /// Adds a listener of every engine action and audio report; returns the id that removes it.
    @discardableResult
    public func addListener(_ listener: @escaping @RouteCueLoop (Event) -> Void) -> ListenerID {
        listeners.add(listener)
    }

    /// Removes a listener.
    public func removeListener(_ id: ListenerID) {
        listeners.remove(id)
    }

    /// Hands `input` to the engine at the loop's current instant and carries out what it asks. A new route first
    /// clears the queue and stops what plays at its next word boundary: cues about the old route no longer hold.
    public func handle(_ input: GuidanceInput) {
        pending.append(input)
        guard !handling else { return }
        handling = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            if case .newRoute = next {
                service.perform(.clearQueue)
                service.perform(.supersedeCurrent)
            }
            carryOut(engine.handle(next, at: scheduler.now))
        }
        handling = false
        keepUpcomingRendered()
        rearmTimer()
        afterHandling?()
    }

    /// Gives the engine new options (a configuration reload) keeping its route, progress and what it has said; cues
    /// are planned again with them.
    public func reconfigure(timing: TimingOptions, progress: ProgressOptions, wording: CueWording) {
        let actions = engine.reconfigure(timing: timing, progress: progress, wording: wording, at: scheduler.now)
        carryOut(actions)
        keepUpcomingRendered()
        rearmTimer()
        afterHandling?()
    }

    /// The cues that can come next stay rendered: the service keeps them through its cache trims and renders again
    /// one that was trimmed while it was not among them.
    private func keepUpcomingRendered() {
        let wording = engine.wording
        service.keepRendered(engine.upcomingTexts) { wording.markup(of: $0) }
    }

    /// The device under the output playing went away (a hands-free device disconnected): it stops at once, and a cue
    /// of the engine is said again from its start on the route now in force if its words still hold when heard (else
    /// its short form, else it is skipped with the reason).
    public func interruptCurrent(reason: String) {
        guard let current = service.current else { return }
        interrupted.insert(current.id)
        service.perform(.interruptCurrent(reason: reason))
    }

    /// Stops looking at the engine on its own timers (the end of a replay, or the daemon stopping); inputs are
    /// still handled.
    public func stopTimers() {
        followsEngineTimers = false
    }

    /// Listeners hear each action before it is carried out: a cue the queue starts (or drops) at once reports
    /// `willPlay`/`didPlay` inside `enqueue`, and whoever follows cues must know the cue by then.
    private func carryOut(_ actions: [GuidanceAction]) {
        for action in actions {
            listeners.notify(.action(action))
            switch action {
            case .render(let text):
                service.prerender([text], markup: engine.wording.markup(of: text)) { [weak self] text, seconds in
                    self?.handle(.rendered(text: text, seconds: seconds))
                }
            case .speak(let cue):
                let maneuver = cue.maneuver.flatMap { engine.route.maneuvers.indices.contains($0) ? engine.route.maneuvers[$0] : nil }
                service.enqueue(cue, language: engine.language, markup: engine.wording.markup(of: cue.text), maneuver: maneuver)
            case .logged, .reroute, .progress:
                break
            }
        }
    }

    private func heard(_ report: AudioOutputService.Report) {
        listeners.notify(.audio(report))
        switch report {
        case .output(.didPlay(let id, _)):
            handle(interrupted.remove(id) != nil ? .audioInterrupted(id: id) : .audioFinished(id: id))
        case .deviceOpened(let request, _, let timing) where request.device == service.settings.device.device && timing != engine.audio:
            handle(.audioRoute(timing))
        case .deviceClosed, .deviceError:
            // Closed after its idle hold (or failed): the next cue's words come after the route's pre-roll again.
            if service.effectiveTiming != engine.audio { handle(.audioRoute(service.effectiveTiming)) }
        default:
            break
        }
    }

    /// Wakes the engine when it asked, opens the PCM ahead of the next planned cue (a hands-free link needs seconds to
    /// come up), and tells `onNextCue` when that cue moved.
    private func rearmTimer() {
        guard followsEngineTimers else {
            wakeTimer.set(nil)
            openTimer.set(nil)
            announceNextCue(nil)
            return
        }
        let next = engine.nextCueHeard
        if openAheadSeconds > 0, let next {
            let openAt = next.earlier(bySeconds: engine.audio.leadIn + openAheadSeconds)
            if openAt.nanoseconds <= scheduler.nowNanoseconds {
                openTimer.set(nil)
                service.openAhead()
            } else {
                openTimer.set(openAt)
            }
        } else {
            openTimer.set(nil)
        }
        wakeTimer.set(engine.nextWakeup)
        announceNextCue(next)
    }

    private func announceNextCue(_ next: MonotonicInstant?) {
        guard next != nextCueHeard else { return }
        nextCueHeard = next
        onNextCue?(next)
    }
}
