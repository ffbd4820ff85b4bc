import EventLoopKit
import RouteCueCore

/// The cue log, from the wiring (docs/cue-log.md): a skipped stage as the engine logs it, and every cue the engine
/// speaks once the audio side is done with it — `spoken` with the instants its words were heard as the audio
/// service reported them (`heard`), or `cancelled` with the queue's reason when it never played. The daemon and
/// `routecue simulate` record the same way; they differ only in where the entries go.
@RouteCueLoop
public final class CueLogRecorder {
    private struct Pending {
        var cue: Cue
        var language: String
        var heard: (from: MonotonicInstant, to: MonotonicInstant)?
        var asTone = false
    }

    /// Receives each entry as it is decided (a skip at once, a cue when it has ended).
    private let record: @RouteCueLoop (CueLogEntry) -> Void
    private var pending: [Int: Pending] = [:]
    private var listener: ListenerID?
    private weak var guidance: GuidanceAudio?

    /// Records what `guidance` decides and plays, handing each entry to `record`.
    public init(guidance: GuidanceAudio, record: @escaping @RouteCueLoop (CueLogEntry) -> Void) {
        self.record = record
        self.guidance = guidance
        listener = guidance.addListener { [weak self] event in self?.observe(event) }
    }

    /// Cues spoken and not yet ended.
    public var cuesInFlight: Int { pending.count }

    /// Stops recording (cues still playing are not logged).
    public func detach() {
        if let listener { guidance?.removeListener(listener) }
        listener = nil
    }

    private func observe(_ event: GuidanceAudio.Event) {
        switch event {
        case .action(.speak(let cue)):
            pending[cue.id] = Pending(cue: cue, language: guidance?.engine.language ?? "")
        case .action(.logged(let entry)):
            record(entry)
        case .audio(.output(.willPlay(let id, let rendition))):
            pending[id]?.asTone = rendition == .tone
        case .audio(.heard(let id, let from, let to)):
            pending[id]?.heard = (from, to)
        case .audio(.output(.didPlay(let id, let outcome))):
            guard let done = pending.removeValue(forKey: id) else { return }
            record(entry(done, outcome: outcome))
        case .action, .audio:
            break
        }
    }

    private func entry(_ done: Pending, outcome: OutputOutcome) -> CueLogEntry {
        let cue = done.cue
        var notes: [String] = []
        if cue.short { notes.append("short form: the full one would not fit") }
        if done.asTone { notes.append("played as the prompt chime (prompt style tone)") }
        switch outcome {
        case .completed:
            break
        case .interrupted(let why):
            notes.append("interrupted: \(why)")
        case .cancelled(let why):
            return CueLogEntry(seq: cue.id, event: .cancelled, cue: cue, lang: done.language, audioStart: nil,
                               audioEnd: nil, reason: why)
        }
        guard let heard = done.heard else {
            return CueLogEntry(seq: cue.id, event: .cancelled, cue: cue, lang: done.language, audioStart: nil,
                               audioEnd: nil, reason: (notes + ["none of its words was played"]).joined(separator: "; "))
        }
        return CueLogEntry(seq: cue.id, event: .spoken, cue: cue, lang: done.language, audioStart: heard.from,
                           audioEnd: heard.to, reason: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
