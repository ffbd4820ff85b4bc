import EventLoopKit
import RouteCueCore
import Speech

/// What the UI asked to be played besides the guidance (Audio1's Speak and PlayFile), by output id: the text or the
/// registered clip of each until it has ended, numbered far above the engine's cues, and the Speak requests cut off
/// on a lost hands-free device, said again whole once their end is out.
@RouteCueLoop
public final class ApplicationOutputs {
    private let audio: AudioOutputService
    /// Texts of Speak requests queued or playing, by output id.
    private var texts: [Int: String] = [:]
    /// Names of PlayFile clips queued or playing (registered with the audio service until they end), by output id.
    private var clips: [Int: String] = [:]
    /// The last id given (far above the engine's cue numbers).
    private var lastID = 1 << 30
    /// Speak requests cut off by a lost hands-free device, to be said again once their DidPlay is out.
    private var resaid: [Int: (request: OutputRequest, text: String)] = [:]

    /// The UI's outputs, queued on `audio`.
    public init(audio: AudioOutputService) {
        self.audio = audio
    }

    /// Queues `text` in `language` at `priority`; its output id.
    public func speak(_ text: String, language: String, priority: OutputPriority) -> Int {
        lastID += 1
        texts[lastID] = text
        audio.perform(.enqueue(OutputRequest(id: lastID, content: .speech(text: text, language: language), priority: priority, kind: .app)))
        return lastID
    }

    /// Queues the decoded WAV `clip` at the application priority; its output id.
    public func play(_ clip: WAVDecoder.Audio) -> Int {
        lastID += 1
        let name = "playfile-\(lastID)"
        audio.registerApplicationAudio(clip, named: name)
        clips[lastID] = name
        audio.perform(.enqueue(OutputRequest(id: lastID, content: .application(name: name), priority: .application, kind: .app)))
        return lastID
    }

    /// The text of Speak output `id`, while it is queued or playing.
    public func text(of id: Int) -> String? { texts[id] }

    /// Whether `id` is a PlayFile clip queued or playing.
    public func isClip(_ id: Int) -> Bool { clips[id] != nil }

    /// Output `id` ended: its text is forgotten and its clip unregistered; a Speak cut off on a lost device goes into
    /// the queue again, whole, under its id, on the route now in force.
    public func ended(_ id: Int) {
        texts[id] = nil
        if let name = clips.removeValue(forKey: id) { audio.unregisterApplicationAudio(named: name) }
        guard let (request, text) = resaid.removeValue(forKey: id) else { return }
        texts[id] = text
        audio.perform(.enqueue(request))
    }

    /// When `current` is a Speak request, interrupts it for `reason` to be said again once it has ended; false
    /// otherwise (the caller interrupts it its own way).
    public func interruptToSayAgain(_ current: OutputRequest, reason: String) -> Bool {
        guard let text = texts[current.id] else { return false }
        resaid[current.id] = (current, text)
        audio.perform(.interruptCurrent(reason: reason))
        return true
    }
}
