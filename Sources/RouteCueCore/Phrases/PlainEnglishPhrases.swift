/// Cue text in plain US English: the baseline every language pack is measured against. Distances come in
/// already rounded to natural values (`SpokenDistances`); route text is used as plain words, cleaned of
/// control characters. Sentences start with a capital letter and have no final full stop.
public enum PlainEnglishPhrases {
    /// The words of `request`, with distances spoken in `units`.
    public static func text(for request: CuePhraseRequest, units: UnitSystem) -> String {
        let short = request.short
        let sentence: String
        switch request.subject {
        case let .maneuver(maneuver, stage, distance, then, landmark):
            sentence = maneuverText(maneuver, stage: stage, distance: distance.map { words($0, units) },
                                    then: then, landmark: landmark, short: short)
        case let .continueFor(distance):
            sentence = "continue for \(words(distance, units))"
        case let .waypointReached(name, _):
            sentence = named("you have reached your waypoint", name, short: short)
        case let .destinationReached(name, _):
            sentence = named("you have arrived at your destination", name, short: short)
        case let .resumed(destination, _):
            if !short, let destination = PhraseText.clean(destination) {
                sentence = "continuing to \(destination)"
            } else {
                sentence = "continuing along the route"
            }
        case let .warning(warning, distance):
            sentence = PlainEnglishWarnings.text(warning, distance: distance.map { words($0, units) }, short: short)
        case .offRoute:
            sentence = "recalculating"
        case .gpsLost:
            sentence = "GPS signal lost"
        case .gpsRegained:
            sentence = "GPS signal regained"
        }
        return PhraseText.capitalizingFirst(sentence)
    }

    /// "In 300 meters, turn left onto Main Street, then turn right", "Turn left now", "At the next traffic
    /// light, turn left". The `action` stage says "now" and ignores distance and landmark; a landmark takes
    /// the place of the distance in the full form; the short form drops road names, destinations and "then".
    static func maneuverText(_ maneuver: Maneuver, stage: CueStage, distance: String?, then next: Maneuver?,
                             landmark: Landmark?, short: Bool) -> String {
        let clause = PlainEnglishManeuverClause(maneuver, short: short)
        let atManeuver = stage == .action
        switch clause.form {
        case .departure:
            return PlainEnglishManeuverClause.join([clause.action, clause.target]) ?? clause.action
        case let .arrival(ahead, reached):
            if atManeuver { return reached }
            return distance.map { "in \($0), \(ahead)" } ?? ahead
        case .instruction:
            break
        }
        var lead: String? = nil
        if !atManeuver {
            let landmarkPhrase = clause.acceptsLandmark ? landmark.flatMap(PlainEnglishLandmarks.phrase) : nil
            lead = short ? (distance.map { "in \($0)" } ?? landmarkPhrase)
                         : (landmarkPhrase ?? distance.map { "in \($0)" })
        }
        var parts = [lead, clause.place].compactMap { $0 }
        parts.append(PlainEnglishManeuverClause.join([clause.action, atManeuver ? "now" : nil, clause.target])
                     ?? clause.action)
        if !short, let next { parts.append("then \(thenText(next))") }
        return parts.joined(separator: ", ")
    }

    /// The chained next maneuver: its place, action and road, without destinations.
    static func thenText(_ next: Maneuver) -> String {
        let clause = PlainEnglishManeuverClause(next, short: false)
        switch clause.form {
        case .arrival(let ahead, _):
            return ahead
        case .departure, .instruction:
            let action = PlainEnglishManeuverClause.join([clause.action, clause.roadTarget]) ?? clause.action
            return PlainEnglishManeuverClause.join([clause.place, action], separator: ", ") ?? action
        }
    }

    private static func words(_ distance: SpokenDistance, _ units: UnitSystem) -> String {
        PlainEnglishDistanceWords.words(distance, units: units)
    }

    private static func named(_ sentence: String, _ name: String?, short: Bool) -> String {
        guard !short, let name = PhraseText.clean(name) else { return sentence }
        return "\(sentence), \(name)"
    }
}
