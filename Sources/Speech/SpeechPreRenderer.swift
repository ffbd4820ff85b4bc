import EventLoopKit

/// Renders the cues that can come next ahead of time into a `SpeechCache`, on a `SpeechThread` at `.ahead`
/// urgency, and answers a due cue from the cache, from its pre-rendering in flight (promoted to `.now`), or
/// by synthesizing it at `.now`. Each text in each settings is synthesized at most once at a time.
public final class SpeechPreRenderer: Sendable {
    /// The thread all synthesis runs on.
    public let thread: SpeechThread
    /// Where finished speech is kept.
    public let cache: SpeechCache
    /// The syntheses submitted and not completed, by key.
    private let inFlight = LockedValue<[SpeechCacheKey: InFlightRendering]>([:])

    /// Renders on `thread` into `cache`.
    public init(thread: SpeechThread, cache: SpeechCache) {
        self.thread = thread
        self.cache = cache
    }

    /// Queues each of `texts` in `settings` at `.ahead` urgency unless it is cached or already in flight;
    /// finished speech goes into the cache. `rendered`, when given, hears of each text once its speech is ready
    /// (at once for a cached one), e.g. to tell the guidance engine how long it takes to say. Returns the jobs started.
    @discardableResult
    public func renderAhead(_ texts: [String], settings: VoiceSettings,
                            rendered: (@Sendable (String, Result<SynthesizedSpeech, SpeechError>) -> Void)? = nil) -> [SpeechJob] {
        var jobs: [SpeechJob] = []
        for text in texts {
            let key = SpeechCacheKey(text: text, settings: settings)
            var observer: SpeechCompletion?
            if let rendered {
                observer = { @Sendable result in rendered(text, result) }
            }
            if cache.contains(text, settings: settings) {
                if let observer, let speech = cache.speech(for: text, settings: settings) { observer(.success(speech)) }
                continue
            }
            guard claim(key, waiter: nil, observer: observer) else {
                if let observer { observe(key, with: observer, text: text, settings: settings) }
                continue
            }
            let job = thread.synthesize(text, settings: settings, urgency: .ahead) { [self] result in
                finish(key, result)
            }
            jobs.append(job)
            if record(job, for: key) { thread.promote(job) }
        }
        return jobs
    }

    /// Answers with the speech of `text` in `settings` as soon as possible: at once (on this thread) from the
    /// cache; else from its pre-rendering in flight, promoted to `.now`; else synthesized at `.now` (and
    /// cached). `completion` is called exactly once.
    public func speechNow(_ text: String, settings: VoiceSettings, completion: @escaping SpeechCompletion) {
        if let speech = cache.speech(for: text, settings: settings) {
            completion(.success(speech))
            return
        }
        let key = SpeechCacheKey(text: text, settings: settings)
        let joined = inFlight.withLock { inFlight -> (joined: Bool, job: SpeechJob?) in
            guard var rendering = inFlight[key] else { return (false, nil) }
            rendering.waiters.append(completion)
            rendering.isDue = true
            inFlight[key] = rendering
            return (true, rendering.job)
        }
        if joined.joined {
            if let job = joined.job { thread.promote(job) }
            return
        }
        guard claim(key, waiter: completion, observer: nil) else {
            // Claimed by another caller in between: join it.
            return speechNow(text, settings: settings, completion: completion)
        }
        let job = thread.synthesize(text, settings: settings, urgency: .now) { [self] result in
            finish(key, result)
        }
        _ = record(job, for: key)
    }

    /// `speechNow` for `async` callers.
    public func speechNow(_ text: String, settings: VoiceSettings) async throws(SpeechError) -> SynthesizedSpeech {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<SynthesizedSpeech, SpeechError>, Never>) in
            speechNow(text, settings: settings) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Cancels every pre-rendering in flight that no due cue waits for (the route changed, the cues that can
    /// come next are others). Returns how many were cancelled or aborted.
    @discardableResult
    public func cancelAhead() -> Int {
        let jobs = inFlight.withLock { inFlight in inFlight.values.filter { !$0.isDue }.compactMap(\.job) }
        return jobs.filter { thread.cancel($0) }.count
    }

    /// The number of syntheses submitted and not completed.
    public var inFlightCount: Int { inFlight.withLock { $0.count } }

    /// Marks `key` as in flight (with `waiter`, which makes it due, and `observer`); false when it already is.
    private func claim(_ key: SpeechCacheKey, waiter: SpeechCompletion?, observer: SpeechCompletion?) -> Bool {
        inFlight.withLock { inFlight -> Bool in
            guard inFlight[key] == nil else { return false }
            inFlight[key] = InFlightRendering(job: nil, waiters: waiter.map { [$0] } ?? [], isDue: waiter != nil,
                                              observers: observer.map { [$0] } ?? [])
            return true
        }
    }

    /// Adds `observer` to the rendering of `key` in flight; if it finished meanwhile, answers from the cache.
    private func observe(_ key: SpeechCacheKey, with observer: @escaping SpeechCompletion, text: String, settings: VoiceSettings) {
        let added = inFlight.withLock { inFlight -> Bool in
            guard inFlight[key] != nil else { return false }
            inFlight[key]!.observers.append(observer)
            return true
        }
        if !added, let speech = cache.speech(for: text, settings: settings) { observer(.success(speech)) }
    }

    /// Records the job rendering `key` (unless it already completed); true when a due cue joined it meanwhile,
    /// so it must be promoted.
    private func record(_ job: SpeechJob, for key: SpeechCacheKey) -> Bool {
        inFlight.withLock { inFlight -> Bool in
            guard var rendering = inFlight[key] else { return false }
            rendering.job = job
            inFlight[key] = rendering
            return rendering.isDue
        }
    }

    /// Completes the rendering of `key`: caches the speech, answers every waiter.
    private func finish(_ key: SpeechCacheKey, _ result: Result<SynthesizedSpeech, SpeechError>) {
        if case .success(let speech) = result { cache.insert(speech, for: key.text, settings: key.settings) }
        let rendering = inFlight.withLock { $0.removeValue(forKey: key) }
        for waiter in (rendering?.waiters ?? []) + (rendering?.observers ?? []) { waiter(result) }
    }
}

/// A synthesis in flight in a `SpeechPreRenderer`.
struct InFlightRendering: Sendable {
    /// Its job, once submitted.
    var job: SpeechJob?
    /// The due cues waiting for it.
    var waiters: [SpeechCompletion]
    /// True once a due cue waits for it: `cancelAhead` leaves it alone.
    var isDue: Bool
    /// Those who asked to hear when it is ready (not due: `cancelAhead` may still cancel it).
    var observers: [SpeechCompletion] = []
}
