/// Which cues may come next, and where each must be heard: the next maneuver's stages (with chaining, natural
/// guidance or the route's own announcements), `continue` after the last maneuver, warnings ahead, and the
/// immediate cues progress events asked for.
extension GuidanceEngine {
    static let approachStages: [CueStage] = [.range, .reminder, .distance, .action]

    mutating func candidates(_ e: ProgressEstimate, now: MonotonicInstant, actions: inout [GuidanceAction]) -> [CueCandidate] {
        var result = pendingImmediate.filter { !done.contains($0.key) }
        guard progress.state == .onRoute, !progress.leavingRoute, !e.frozen else { return result }
        closePassedManeuvers(before: e.nextAnnouncedManeuver, e: e, actions: &actions)
        if let at = departureAt {
            if !done.contains(.departure), let depart = route.maneuvers.first(where: { $0.type == .depart }) {
                let text = phrase(.maneuver(depart, stage: .action, distance: nil, then: nil, landmark: nil))
                result.append(CueCandidate(key: .departure, kind: .maneuver, stage: .continue, maneuver: depart.index,
                                           leg: depart.leg, full: text, short: nil, reference: nil, heardAt: nil, target: nil,
                                           trueLower: -.infinity, endLeadSeconds: 0, latestStart: at.advanced(bySeconds: 10),
                                           priority: 5, notBefore: at))
            } else {
                departureAt = nil
            }
        }
        if let m = atLegStart(e) ?? e.nextAnnouncedManeuver {
            let plan = self.plan(for: m, e: e, actions: &actions)
            if let c = continueCandidate(before: m, e: e) { result.append(c) }
            let maneuver = route.maneuvers[m]
            let source = maneuver.announcements.filter { $0.distanceAlong != nil }
            if timing.useSourceAnnouncements, !source.isEmpty {
                result += sourceCandidates(maneuver, source)
            } else {
                for stage in Self.approachStages {
                    if let c = stageCandidate(maneuver, stage: stage, plan: plan, e: e, actions: &actions) { result.append(c) }
                }
            }
        }
        result += warningCandidates(e)
        return result.filter { !done.contains($0.key) }
    }

    /// The plan of maneuver `m`, made the first time it is needed: profile, chaining, and what a previous route
    /// already said about it.
    private mutating func plan(for m: Int, e: ProgressEstimate, actions: inout [GuidanceAction]) -> ManeuverPlan {
        // A plan made when the car became near is final; one made ahead by chaining (`plannedAt` infinite) is completed now.
        if let existing = plans[m], existing.plannedAt.isFinite { return existing }
        let maneuver = route.maneuvers[m]
        var plan = plans[m] ?? ManeuverPlan(
            profile: timing.profile(approachRoadClass: maneuver.approachRoadClass, expectedSpeed: approachSpeed(m), speed: e.speed),
            chainedNext: nil, chainedFrom: nil, plannedAt: e.distanceAlong)
        plan.plannedAt = e.distanceAlong
        if routeGeneration > 0, let latest = memory.latestStage(near: maneuver.location, type: maneuver.type) {
            for stage in Self.approachStages where stage <= latest {
                skipStage(maneuver, stage, plan: plan, e: e, reason: "already spoken for this maneuver before the new route",
                          actions: &actions)
            }
        }
        if maneuver.type != .waypoint, maneuver.type != .arrive,
           let n = route.maneuvers[(m + 1)...].first(where: { $0.announced })?.index {
            let gap = route.maneuvers[n].distanceAlong - maneuver.distanceAlong
            if gap <= min(timing.chainMaximumMetres, timing.chainSeconds * timing.nominalSpeed(plan.profile)) {
                plan.chainedNext = n
                let next = route.maneuvers[n]
                let nextPlan = ManeuverPlan(
                    profile: timing.profile(approachRoadClass: next.approachRoadClass, expectedSpeed: approachSpeed(n), speed: e.speed),
                    chainedNext: nil, chainedFrom: m, plannedAt: .infinity)
                plans[n] = nextPlan
                for stage in [CueStage.range, .reminder] {
                    skipStage(next, stage, plan: nextPlan, e: e,
                              reason: "chained: announced with maneuver \(m) (\(Int(gap)) m before it)", actions: &actions)
                }
            }
        }
        plans[m] = plan
        return plan
    }

    /// The speed the route expects on the stretch leading to maneuver `m` (the previous step's stated distance ÷
    /// duration), when the source states both.
    private func approachSpeed(_ m: Int) -> Double? {
        guard m > 0, let d = route.maneuvers[m - 1].sourceDistance, let s = route.maneuvers[m - 1].sourceDuration,
              d > 50, s > 0 else { return nil }
        return d / s
    }

    /// A maneuver at the very start of the current leg (a U-turn at the waypoint just reached) stays the next one
    /// until its action is decided, even when the car was placed a little past it when the leg began.
    private func atLegStart(_ e: ProgressEstimate) -> Int? {
        guard e.leg > 0, e.leg < route.legs.count else { return nil }
        let start = route.legs[e.leg].distanceStart
        guard let first = route.maneuvers.firstIndex(where: { $0.leg == e.leg }) else { return nil }
        guard let m = route.maneuvers[first...].prefix(while: { $0.distanceAlong < start + 1 }).first(where: {
            $0.announced && $0.type != .depart
        }) else { return nil }
        guard !done.contains(.stage(maneuver: m.index, .action)), e.distanceAlong - m.distanceAlong < 30 else { return nil }
        return m.index
    }

    /// One approach stage of `maneuver` as a candidate, or nil when the row leaves it out or it is done.
    private mutating func stageCandidate(_ maneuver: Maneuver, stage: CueStage, plan: ManeuverPlan,
                                         e: ProgressEstimate, actions: inout [GuidanceAction]) -> CueCandidate? {
        let key = CueKey.stage(maneuver: maneuver.index, stage)
        guard timing.includedStages.contains(stage), !done.contains(key),
              let trigger = timing.row(plan.profile)[stage] else { return nil }
        let then = stage == .distance || stage == .action ? plan.chainedNext.map { route.maneuvers[$0] } : nil
        let standing = progress.options.standingSpeed
        if stage == .action {
            let kind: CueKind = maneuver.type == .waypoint ? .waypoint : maneuver.type == .arrive ? .arrival : .maneuver
            let texts = plans[maneuver.index]?.stageTexts[.action] ?? keepTexts(maneuver, .action,
                full: namedStopArrival(maneuver, then: then)
                    ?? phrase(.maneuver(maneuver, stage: .action, distance: nil, then: then, landmark: nil)),
                short: phrase(.maneuver(maneuver, stage: .action, distance: nil, then: nil, landmark: nil), short: true))
            let (full, short) = (texts.full, texts.short ?? texts.full)
            var heardAt: Double?
            if let configured = trigger.metres(atSpeed: e.speed, standing: standing) {
                let seconds = timing.actionLeadSeconds + durations.seconds(full) + Self.actionSlackSeconds
                let needed = e.speed * seconds + speedUpAllowance(e) * seconds * seconds / 2
                heardAt = max(configured, needed, timing.actionMinimumMetres)
            }
            return CueCandidate(key: key, kind: kind, stage: .action, maneuver: maneuver.index, leg: maneuver.leg,
                                full: full, short: short == full ? nil : short, reference: maneuver.distanceAlong,
                                heardAt: heardAt, target: heardAt, trueLower: 0, endLeadSeconds: timing.actionLeadSeconds,
                                latestStart: nil, priority: CueStage.action.priority,
                                remainingWhenNext: plan.plannedAt.isFinite ? maneuver.distanceAlong - plan.plannedAt : nil)
        }
        let spoken: SpokenDistance
        switch plans[maneuver.index]?.stageDistances[stage].map(StagePlacement.placed) ?? placeStage(maneuver, stage, plan: plan, e: e) {
        case .placed(let distance):
            spoken = distance
        case .waiting:
            return CueCandidate(key: key, kind: .maneuver, stage: stage, maneuver: maneuver.index, leg: maneuver.leg,
                                full: "", short: nil, reference: maneuver.distanceAlong, heardAt: nil, target: nil,
                                trueLower: 0, endLeadSeconds: 0, latestStart: nil, priority: stage.priority)
        case .redundant(let reason):
            skipStage(maneuver, stage, plan: plan, e: e, reason: reason, actions: &actions)
            return nil
        }
        // Whether the landmark is "the next" one is judged where the cue will be heard (a little earlier, for margin),
        // not where the car is while it is planned: a signal passed by then does not count.
        let heardFrom = max(e.distanceAlong, maneuver.distanceAlong - spoken.metres - 10)
        let landmark = stage == .distance && timing.naturalGuidance ? unambiguousLandmark(maneuver, from: heardFrom) : nil
        let texts = plans[maneuver.index]?.stageTexts[stage] ?? keepTexts(maneuver, stage,
            full: phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: then, landmark: landmark)),
            short: phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: nil, landmark: nil), short: true))
        let (full, short) = (texts.full, texts.short ?? texts.full)
        return CueCandidate(key: key, kind: .maneuver, stage: stage, maneuver: maneuver.index, leg: maneuver.leg,
                            full: full, short: short == full ? nil : short, reference: maneuver.distanceAlong,
                            heardAt: spoken.metres, target: spoken.metres,
                            trueLower: SpokenDistances.trueRange(of: spoken, in: timing.units).lowerBound,
                            endLeadSeconds: 0, latestStart: nil, priority: stage.priority,
                            remainingWhenNext: plan.plannedAt.isFinite ? maneuver.distanceAlong - plan.plannedAt : nil)
    }

    /// The extra acceleration an action cue must allow for: `actionSpeedUpAllowance` while the car is speeding up
    /// (pulling away from a light), none while it cruises or brakes for the turn.
    func speedUpAllowance(_ e: ProgressEstimate) -> Double {
        e.acceleration > 0.2 ? timing.actionSpeedUpAllowance : 0
    }

    /// Keeps the words of a stage in its maneuver's plan, so they are composed once, not at every look.
    private mutating func keepTexts(_ maneuver: Maneuver, _ stage: CueStage, full: String, short: String) -> StageTexts {
        let texts = StageTexts(full: full, short: short == full ? nil : short)
        plans[maneuver.index]?.stageTexts[stage] = texts
        return texts
    }

    /// Logs the stages of maneuvers now behind the car that were never spoken, and forgets their plans.
    private mutating func closePassedManeuvers(before next: Int?, e: ProgressEstimate, actions: inout [GuidanceAction]) {
        for m in plans.keys.sorted() where next.map({ m < $0 }) ?? true {
            guard let plan = plans.removeValue(forKey: m) else { continue }
            let maneuver = route.maneuvers[m]
            for stage in Self.approachStages {
                skipStage(maneuver, stage, plan: plan, e: e, reason: "maneuver passed before this stage was spoken",
                          actions: &actions)
            }
        }
    }

    /// Marks a stage done without speaking it, logging why (only stages the row and the options use).
    mutating func skipStage(_ maneuver: Maneuver, _ stage: CueStage, plan: ManeuverPlan, e: ProgressEstimate,
                            reason: String, actions: inout [GuidanceAction]) {
        let key = CueKey.stage(maneuver: maneuver.index, stage)
        guard timing.includedStages.contains(stage), !done.contains(key), !pendingImmediate.contains(where: { $0.key == key }),
              let trigger = timing.row(plan.profile)[stage] else { return }
        done.insert(key)
        let metres = trigger.metres(atSpeed: e.speed, standing: progress.options.standingSpeed)
        let spoken = stage == .action ? nil : metres.map { SpokenDistances.nearest(toMetres: $0, in: timing.units) }
        let text = phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: nil, landmark: nil))
        actions.append(.logged(CueLogEntry(
            seq: nextSequence(), event: .skipped, kind: .maneuver, stage: stage, maneuver: maneuver.index,
            leg: maneuver.leg, text: text, lang: language, distance: maneuver.distanceAlong - e.distanceAlong,
            target: spoken?.metres ?? metres, speed: e.speed, route: routeGeneration, reason: reason)))
    }

    /// Words for a phrase request.
    /// Arriving at a named stop (nothing chained after it) says its name, as the stop's own arrival cue does.
    func namedStopArrival(_ maneuver: Maneuver, then: Maneuver?) -> String? {
        guard maneuver.type == .waypoint, then == nil,
              let name = route.waypoints.first(where: { $0.legEnding == maneuver.leg && $0.role == .via && $0.announced })?.name
        else { return nil }
        return phrase(.waypointReached(name: name, nameLanguage: maneuver.nameLanguage))
    }

    func phrase(_ subject: CuePhraseRequest.Subject, short: Bool = false) -> String {
        wording.text(for: CuePhraseRequest(subject: subject, short: short), units: timing.units)
    }
}
