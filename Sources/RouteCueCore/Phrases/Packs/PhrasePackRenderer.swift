/// Turns one `CuePhraseRequest` into a sentence of a pack: picks the templates, gathers the values and
/// arranges the sentence (approach / action / landmark / then), then capitalizes its first letter.
struct PhrasePackRenderer {
    let pack: PhrasePack
    let units: UnitSystem
    let short: Bool
    let abbreviations: Abbreviations.LanguageTable?
    var nameAbbreviations: NameAbbreviations? = nil
    /// Whether a name (text, language) will be spoken by its own language's voice (`CueWording` switching voices):
    /// such a name is said even in a script the pack's voice cannot read.
    var spokenInOwnVoice: ((_ text: String, _ language: String) -> Bool)? = nil

    func render(_ request: CuePhraseRequest) -> PhraseRendering {
        var missing: [String] = []
        let sentence: SpokenText
        switch request.subject {
        case let .maneuver(maneuver, stage, distance, next, landmark):
            sentence = maneuverSentence(maneuver, stage: stage, distance: distance, then: next, landmark: landmark,
                                        missing: &missing)
        case .continueFor(let distance):
            sentence = fill("continue", PhrasePackValueSet(distance: distance), &missing)
        case let .waypointReached(name, language):
            sentence = fill("waypoint_reached", PhrasePackValueSet(fixed: ["name": data(PhraseText.clean(name), language: language)]), &missing)
        case let .destinationReached(name, language):
            sentence = fill("destination_reached", PhrasePackValueSet(fixed: ["name": data(PhraseText.clean(name), language: language)]), &missing)
        case let .resumed(destination, language):
            sentence = fill("resumed", PhrasePackValueSet(fixed: ["name": data(PhraseText.clean(destination), language: language)]), &missing)
        case let .warning(warning, distance):
            let template = pack.warnings[PhrasePackKinds.warning(warning.kind)]!
            let values = PhrasePackValueSet(fixed: ["text": data(PhraseText.clean(warning.text))], distance: distance)
            sentence = renderer(values).render(template, missing: &missing)
        case .offRoute:
            sentence = fill("recalculating", PhrasePackValueSet(), &missing)
        case .gpsLost:
            sentence = fill("gps_lost", PhrasePackValueSet(), &missing)
        case .gpsRegained:
            sentence = fill("gps_regained", PhrasePackValueSet(), &missing)
        }
        return PhraseRendering(text: FirstLetterCapitalizer.capitalize(sentence, language: pack.language.language),
                               missingValues: missing)
    }

    /// The sentence of a maneuver at `stage` (see docs/phrase-packs.md "Sentences").
    private func maneuverSentence(_ maneuver: Maneuver, stage: CueStage, distance: SpokenDistance?, then next: Maneuver?,
                                  landmark: Landmark?, missing: inout [String]) -> SpokenText {
        let atManeuver = stage == .action
        switch pack.maneuvers[maneuver.type]! {
        case let .arrival(ahead, reached):
            if atManeuver { return clause(maneuver, table: reached, now: false, destination: true, missing: &missing).text }
            let words = clause(maneuver, table: ahead, now: false, destination: true, missing: &missing).text
            return fill("approach", PhrasePackValueSet(fixed: ["clause": words], distance: distance), &missing)
        case .clauses(let table):
            let (words, entry) = clause(maneuver, table: table, now: atManeuver, destination: true, missing: &missing)
            if maneuver.type == .depart || maneuver.type == .notification { return words }
            var sentence: SpokenText
            if atManeuver {
                sentence = fill("action", PhrasePackValueSet(fixed: ["clause": words]), &missing)
            } else {
                let landmarkWords = entry.acceptsLandmark ? landmark.flatMap { PhrasePackKinds.landmark($0.kind) }.flatMap { pack.landmarks[$0] } : nil
                let useLandmark = landmarkWords != nil && (!short || distance == nil)
                if useLandmark, let landmarkWords {
                    sentence = fill("landmark", PhrasePackValueSet(fixed: ["clause": words, "landmark": .literal(landmarkWords)]), &missing)
                } else {
                    sentence = fill("approach", PhrasePackValueSet(fixed: ["clause": words], distance: distance), &missing)
                }
            }
            if !short, let next {
                sentence = fill("then", PhrasePackValueSet(fixed: ["sentence": sentence, "next": thenClause(next, missing: &missing)]), &missing)
            }
            return sentence
        }
    }

    /// The chained next maneuver: what is said ahead of an arrival, else its clause without destinations or "now".
    private func thenClause(_ next: Maneuver, missing: inout [String]) -> SpokenText {
        switch pack.maneuvers[next.type]! {
        case .arrival(let ahead, _): return clause(next, table: ahead, now: false, destination: true, missing: &missing).text
        case .clauses(let table): return clause(next, table: table, now: false, destination: false, missing: &missing).text
        }
    }

    /// The clause of `maneuver` from `table`, with its values.
    private func clause(_ maneuver: Maneuver, table: PackClauseTable, now: Bool, destination: Bool,
                        missing: inout [String]) -> (text: SpokenText, entry: PackClause) {
        let arrival = maneuver.type == .arrive || maneuver.type == .waypoint
        // The side of the street at an arrival is left out of the short form.
        let modifier = arrival && short ? nil : maneuver.modifier
        let entry = table.clause(for: modifier)
        let values = PhrasePackValueSet(fixed: clauseValues(maneuver, now: now, destination: destination),
                                        ordinal: maneuver.exitNumber, modifier: modifier)
        return (renderer(values).render(entry.template, missing: &missing), entry)
    }

    private func clauseValues(_ m: Maneuver, now: Bool, destination: Bool) -> [String: SpokenText?] {
        // Names carry the language of the maneuver's names; a ref standing in for a missing name does not.
        let name = PhraseText.clean(m.roadName)
        var values: [String: SpokenText?] = [
            "road": name.map { spokenName($0, language: m.nameLanguage) } ?? spokenName(PhraseText.clean(m.ref)),
            "ref": spokenName(PhraseText.clean(m.ref)),
            "rotary": spokenName(PhraseText.clean(m.rotaryName), language: m.nameLanguage),
            "exit": data(PlainEnglishManeuverClause.firstExit(m.exits), language: m.nameLanguage),
            "instruction": data(PhraseText.clean(m.instruction)),
            "now": now ? pack.words["now"].map(SpokenText.literal) : nil,
            "direction": m.bearingAfter.flatMap(Self.compassIndex).map { .literal(pack.directions[$0]) },
            "offside": offside(m).map(SpokenText.literal),
        ]
        values["destination"] = destination ? destinations(m.destinations, language: m.nameLanguage) : nil
        return values
    }

    /// The word for the side of an exit that is not the side traffic drives on ("left" where traffic keeps right).
    private func offside(_ m: Maneuver) -> String? {
        guard let side = PlainEnglishManeuverClause.side(m.modifier), side != (m.drivingSide ?? .right).rawValue else { return nil }
        return pack.modifiers["default"]?[side == "left" ? .left : .right]
    }

    /// Up to two signposted destinations the voice can say (after an "A 5:" refs part), joined by the pack's "and".
    private func destinations(_ text: String?, language: String?) -> SpokenText? {
        guard var text = PhraseText.clean(text) else { return nil }
        if let colon = text.firstIndex(of: ":"), let names = PhraseText.clean(String(text[text.index(after: colon)...])) {
            text = names
        }
        let names = text.split(whereSeparator: { $0 == "," || $0 == ";" }).compactMap { PhraseText.clean(String($0)) }
        let spoken = names.compactMap { spokenName($0, language: language) }.prefix(2)
        guard var out = spoken.first else { return nil }
        if spoken.count == 2, let second = spoken.last {
            let and = pack.words["and"]!
            out.append(SpokenSegment.literal(VoiceScript.writtenWithoutSpaces(pack.scripts) ? and : " \(and) "))
            out.append(second)
        }
        return out
    }

    /// A road name or ref as route data of `language` (nil: unknown, or a ref), expanded for speech: with the pack's
    /// table when the name is of the pack's language or unknown, with its own language's table otherwise (`Str.` in a
    /// German name is `Straße`, never an English abbreviation), unexpanded when there is no such table.
    private func spokenName(_ text: String?, language: String? = nil) -> SpokenText? {
        guard let text else { return nil }
        let table: Abbreviations.LanguageTable?
        var region = pack.language.region
        if let language, let tag = try? LanguageTag(language), tag.language != pack.language.language {
            table = nameAbbreviations?.table(forLanguage: tag.language)
            region = tag.region
        } else {
            table = abbreviations
        }
        guard let table else { return data(text, language: language) }
        return data(PhraseText.clean(Abbreviations.expandForSpeech(text, language: table, region: region)), language: language)
    }

    /// Route text as route data of `language`; nil (missing) when neither the pack's voice can say it in its own
    /// script nor the name's own language's voice will (a Cyrillic `ru` name in an English cue, with a Russian voice).
    private func data(_ text: String?, language: String? = nil) -> SpokenText? {
        guard let text else { return nil }
        guard VoiceScript.canSay(text, scripts: pack.scripts)
                || language.map({ spokenInOwnVoice?(text, $0) ?? false }) ?? false else { return nil }
        return .routeData(text, language: language)
    }

    /// Compass sector 0…7 (north clockwise) of a bearing; nil when not finite.
    static func compassIndex(_ bearing: Double) -> Int? {
        guard bearing.isFinite else { return nil }
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return Int((normalized / 45).rounded()) % 8
    }

    private func fill(_ key: String, _ values: PhrasePackValueSet, _ missing: inout [String]) -> SpokenText {
        renderer(values).render(pack.sentences[key]!, missing: &missing)
    }

    private func renderer(_ values: PhrasePackValueSet) -> PhraseTemplateRenderer {
        PhraseTemplateRenderer { name, form in values.lookup(name, form: form, pack: pack, units: units, short: short) }
    }
}

/// The values one template is filled from.
struct PhrasePackValueSet {
    /// Values without forms; a nil entry is a missing value.
    var fixed: [String: SpokenText?] = [:]
    var distance: SpokenDistance? = nil
    var ordinal: Int? = nil
    var modifier: ManeuverModifier? = nil

    /// The value `name` in `form`; route data is missing in the short form.
    func lookup(_ name: String, form: String?, pack: PhrasePack, units: UnitSystem, short: Bool) -> SpokenText? {
        if short, PhrasePackValues.shortDropped.contains(name) { return nil }
        switch name {
        case "distance": return distance.flatMap { pack.distanceWords($0, form: form ?? "default", units: units) }.map(SpokenText.literal)
        case "ordinal": return ordinal.flatMap { pack.ordinalWords($0, form: form ?? "default") }.map(SpokenText.literal)
        case "modifier": return modifier.flatMap { pack.modifiers[form ?? "default"]?[$0] }.map(SpokenText.literal)
        default: return fixed[name] ?? nil
        }
    }
}
