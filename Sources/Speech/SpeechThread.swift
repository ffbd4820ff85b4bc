import EventLoopKit

/// The one thread that does the service's espeak-ng work. Callers submit texts with `VoiceSettings` and an
/// urgency and get the speech through a completion (or `await`); the thread runs `.now` jobs before queued
/// `.ahead` ones, one at a time, each under `SpeechEngine.shared` so that other synthesizers in the process
/// stay safe. A queued job can be cancelled, a running one aborted within one espeak-ng buffer.
/// Messages between callers and the thread are `Sendable` values in an inbox under a lock (`LockedValue`); an eventfd wakes
/// the thread when the inbox gets work.
public final class SpeechThread: Sendable {
    private let core: SpeechThreadCore
    /// The thread, until `shutdown()` joins it.
    private let thread: SystemThread

    /// Starts the speech thread. Throws `internalError` when the system cannot give
    /// it an eventfd or a thread.
    public init() throws(SpeechError) {
        let core = try SpeechThreadCore()
        do {
            thread = try SystemThread(name: "routecue-speech") { core.run() }
        } catch {
            throw SpeechError(code: .internalError, message: "\(error)")
        }
        self.core = core
    }

    deinit { shutdown() }

    /// Queues the synthesis of `text` with `settings` (its markup included) and returns its handle.
    /// `completion` is called exactly once: with the speech, with the error (bad settings, unknown voice or
    /// variant, espeak-ng failure), with `aborted` when `cancel` stopped it midway, or with `cancelled` when
    /// it was removed before it started or the thread was shut down.
    @discardableResult
    public func synthesize(_ text: String, settings: VoiceSettings, urgency: SpeechUrgency,
                           completion: @escaping SpeechCompletion) -> SpeechJob {
        let submitted = core.inbox.withLock { inbox -> (job: SpeechJob, accepted: Bool) in
            let job = SpeechJob(id: inbox.nextID)
            inbox.nextID += 1
            guard !inbox.isShutDown else { return (job, false) }
            let pending = PendingSpeechJob(job: job, text: text, settings: settings, urgency: urgency,
                                           completion: completion)
            switch urgency {
            case .now: inbox.now.append(pending)
            case .ahead: inbox.ahead.append(pending)
            }
            return (job, true)
        }
        if submitted.accepted {
            core.wake()
        } else {
            completion(.failure(SpeechError(code: .cancelled, message: "\(submitted.job): the speech thread is shut down")))
        }
        return submitted.job
    }

    /// Synthesizes `text` and returns the speech; cancelling the calling task cancels (or aborts) the job.
    public func synthesize(_ text: String, settings: VoiceSettings,
                           urgency: SpeechUrgency = .now) async throws(SpeechError) -> SynthesizedSpeech {
        let link = SpeechJobLink()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<SynthesizedSpeech, SpeechError>, Never>) in
                let job = synthesize(text, settings: settings, urgency: urgency) { continuation.resume(returning: $0) }
                if link.attach(job) { cancel(job) }
            }
        } onCancel: {
            if let job = link.cancelRequested() { cancel(job) }
        }
        return try result.get()
    }

    /// Cancels `job`: a queued job is removed and completes with `cancelled` (on this thread); a running one is
    /// aborted within one espeak-ng buffer and completes with `aborted` (on the speech thread; with its speech
    /// when it was just finishing). Returns false when the job has already completed (or never existed).
    @discardableResult
    public func cancel(_ job: SpeechJob) -> Bool {
        let outcome = core.inbox.withLock { inbox -> (removed: PendingSpeechJob?, aborted: Bool) in
            if let removed = inbox.removeQueued(job) { return (removed, false) }
            if let running = inbox.running, running.job == job {
                running.abort.raise()
                return (nil, true)
            }
            return (nil, false)
        }
        if let removed = outcome.removed {
            removed.completion(.failure(SpeechError(code: .cancelled, message: "\(job) cancelled before it started")))
            return true
        }
        return outcome.aborted
    }

    /// Moves the queued `.ahead` job `job` behind the queued `.now` jobs (a pre-rendering became due). Returns
    /// true when the job is queued at `.now` or running afterwards, false when it has completed.
    @discardableResult
    public func promote(_ job: SpeechJob) -> Bool {
        core.inbox.withLock { inbox -> Bool in
            if let index = inbox.ahead.firstIndex(where: { $0.job == job }) {
                var pending = inbox.ahead.remove(at: index)
                pending.urgency = .now
                inbox.now.append(pending)
                return true
            }
            return inbox.now.contains { $0.job == job } || inbox.running?.job == job
        }
    }

    /// The job being synthesized now, if any.
    public var runningJob: SpeechJob? { core.inbox.withLock { $0.running?.job } }

    /// The number of jobs waiting (not counting the one running).
    public var queuedJobCount: Int { core.inbox.withLock { $0.now.count + $0.ahead.count } }

    /// Stops the thread: queued jobs complete with `cancelled` (on this thread), the running one is aborted,
    /// later submissions complete with `cancelled` at once; returns when the thread has ended (called from the
    /// speech thread itself, e.g. in a completion, it returns at once and the thread ends after that job).
    public func shutdown() {
        let queued = core.inbox.withLock { inbox -> [PendingSpeechJob] in
            inbox.isShutDown = true
            inbox.running?.abort.raise()
            return inbox.removeAllQueued()
        }
        core.wake()
        for pending in queued {
            pending.completion(.failure(SpeechError(code: .cancelled, message: "\(pending.job): the speech thread shut down")))
        }
        thread.join()
    }
}

/// The part of a `SpeechThread` its thread holds: the inbox and the eventfd that wakes the thread.
final class SpeechThreadCore: Sendable {
    let inbox = LockedValue(SpeechThreadInbox())
    /// Blocking: the thread waits on it while the inbox is empty.
    private let wakeup: EventFD

    init() throws(SpeechError) {
        do {
            wakeup = try EventFD(nonBlocking: false)
        } catch {
            throw SpeechError(code: .internalError, message: "\(error)")
        }
    }

    /// Wakes the thread if it waits.
    func wake() {
        wakeup.signal()
    }

    /// Blocks until `wake()` was called since the last wait (or a signal interrupts the read).
    private func waitForWake() {
        wakeup.wait()
    }

    /// What the thread does next.
    private enum Step {
        case run(PendingSpeechJob, SpeechAbortFlag)
        case wait
        case exit
    }

    /// The thread's loop: take the most urgent job, synthesize it, complete it; wait when there is none; end
    /// at shutdown.
    func run() {
        while true {
            let step = inbox.withLock { inbox -> Step in
                if inbox.isShutDown { return .exit }
                guard let next = inbox.takeNext() else { return .wait }
                let abort = SpeechAbortFlag()
                inbox.running = (next.job, abort)
                return .run(next, abort)
            }
            switch step {
            case .exit:
                return
            case .wait:
                waitForWake()
            case .run(let pending, let abort):
                let result: Result<SynthesizedSpeech, SpeechError>
                do throws(SpeechError) {
                    result = .success(try SpeechSynthesizer.synthesize(
                        pending.text, settings: pending.settings, markup: pending.settings.markup,
                        sampleRate: nil, abort: abort))
                } catch {
                    result = .failure(error)
                }
                inbox.withLock { $0.running = nil }
                pending.completion(result)
            }
        }
    }
}

/// Links an `async` synthesis to its job, whichever comes first: the job's submission or the task's
/// cancellation.
private final class SpeechJobLink: Sendable {
    private let state = LockedValue<(job: SpeechJob?, cancelled: Bool)>((nil, false))

    /// Records the submitted job; true when the task was cancelled before, so the job must be cancelled now.
    func attach(_ job: SpeechJob) -> Bool {
        state.withLock { state in
            state.job = job
            return state.cancelled
        }
    }

    /// Records the cancellation; returns the job to cancel when it was already submitted.
    func cancelRequested() -> SpeechJob? {
        state.withLock { state in
            state.cancelled = true
            return state.job
        }
    }
}
