import RouteCueCore

extension PhrasePack {
    /// The plain words of maneuver `m` at `stage`, as phrase tests write them: `pack.say(turnLeft, .distance, metres(300))`.
    public func say(_ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil, then: Maneuver? = nil,
                    landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) -> String {
        text(for: CuePhraseRequest(subject: .maneuver(m, stage: stage, distance: d, then: then, landmark: landmark), short: short),
             units: units)
    }

    /// The plain words of any cue subject.
    public func say(_ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) -> String {
        text(for: CuePhraseRequest(subject: subject, short: short), units: units)
    }
}
