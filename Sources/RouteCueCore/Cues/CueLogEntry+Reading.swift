/// Reading a cue log back (`routecue run --cues`, `routecue simulate --cues`): benches and tools evaluate what was said.
extension CueLogEntry {
    /// The entry of one JSON Lines record. Its instants are the `m_…` fields (the clock RouteCue scheduled on) when
    /// the line has them, else none; fix-time fields are not turned back into instants. A bad line is an error of the
    /// cue log.
    public init(jsonLine line: String) throws(InputError) {
        do throws(InputError) {
            let root = try RouteReader.parseJSON(Array(line.utf8))
            func text(_ key: String) throws(InputError) -> String { try root.require(key).string() }
            func number(_ key: String) throws(InputError) -> Double? {
                guard let node = root[key], !node.isNull else { return nil }
                return try node.double()
            }
            func instant(_ key: String) throws(InputError) -> MonotonicInstant? {
                try number(key).map { MonotonicInstant(seconds: $0) }
            }
            guard let event = Event(rawValue: try text("event")) else { throw root.error(.invalidValue, "unknown event") }
            guard let kind = CueKind(rawValue: try text("kind")) else { throw root.error(.invalidValue, "unknown kind") }
            let stage = try root["stage"].flatMap { node throws(InputError) -> CueStage? in
                node.isNull ? nil : CueStage(rawValue: try node.string())
            }
            self.init(seq: Int(try number("seq") ?? 0), event: event, kind: kind, stage: stage,
                      maneuver: try number("maneuver").map { Int($0) }, leg: Int(try number("leg") ?? 0), text: try text("text"),
                      lang: try text("lang"), distance: try number("distance_m"), target: try number("target_m"),
                      speed: try number("speed_mps") ?? 0, route: Int(try number("route") ?? 0), reason: "")
            reason = try root.optionalString("reason")
            trigger = try instant("m_trigger")
            audioStart = try instant("m_audio_start")
            audioEnd = try instant("m_audio_end")
        } catch {
            throw error.as(.cueLog)
        }
    }
}
