import RouteCueCore
import Speech

/// `routecue simulate`: the guidance engine on a recorded drive with a virtual clock, every cue synthesized by
/// espeak-ng to learn its real duration, and optionally the whole drive's guidance audio written to a WAV file
/// (each cue's words placed at the instant they are heard).
public final class DriveSimulator {
    /// The synthesizer that measures (and renders) every cue.
    public let synthesizer: SpeechSynthesizer
    /// How the cue texts are to be read (the engine's `CueWording.markup`).
    public let markup: SpeechMarkup
    private var rendered: [String: SynthesizedSpeech] = [:]
    private var failures: [String] = []

    /// A simulator speaking with espeak-ng voice `voice`, reading cue texts in `markup`.
    public init(voice: String, markup: CueMarkup = .plain) throws(SpeechError) {
        synthesizer = try SpeechSynthesizer(voice: voice)
        switch markup {
        case .plain: self.markup = .plain
        case .ssml: self.markup = .ssml
        case .ssmlWithPhonemes: self.markup = .ssmlWithPhonemes
        }
    }

    /// Texts espeak-ng could not synthesize (their durations were estimated), with the error.
    public var synthesisFailures: [String] { failures }

    /// Runs `engine` over `fixes`; with `wavPath`, writes the audio of every spoken cue at its place in time.
    public func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions,
                    wavPath: String? = nil) throws -> GuidanceSimulation.Result {
        let writer = try wavPath.map { (path) throws(WAVWriteError) in
            try WAVFileWriter(path: path, sampleRate: synthesizer.sampleRate)
        }
        return try run(engine: &engine, fixes: fixes, options: options, audio: writer)
    }

    /// Runs `engine` over `fixes`; with `audio`, writes every spoken cue there at its place on the timeline
    /// (sample `audioStart × rate` of the synthesizer's rate; the timeline starts at the virtual clock's zero).
    public func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions,
                    audio writer: DriveAudioSink?) throws -> GuidanceSimulation.Result {
        var writeError: (any Error)?
        let rate = Double(synthesizer.sampleRate)
        let result = GuidanceSimulation.run(
            engine: &engine, fixes: fixes, options: options,
            render: { text in self.duration(of: text) },
            played: { cue in
                guard let writer, writeError == nil, let speech = self.rendered[cue.text] else { return }
                let startSample = Int((cue.audioStart.seconds * rate).rounded())
                do {
                    if startSample > writer.sampleCount {
                        try writer.appendSilence(sampleCount: startSample - writer.sampleCount)
                    }
                    try writer.append(speech.samples)
                } catch {
                    writeError = error
                }
            })
        if let writer {
            if let writeError { throw writeError }
            try writer.finish()
        }
        return result
    }

    /// Seconds of speech of `text`, synthesized once and kept.
    private func duration(of text: String) -> Double {
        if let speech = rendered[text] { return speech.duration }
        do {
            let speech = try synthesizer.synthesize(text, markup: markup)
            rendered[text] = speech
            return speech.duration
        } catch {
            failures.append("\(text): \(error)")
            return CueDurations().seconds(text)
        }
    }
}
