/// Candidates beside a maneuver's approach stages: `continue`, the route's own announcements, warnings, and the
/// landmark natural guidance may name.
extension GuidanceEngine {
    /// "Continue for 12 kilometers" shortly after the announced maneuver before `m`, when `m` is far.
    func continueCandidate(before m: Int, e: ProgressEstimate) -> CueCandidate? {
        guard timing.includedStages.contains(.continue),
              let p = route.maneuvers[..<m].last(where: { $0.announced || $0.type == .depart }) else { return nil }
        let key = CueKey.continueAfter(maneuver: p.index)
        let next = route.maneuvers[m]
        let gap = next.distanceAlong - p.distanceAlong
        guard !done.contains(key), gap >= timing.continueMinimumMetres,
              e.distanceAlong - p.distanceAlong < 1000 else { return nil }
        let heardAt = gap - max(30, e.speed * timing.continueDelaySeconds)
        guard let spoken = SpokenDistances.spoken(forRemaining: heardAt, in: timing.units) else { return nil }
        let text = phrase(.continueFor(spoken))
        return CueCandidate(key: key, kind: .maneuver, stage: .continue, maneuver: p.index, leg: p.leg, full: text,
                            short: nil, reference: next.distanceAlong, heardAt: heardAt, target: heardAt,
                            trueLower: SpokenDistances.trueRange(of: spoken, in: timing.units).lowerBound,
                            endLeadSeconds: 0, latestStart: nil, priority: CueStage.continue.priority)
    }

    /// The route's own announcements of a maneuver, at the places the server chose.
    func sourceCandidates(_ maneuver: Maneuver, _ announcements: [SourceAnnouncement]) -> [CueCandidate] {
        let sorted = announcements.enumerated().sorted { ($0.element.distanceAlong ?? 0) < ($1.element.distanceAlong ?? 0) }
        return sorted.enumerated().compactMap { position, item in
            let (index, a) = item
            let key = CueKey.source(maneuver: maneuver.index, index: index)
            guard !done.contains(key), let along = a.distanceAlong else { return nil }
            let heardAt = max(0, maneuver.distanceAlong - along)
            let last = position == sorted.count - 1
            let stage: CueStage = last ? .action : position == 0 && sorted.count >= 3 ? .range : .distance
            return CueCandidate(key: key, kind: .maneuver, stage: stage, maneuver: maneuver.index, leg: maneuver.leg,
                                full: a.text, short: nil, reference: maneuver.distanceAlong, heardAt: heardAt,
                                target: heardAt, trueLower: last ? 0 : heardAt - max(25, 0.15 * heardAt),
                                endLeadSeconds: last ? timing.actionLeadSeconds : 0, latestStart: nil,
                                priority: (last ? CueStage.action : .distance).priority)
        }
    }

    /// Warnings of the enabled kinds ahead.
    func warningCandidates(_ e: ProgressEstimate) -> [CueCandidate] {
        guard !timing.warningKinds.isEmpty else { return [] }
        var result: [CueCandidate] = []
        for (i, w) in route.warnings.enumerated() where timing.warningKinds.contains(w.kind) {
            let ahead = w.distanceAlong - e.distanceAlong
            guard ahead > 0, ahead < 5000, !done.contains(.warning(i)) else { continue }
            guard let metres = timing.warningTrigger.metres(atSpeed: e.speed, standing: progress.options.standingSpeed) else { continue }
            let spoken = SpokenDistances.nearest(toMetres: max(metres, timing.warningMinimumMetres), in: timing.units)
            let full = phrase(.warning(w, distance: spoken))
            let short = phrase(.warning(w, distance: spoken), short: true)
            result.append(CueCandidate(key: .warning(i), kind: .warning, stage: nil, maneuver: nil, leg: e.leg, full: full,
                                       short: short == full ? nil : short, reference: w.distanceAlong,
                                       heardAt: spoken.metres, target: spoken.metres,
                                       trueLower: SpokenDistances.trueRange(of: spoken, in: timing.units).lowerBound,
                                       endLeadSeconds: 0, latestStart: nil, priority: 2))
        }
        return result
    }

    /// The landmark to guide by, when the maneuver has exactly one of a speakable kind close to it and no other of
    /// the same kind lies between the car and it (farther before this maneuver, as a signal passed straight on, or on
    /// a maneuver the car meets first) from `position` (metres along the route) on, so "the next traffic light" said
    /// there is the right one.
    func unambiguousLandmark(_ maneuver: Maneuver, from position: Double) -> Landmark? {
        let speakable: Set<String> = ["traffic_signals", "stop_sign", "railway_crossing", "yield"]
        let near = maneuver.landmarks.filter { speakable.contains($0.kind) && ($0.distanceBeforeManeuver ?? 0) <= 30 }
        guard near.count == 1, let landmark = near.first else { return nil }
        let at = maneuver.distanceAlong - (landmark.distanceBeforeManeuver ?? 0)
        let ahead = route.maneuvers.filter { $0.distanceAlong > position && $0.index <= maneuver.index }
        let another = ahead.contains { m in
            m.landmarks.contains { l in
                guard l.kind == landmark.kind, !(m.index == maneuver.index && l == landmark) else { return false }
                let lies = m.distanceAlong - (l.distanceBeforeManeuver ?? 0)
                return lies > position && lies < at
            }
        }
        return another ? nil : landmark
    }
}
