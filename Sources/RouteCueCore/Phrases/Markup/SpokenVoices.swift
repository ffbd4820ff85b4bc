/// Which voice speaks each route name of a `SpokenText` in a voice-switching SSML rendering
/// (`SpokenText.ssml(voiceLanguage:phonemeInput:voices:)`).
public struct SpokenVoices {
    /// The guidance voice's espeak-ng selection name (the pack's voice, e.g. `en-us`): it speaks everything else.
    public let guidanceVoice: String
    /// The voice and language for a route-data segment's text and language; nil: the guidance voice says it.
    public let voiceForName: (_ text: String, _ language: String?) -> (voice: String, language: String)?

    /// Voices for a sentence spoken by `guidanceVoice`, with `voiceForName` choosing each name's.
    public init(guidanceVoice: String,
                voiceForName: @escaping (_ text: String, _ language: String?) -> (voice: String, language: String)?) {
        self.guidanceVoice = guidanceVoice
        self.voiceForName = voiceForName
    }
}

/// A `SpokenText` cut into runs of consecutive segments spoken by one voice.
struct SpokenVoiceRuns {
    /// Segments spoken by one voice: `voice` nil is the guidance voice; `language` is the names' language.
    struct Run {
        var voice: String?
        var language: String?
        var segments: [SpokenSegment]
    }

    /// The runs in speaking order.
    let runs: [Run]

    /// Cuts `text`: each route-data segment goes to the voice `voices` gives it, everything else to the guidance voice.
    init(_ text: SpokenText, voices: SpokenVoices) {
        var runs: [Run] = []
        for segment in text.segments {
            var choice: (voice: String, language: String)?
            if case let .routeData(words, _, language) = segment { choice = voices.voiceForName(words, language) }
            if let last = runs.last, last.voice == choice?.voice {
                runs[runs.count - 1].segments.append(segment)
            } else {
                runs.append(Run(voice: choice?.voice, language: choice?.language, segments: [segment]))
            }
        }
        self.runs = runs
    }

    /// Whether any run is spoken by a voice other than the guidance voice.
    var switchesVoice: Bool { runs.contains { $0.voice != nil } }
}
