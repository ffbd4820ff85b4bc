/// What an output plays: words to synthesize, a sound file, or audio an application hands over.
public enum OutputContent: Sendable, Equatable {
    /// Text for the speech synthesizer (espeak-ng), in a BCP 47 `language`, read as `markup` says. Anything but
    /// `.plain` interprets the text: only for texts a `CueWording` rendered (`CueWording.markup(of:)`), never for
    /// text from outside (a UI's Say is plain).
    case speech(text: String, language: String, markup: CueMarkup = .plain)
    /// A WAV file at `path`, converted to the device's format by the audio side.
    case audioFile(path: String)
    /// Audio from the UI under `name`; the service supplies its PCM.
    case application(name: String)

    /// Whether the audio side renders PCM for it ahead of its start (synthesis, file decoding).
    public var isRenderable: Bool {
        switch self {
        case .speech, .audioFile: return true
        case .application: return false
        }
    }
}
