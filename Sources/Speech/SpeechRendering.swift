/// How the audio service gets speech: rendered ahead into a cache and answered at once from it, or synthesized when a
/// due cue was not rendered yet. `ThreadedSpeech` does it on the espeak-ng thread (the daemon); `InlineSpeech`
/// synthesizes on the caller's thread (`routecue simulate`, where time is virtual and nothing else waits).
/// Completions may come on any thread, also on the caller's before the call returns.
public protocol SpeechRendering: AnyObject, Sendable {
    /// The speech kept ready.
    var cache: SpeechCache { get }

    /// Renders each of `texts` ahead unless it is ready or in flight; `rendered` hears of each once it is ready.
    func renderAhead(_ texts: [String], settings: VoiceSettings,
                     rendered: (@Sendable (String, Result<SynthesizedSpeech, SpeechError>) -> Void)?)

    /// Answers with the speech of `text` as soon as possible (from the cache, a rendering in flight, or a new one);
    /// `completion` is called exactly once.
    func speechNow(_ text: String, settings: VoiceSettings, completion: @escaping SpeechCompletion)

    /// Stops rendering; what is queued completes with `cancelled`.
    func shutdown()
}

/// Speech rendered on RouteCue's one espeak-ng thread into a byte-bounded cache (`SpeechPreRenderer`).
public final class ThreadedSpeech: SpeechRendering {
    /// The espeak-ng thread.
    public let thread: SpeechThread
    /// Renders ahead and answers due cues.
    public let renderer: SpeechPreRenderer
    public var cache: SpeechCache { renderer.cache }

    /// Starts the speech thread with a cache of at most `cacheBytes`.
    public init(cacheBytes: Int) throws(SpeechError) {
        thread = try SpeechThread()
        renderer = SpeechPreRenderer(thread: thread, cache: SpeechCache(maxBytes: cacheBytes))
    }

    public func renderAhead(_ texts: [String], settings: VoiceSettings,
                            rendered: (@Sendable (String, Result<SynthesizedSpeech, SpeechError>) -> Void)?) {
        renderer.renderAhead(texts, settings: settings, rendered: rendered)
    }

    public func speechNow(_ text: String, settings: VoiceSettings, completion: @escaping SpeechCompletion) {
        renderer.speechNow(text, settings: settings, completion: completion)
    }

    public func shutdown() { thread.shutdown() }
}

/// Speech synthesized on the calling thread, each text once, kept in a cache: for a replay on virtual time, where
/// waiting for synthesis costs no time on the clock. Completions are called before the call returns.
public final class InlineSpeech: SpeechRendering {
    public let cache: SpeechCache

    /// Keeps at most `cacheBytes` of speech (a text evicted is synthesized again when it is asked for).
    public init(cacheBytes: Int = 256 << 20) {
        cache = SpeechCache(maxBytes: cacheBytes)
    }

    public func renderAhead(_ texts: [String], settings: VoiceSettings,
                            rendered: (@Sendable (String, Result<SynthesizedSpeech, SpeechError>) -> Void)?) {
        for text in texts {
            let result = speech(text, settings: settings)
            rendered?(text, result)
        }
    }

    public func speechNow(_ text: String, settings: VoiceSettings, completion: @escaping SpeechCompletion) {
        completion(speech(text, settings: settings))
    }

    public func shutdown() {}

    private func speech(_ text: String, settings: VoiceSettings) -> Result<SynthesizedSpeech, SpeechError> {
        if let ready = cache.speech(for: text, settings: settings) { return .success(ready) }
        do throws(SpeechError) {
            let speech = try SpeechSynthesizer.synthesize(text, settings: settings, markup: settings.markup,
                                                          sampleRate: nil, abort: nil)
            cache.insert(speech, for: text, settings: settings)
            return .success(speech)
        } catch {
            return .failure(error)
        }
    }
}
