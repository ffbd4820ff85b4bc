/// The output queue's policy as a state machine on an injected clock: commands and the audio side's reports go
/// in (`handle(_:at:)`), `prepare` / `start` / `stop` actions and delegate events come out. It never touches audio.
///
/// - One output plays at a time: the next starts only when the audio side reports the previous `finished`
///   (or `failed`), so a stopped output never overlaps the one after it.
/// - Waiting outputs are ordered by priority, FIFO within one. A newly queued output of higher priority than the one
///   playing stops it at a word boundary; the stopped one is not resumed (`didPlay` `.interrupted`).
/// - `skipCurrent`, `stopAndClear`, `play` and a policy veto stop at once.
/// - An output whose first sample could not be heard by its deadline (`now + startLatency > deadline`) is dropped
///   with `.cancelled("deadline passed")` when its turn comes, or while it waits, at `nextWakeup`.
/// - The policy is consulted just before each start (`shouldPlay`): it may veto or turn speech into a chime.
/// - An output to be heard waits for the car's audio (`AudioReadiness`: the music it lowers is down), saying so once
///   (`awaitingAudio`), but never past the last instant it can start and still be heard by its deadline.
/// - Each output handed in ends with exactly one `didPlay`; stale or unknown reports are ignored.
public struct OutputQueue: Sendable {
    /// The listener's settings, consulted before each start.
    public private(set) var policy: OutputPolicy
    /// Seconds from a `start` action to its first sample heard.
    public private(set) var startLatency: Double
    /// Outputs waiting, in the order they will be played.
    public private(set) var queued: [OutputRequest] = []

    /// The output started and not yet reported ended.
    var playing: Playing?
    /// Waiting outputs already handed out for rendering ahead.
    var prepared: Set<Int> = []
    /// When the car's audio can take an output's first sample.
    public private(set) var audioReadiness: AudioReadiness = .ready
    /// Since when the queue has waited for the car's audio (kept while another output takes the head: the music is on
    /// its way down for both), and the waiting outputs that said so.
    var awaitingAudioSince: MonotonicInstant?
    var awaitedAudio: Set<Int> = []

    /// The output the audio side is playing (or starting, or stopping).
    struct Playing: Sendable {
        var request: OutputRequest
        /// The audio side reported it begun.
        var started = false
        /// The stop asked for, if any.
        var stopMode: OutputStopMode?
        /// Why it was stopped, for its `interrupted` outcome.
        var stopReason: String?
    }

    /// An idle queue with `policy`, where a start takes `startLatency` seconds to be heard.
    public init(policy: OutputPolicy = OutputPolicy(), startLatency: Double = 0.05) {
        self.policy = policy
        self.startLatency = Self.sanitized(startLatency)
    }

    /// The output being played (or starting, or stopping), if any.
    public var current: OutputRequest? { playing?.request }

    /// Whether the current output has been asked to stop, and how.
    public var currentStopMode: OutputStopMode? { playing?.stopMode }

    /// The earliest instant at which a waiting output can no longer be heard by its deadline (`deadline −
    /// startLatency`); the queue wants a `.tick` then to cancel it.
    public var nextWakeup: MonotonicInstant? {
        let ready = playing == nil ? awaitingAudioSince.flatMap(earliestStart(requestedAt:)) : nil
        return (queued.compactMap(latestStart) + [ready].compactMap { $0 }).min()
    }

    /// Handles one input at monotonic `now` and says what to do, in order.
    public mutating func handle(_ input: OutputQueueInput, at now: MonotonicInstant) -> [OutputQueueAction] {
        var actions: [OutputQueueAction] = []
        switch input {
        case .enqueue(let request):
            enqueue(request, at: now, into: &actions)
        case .play(let request):
            cancelQueued(reason: OutputReason.replaced, into: &actions)
            stopCurrent(.immediately, reason: OutputReason.replaced, into: &actions)
            insertUnlessDuplicate(request, into: &actions)
        case .clearQueue:
            cancelQueued(reason: OutputReason.queueCleared, into: &actions)
        case .skipCurrent:
            stopCurrent(.immediately, reason: OutputReason.skipped, into: &actions)
        case .supersedeCurrent:
            stopCurrent(.atWordBoundary, reason: OutputReason.superseded, into: &actions)
        case .interruptCurrent(let reason):
            stopCurrent(.immediately, reason: reason, into: &actions)
        case .stopAndClear:
            cancelQueued(reason: OutputReason.stopped, into: &actions)
            stopCurrent(.immediately, reason: OutputReason.stopped, into: &actions)
        case .setPolicy(let newPolicy):
            policy = newPolicy
            if let playing, case .veto(let reason) = newPolicy.verdict(for: playing.request.content) {
                stopCurrent(.immediately, reason: reason, into: &actions)
            }
        case .setStartLatency(let seconds):
            startLatency = Self.sanitized(seconds)
        case .setAudioReadiness(let readiness):
            audioReadiness = readiness
        case .started(let id):
            if playing?.request.id == id { playing?.started = true }
        case .finished(let id, let reason):
            guard let ending = playing, ending.request.id == id else { break }
            let outcome: OutputOutcome = reason.map { .interrupted(ending.stopReason ?? $0.description) } ?? .completed
            playing = nil
            actions.append(.event(.didPlay(id: id, outcome: outcome)))
        case .failed(let id, let message):
            if playing?.request.id == id {
                playing = nil
                actions.append(.event(.didPlay(id: id, outcome: .cancelled(message))))
            } else if let index = queued.firstIndex(where: { $0.id == id }) {
                queued.remove(at: index)
                actions.append(.event(.didPlay(id: id, outcome: .cancelled(message))))
            }
        case .tick:
            break
        }
        startNextIfIdle(at: now, into: &actions)
        dropLate(at: now, into: &actions)
        awaitedAudio.formIntersection(queued.map(\.id))
        if queued.isEmpty { awaitingAudioSince = nil }
        prepareWaiting(into: &actions)
        return actions
    }

    // MARK: Steps

    /// Queues `request`; a higher priority than the one playing stops that one at a word boundary, provided the
    /// request itself can still be played in time.
    private mutating func enqueue(_ request: OutputRequest, at now: MonotonicInstant, into actions: inout [OutputQueueAction]) {
        guard insertUnlessDuplicate(request, into: &actions) else { return }
        guard let playing, playing.stopMode == nil, request.priority > playing.request.priority,
              canStart(request, at: now) else { return }
        if case .veto = policy.verdict(for: request.content) { return }
        stopCurrent(.atWordBoundary, reason: OutputReason.preempted(by: request.id), into: &actions)
    }

    /// Inserts `request` after every waiting output of its priority or above; an id already alive ends it at once.
    @discardableResult
    private mutating func insertUnlessDuplicate(_ request: OutputRequest, into actions: inout [OutputQueueAction]) -> Bool {
        if playing?.request.id == request.id || queued.contains(where: { $0.id == request.id }) {
            actions.append(.event(.didPlay(id: request.id, outcome: .cancelled(OutputReason.duplicateID))))
            return false
        }
        let index = queued.firstIndex { $0.priority < request.priority } ?? queued.endIndex
        queued.insert(request, at: index)
        return true
    }

    /// Asks the audio side to stop the current output (an immediate stop overrides one at a word boundary).
    private mutating func stopCurrent(_ mode: OutputStopMode, reason: String, into actions: inout [OutputQueueAction]) {
        guard var ending = playing else { return }
        switch (ending.stopMode, mode) {
        case (.immediately?, _), (.atWordBoundary?, .atWordBoundary): return
        default: break
        }
        ending.stopMode = mode
        ending.stopReason = reason
        playing = ending
        actions.append(.stop(id: ending.request.id, mode))
    }

    /// Cancels every waiting output, in play order.
    private mutating func cancelQueued(reason: String, into actions: inout [OutputQueueAction]) {
        for request in queued {
            actions.append(.event(.didPlay(id: request.id, outcome: .cancelled(reason))))
        }
        queued.removeAll()
    }

    /// When nothing plays, starts the first waiting output that is in time and not vetoed, once the car's audio is
    /// ready for it.
    private mutating func startNextIfIdle(at now: MonotonicInstant, into actions: inout [OutputQueueAction]) {
        while playing == nil, let request = queued.first {
            guard canStart(request, at: now) else {
                queued.removeFirst()
                actions.append(.event(.didPlay(id: request.id, outcome: .cancelled(OutputReason.deadlinePassed))))
                continue
            }
            let verdict = policy.verdict(for: request.content)
            if verdict != .play, verdict != .tone {
                awaitingAudioSince = nil
            } else if waitsForAudio(request, at: now, into: &actions) {
                return
            }
            queued.removeFirst()
            actions.append(.event(.shouldPlay(id: request.id, verdict: verdict)))
            let rendition: OutputRendition
            switch verdict {
            case .veto(let reason):
                actions.append(.event(.didPlay(id: request.id, outcome: .cancelled(reason))))
                continue
            case .play: rendition = .asIs
            case .tone: rendition = .tone
            }
            actions.append(.event(.willPlay(id: request.id, rendition: rendition)))
            actions.append(.start(request, rendition: rendition, volume: policy.clampedVolume))
            playing = Playing(request: request)
        }
    }

    /// Whether `request`, at the head and to be heard, waits for the car's audio at `now`: announced once, while its
    /// first sample would come before the audio is ready, and not past the last instant it can start in time.
    private mutating func waitsForAudio(_ request: OutputRequest, at now: MonotonicInstant,
                                        into actions: inout [OutputQueueAction]) -> Bool {
        let since = awaitingAudioSince ?? now
        guard let earliest = earliestStart(requestedAt: since), now < earliest,
              latestStart(request).map({ now < $0 }) ?? true else {
            awaitingAudioSince = nil
            return false
        }
        awaitingAudioSince = since
        if awaitedAudio.insert(request.id).inserted {
            actions.append(.event(.awaitingAudio(id: request.id)))
        }
        // The ducker hears `awaitingAudio` and answers with `setAudioReadiness`, or the wake-up comes at `nextWakeup`.
        return true
    }

    /// Cancels the waiting outputs that could no longer be heard by their deadline even if started now: they wait
    /// behind one that plays, which cannot end and let them start in no time.
    private mutating func dropLate(at now: MonotonicInstant, into actions: inout [OutputQueueAction]) {
        var waiting: [OutputRequest] = []
        for request in queued {
            if let latest = latestStart(request), now >= latest {
                actions.append(.event(.didPlay(id: request.id, outcome: .cancelled(OutputReason.deadlinePassed))))
            } else {
                waiting.append(request)
            }
        }
        queued = waiting
    }

    /// Asks for rendering ahead of each waiting output that will be rendered as it is (speech, files) and was not
    /// asked for yet.
    private mutating func prepareWaiting(into actions: inout [OutputQueueAction]) {
        prepared.formIntersection(queued.map(\.id))
        for request in queued where !prepared.contains(request.id) && request.content.isRenderable
            && policy.verdict(for: request.content) == .play {
            prepared.insert(request.id)
            actions.append(.prepare(request))
        }
    }

    // MARK: Time

    /// Whether `request` started at `now` is heard by its deadline.
    private func canStart(_ request: OutputRequest, at now: MonotonicInstant) -> Bool {
        guard let deadline = request.deadline else { return true }
        return now.advanced(bySeconds: startLatency) <= deadline
    }

    /// The first instant an output asked for at `requested` may start and be heard over ready audio (nil: at once).
    private func earliestStart(requestedAt requested: MonotonicInstant) -> MonotonicInstant? {
        audioReadiness.readyInstant(requestedAt: requested)?.earlier(bySeconds: startLatency)
    }

    /// The last instant `request` may start and still be heard by its deadline.
    private func latestStart(_ request: OutputRequest) -> MonotonicInstant? {
        request.deadline?.earlier(bySeconds: startLatency)
    }

    /// A latency as seconds ≥ 0 (non-finite ones taken as 0).
    private static func sanitized(_ seconds: Double) -> Double { seconds.isFinite ? max(0, seconds) : 0 }
}
