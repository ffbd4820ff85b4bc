import DBusKit
import EventLoopKit
import RouteCueCore

/// What the UI hears without asking (docs/dbus.md): Guidance1's PropertiesChanged (a change of state at once, the
/// position-driven distances and time at most once a second), Audio1's, and the signals the engine's actions and the
/// audio's outputs become — WaypointReached, DestinationReached, OffRoute, BackOnRoute, RerouteNeeded, RouteChanged,
/// EventText and WillPlay as an output starts, DidPlay as it ends. It remembers what it needs for them: the engine's
/// cues by output id until they play, and the outputs played as a chime because of a call.
@RouteCueLoop
final class ControlSignals {
    /// What a starting cue's EventText says beyond the cue: the guidance's language, its wording (whether a text is
    /// SSML) and the engine guiding (the language of a maneuver's names).
    struct CueContext {
        var language: String
        var wording: CueWording
        var engine: GuidanceEngine?
    }

    private let bus: ControlBus
    private let scheduler: any LoopScheduler
    private let guidanceValues: @RouteCueLoop () -> PropertyValues<GuidanceProperty>
    private let audioValues: @RouteCueLoop () -> PropertyValues<AudioProperty>
    /// Guidance1's values as last sent in PropertiesChanged, position-driven ones at most once a second.
    private var guidancePublishing = PropertyChangeThrottle<GuidanceProperty, DBusValue>(positionDriven: GuidanceProperty.positionDriven)
    private lazy var publishTimer = LoopTimer(on: scheduler) { [weak self] in self?.publishGuidance() }
    /// The engine's cues queued or playing, by output id (EventText's words and details).
    private var spokenCues: [Int: Cue] = [:]
    /// Cues played as a chime because of a call (DidPlay says so).
    private var tonesForCall: Set<Int> = []

    /// Signals on `bus`, Guidance1's and Audio1's property values read from `guidanceValues` and `audioValues`.
    init(bus: ControlBus, scheduler: any LoopScheduler, guidanceValues: @escaping @RouteCueLoop () -> PropertyValues<GuidanceProperty>,
         audioValues: @escaping @RouteCueLoop () -> PropertyValues<AudioProperty>) {
        self.bus = bus
        self.scheduler = scheduler
        self.guidanceValues = guidanceValues
        self.audioValues = audioValues
    }

    // MARK: - Properties

    /// Sends PropertiesChanged for what changed since the last one: a change of state at once, the position-driven
    /// distances and time at most once a second (whole metres and seconds, so a car standing still sends nothing);
    /// a distance held back goes out with the next signal a second after the last one.
    func publishGuidance() {
        guard bus.ownsName else { return }
        let (changed, lookAgain) = guidancePublishing.changes(in: guidanceValues().all, at: scheduler.now)
        if let lookAgain { publishTimer.set(lookAgain) }
        guard !changed.isEmpty else { return }
        bus.propertiesChanged(ControlInterfaces.guidance, changed.byName)
    }

    /// A journal found at start is offered to the UI (`journal.resume: ask`): JournalOffered, and the properties.
    func journalOffered(destination: String?, ageSeconds: Double) {
        publishGuidance()
        guard bus.ownsName else { return }
        bus.emit(ControlInterfaces.guidance, "JournalOffered", [.string(destination ?? ""), .double(ageSeconds.rounded())])
    }

    /// Every property of both interfaces, as they are now (the name was just acquired: the UI learns the state).
    func publishAll() {
        let all = guidanceValues().all
        guidancePublishing.sentAll(all, at: scheduler.now)
        bus.propertiesChanged(ControlInterfaces.guidance, all.byName)
        // SpeechCacheBytes is read on demand, never signalled (it changes with every cue rendered).
        bus.propertiesChanged(ControlInterfaces.audio, audioValues().all.filter(\.key.emitsChanged).byName)
    }

    /// Audio1's properties that changed, with their new values.
    func audioChanged(_ changed: [AudioProperty: DBusValue]) {
        bus.propertiesChanged(ControlInterfaces.audio, changed.byName)
    }

    /// The active audio route changed, with why: RouteChanged and ActiveRoute.
    func routeChanged(to route: AudioRouteName, why: String) {
        bus.emit(ControlInterfaces.audio, "RouteChanged", [.string(route.rawValue), .string(why)])
        audioChanged([.activeRoute: .string(route.rawValue)])
    }

    // MARK: - Guidance

    /// The signals of the engine's actions.
    func guidanceEvent(_ event: GuidanceAudio.Event) {
        switch event {
        case .action(.speak(let cue)):
            spokenCues[cue.id] = cue
        case .action(.progress(.waypointReached(let leg, _))):
            bus.emit(ControlInterfaces.guidance, "WaypointReached", [.uint32(UInt32(leg))])
        case .action(.progress(.arrived)):
            bus.emit(ControlInterfaces.guidance, "DestinationReached", [])
        case .action(.progress(.offRoute)):
            bus.emit(ControlInterfaces.guidance, "OffRoute", [])
        case .action(.progress(.backOnRoute)):
            bus.emit(ControlInterfaces.guidance, "BackOnRoute", [])
        case .action(.reroute(let request)):
            if let position = request.position {
                bus.emit(ControlInterfaces.guidance, "RerouteNeeded",
                         [.double(position.latitude), .double(position.longitude), .double(request.course ?? -1)])
            }
        default:
            break
        }
    }

    // MARK: - Outputs

    /// Output `id` starts (`rendition`: spoken or a chime): EventText and WillPlay for a cue of the engine, WillPlay
    /// for the UI's Speak or PlayFile (`outputs`); Speaking becomes true.
    func willPlay(_ id: Int, rendition: OutputRendition, context: CueContext, outputs: ApplicationOutputs, inCall: Bool) {
        if let cue = spokenCues[id] {
            var details: [String: DBusValue] = ["id": .uint32(UInt32(id)), "leg": .uint32(UInt32(cue.leg)),
                                                "lang": .string(context.language), "short": .boolean(cue.short),
                                                "rendition": .string(rendition == .tone ? "tone" : "speech")]
            if let stage = cue.stage { details["stage"] = .string(stage.rawValue) }
            if let maneuver = cue.maneuver { details["maneuver"] = .uint32(UInt32(maneuver)) }
            if let distance = cue.distanceAtStart { details["distance_m"] = .double(distance.rounded()) }
            // SSML (configured, or a cue switching to a name's own voice) goes in `ssml`; the text is its words.
            if context.wording.markup(of: cue.text) != .plain { details["ssml"] = .string(cue.text) }
            if let nameLanguage = Self.nameLanguage(of: cue, on: context.engine) { details["name_lang"] = .string(nameLanguage) }
            details["name_voice"] = .boolean(CueWording.speaksNameInOwnVoice(cue.text))
            let words = CueWording.words(of: cue.text)
            bus.emit(ControlInterfaces.guidance, "EventText", [.string(words), .string(cue.kind.rawValue), .vardict(details)])
            bus.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(words), .string(cue.kind.rawValue)])
        } else if let text = outputs.text(of: id) {
            bus.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(text), .string(CueKind.app.rawValue)])
        } else if outputs.isClip(id) {
            bus.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(""), .string("file")])
        }
        if rendition == .tone, inCall { tonesForCall.insert(id) }
        audioChanged([.speaking: .boolean(true)])
    }

    /// Output `id` ended with `outcome`: DidPlay; Speaking becomes false when `quiet` (nothing plays any more).
    func didPlay(_ id: Int, outcome: OutputOutcome, quiet: Bool) {
        spokenCues[id] = nil
        let toneForCall = tonesForCall.remove(id) != nil
        let (word, reason): (String, String) = switch outcome {
        case .completed: ("spoken", toneForCall ? "a chime in place of speech during a phone call" : "")
        case .interrupted(let why): ("interrupted", why)
        case .cancelled(let why): (why == OutputReason.skipped ? "skipped" : "cancelled", why)
        }
        bus.emit(ControlInterfaces.audio, "DidPlay", [.uint32(UInt32(id)), .string(word), .string(reason)])
        if quiet { audioChanged([.speaking: .boolean(false)]) }
    }

    /// The language of the names in `cue` (its maneuver's, on the route it was said for), where the route says.
    private static func nameLanguage(of cue: Cue, on engine: GuidanceEngine?) -> String? {
        guard let engine, engine.routeGeneration == cue.routeGeneration, let index = cue.maneuver,
              engine.route.maneuvers.indices.contains(index) else { return nil }
        return engine.route.maneuvers[index].nameLanguage
    }
}
