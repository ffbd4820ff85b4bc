/// One line of the cue log (docs/cue-log.md): a cue spoken, cancelled or skipped, and why.
public struct CueLogEntry: Sendable, Equatable {
    /// What happened to the cue.
    public enum Event: String, Sendable, Codable {
        case spoken, cancelled, skipped
    }

    /// Order of decisions within a run.
    public var seq: Int
    /// Spoken, cancelled or skipped.
    public var event: Event
    /// What the cue is about.
    public var kind: CueKind
    /// Its stage, where it has one.
    public var stage: CueStage?
    /// Maneuver index, where it concerns one.
    public var maneuver: Int?
    /// Route leg.
    public var leg: Int
    /// The words (for a skipped cue, the words it would have had).
    public var text: String
    /// Language tag of the words.
    public var lang: String
    /// When it was triggered, heard and ended, on the monotonic clock (nil for a skipped cue).
    public var trigger: MonotonicInstant?
    /// First word heard.
    public var audioStart: MonotonicInstant?
    /// Last word ended.
    public var audioEnd: MonotonicInstant?
    /// Engine's metres to the maneuver when the first word is heard (or at the decision, for a skipped cue).
    public var distance: Double?
    /// Where it was meant to start (metres before the maneuver).
    public var target: Double?
    /// Speed (m/s).
    public var speed: Double
    /// Route generation.
    public var route: Int
    /// Why it was skipped or cancelled, or that the short form was chosen.
    public var reason: String?

    /// The entry for a cue, with the times it was actually played.
    public init(seq: Int, event: Event, cue: Cue, lang: String, audioStart: MonotonicInstant?,
                audioEnd: MonotonicInstant?, reason: String? = nil) {
        self.seq = seq
        self.event = event
        self.kind = cue.kind
        self.stage = cue.stage
        self.maneuver = cue.maneuver
        self.leg = cue.leg
        self.text = cue.text
        self.lang = lang
        self.trigger = cue.trigger
        self.audioStart = audioStart
        self.audioEnd = audioEnd
        self.distance = cue.distanceAtStart
        self.target = cue.target
        self.speed = cue.speed
        self.route = cue.routeGeneration
        self.reason = reason ?? (cue.short ? "short form: the full one would not fit" : nil)
    }

    /// An entry for a decision that produced no audio (a skipped stage).
    public init(seq: Int, event: Event, kind: CueKind, stage: CueStage?, maneuver: Int?, leg: Int, text: String,
                lang: String, distance: Double?, target: Double?, speed: Double, route: Int, reason: String) {
        self.seq = seq
        self.event = event
        self.kind = kind
        self.stage = stage
        self.maneuver = maneuver
        self.leg = leg
        self.text = text
        self.lang = lang
        self.distance = distance
        self.target = target
        self.speed = speed
        self.route = route
        self.reason = reason
    }

    /// The JSON Lines record, with times converted to the fix-time clock (Unix seconds) by `fixTime`; with
    /// `monotonic`, also the instants on the clock RouteCue scheduled them on (`m_trigger`, `m_audio_start`,
    /// `m_audio_end`, seconds: CLOCK_MONOTONIC in the daemon, the replay's virtual clock in `simulate`).
    public func jsonLine(fixTime: (MonotonicInstant) -> Double?, monotonic: Bool = false) -> String {
        func time(_ instant: MonotonicInstant?) -> JSONValue {
            guard let instant, let t = fixTime(instant) else { return .null }
            return .number((t * 1000).rounded() / 1000)
        }
        func metres(_ value: Double?) -> JSONValue {
            value.map { .number(($0 * 10).rounded() / 10) } ?? .null
        }
        var pairs: [(String, JSONValue)] = [
            ("seq", .number(Double(seq))),
            ("event", .string(event.rawValue)),
            ("kind", .string(kind.rawValue)),
            ("stage", stage.map { .string($0.rawValue) } ?? .null),
            ("maneuver", maneuver.map { .number(Double($0)) } ?? .null),
            ("leg", .number(Double(leg))),
            ("text", .string(text)),
            ("lang", .string(lang)),
            ("t_trigger", time(trigger)),
            ("t_audio_start", time(audioStart)),
            ("t_audio_end", time(audioEnd)),
            ("distance_m", metres(distance)),
            ("target_m", metres(target)),
            ("speed_mps", .number((speed * 100).rounded() / 100)),
            ("route", .number(Double(route))),
        ]
        if let reason { pairs.append(("reason", .string(reason))) }
        if monotonic {
            func seconds(_ instant: MonotonicInstant?) -> JSONValue {
                instant.map { .number(($0.seconds * 1000).rounded() / 1000) } ?? .null
            }
            pairs += [("m_trigger", seconds(trigger)), ("m_audio_start", seconds(audioStart)), ("m_audio_end", seconds(audioEnd))]
        }
        return JSONTextWriter.line(.object(JSONObject(pairs)))
    }
}
