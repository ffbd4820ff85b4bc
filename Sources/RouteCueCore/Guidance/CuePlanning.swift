/// Which cues may come next, and where each must be heard: the next maneuver's stages (with chaining, natural
/// guidance or the route's own announcements), `continue` after the last maneuver, warnings ahead, and the
/// immediate cues progress events asked for.
extension GuidanceEngine {
    static let approachStages: [CueStage] = [.range, .reminder, .distance, .action]

    mutating func candidates(_ e: ProgressEstimate, now: MonotonicInstant, actions: inout [GuidanceAction]) -> [CueCandidate] {
        var result = pendingImmediate.filter { !done.contains($0.key) }
        guard progress.state == .onRoute, !progress.leavingRoute, !e.frozen else { return result }
        closePassedManeuvers(before: e.nextAnnouncedManeuver, e: e, actions: &actions)
        if departureDue, !done.contains(.departure), let depart = route.maneuvers.first(where: { $0.type == .depart }) {
            let text = phrase(.maneuver(depart, stage: .action, distance: nil, then: nil, landmark: nil))
            result.append(CueCandidate(key: .departure, kind: .maneuver, stage: .continue, maneuver: depart.index,
                                       leg: depart.leg, full: text, short: nil, reference: nil, heardAt: nil, target: nil,
                                       trueLower: -.infinity, endLeadSeconds: 0, latestStart: now.advanced(bySeconds: 10),
                                       priority: 5))
        }
        departureDue = false
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
        let maneuver = route.maneuvers[m]
        var plan = plans[m] ?? ManeuverPlan(
            profile: timing.profile(approachRoadClass: maneuver.approachRoadClass, expectedSpeed: approachSpeed(m), speed: e.speed),
            chainedNext: nil, chainedFrom: nil, plannedAt: e.distanceAlong)
        guard plans[m] == nil || plans[m]?.plannedAt == .infinity else { return plans[m]! }
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
                full: phrase(.maneuver(maneuver, stage: .action, distance: nil, then: then, landmark: nil)),
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
                                latestStart: nil, priority: 4,
                                remainingWhenNext: plan.plannedAt.isFinite ? maneuver.distanceAlong - plan.plannedAt : nil)
        }
        let spoken: SpokenDistance
        switch plans[maneuver.index]?.stageDistances[stage].map(StagePlacement.placed) ?? placeStage(maneuver, stage, plan: plan, e: e) {
        case .placed(let distance):
            spoken = distance
        case .waiting:
            return CueCandidate(key: key, kind: .maneuver, stage: stage, maneuver: maneuver.index, leg: maneuver.leg,
                                full: "", short: nil, reference: maneuver.distanceAlong, heardAt: nil, target: nil,
                                trueLower: 0, endLeadSeconds: 0, latestStart: nil, priority: stage == .distance ? 3 : stage == .reminder ? 2 : 1)
        case .redundant(let reason):
            skipStage(maneuver, stage, plan: plan, e: e, reason: reason, actions: &actions)
            return nil
        }
        let landmark = stage == .distance && timing.naturalGuidance ? unambiguousLandmark(maneuver, e: e) : nil
        let texts = plans[maneuver.index]?.stageTexts[stage] ?? keepTexts(maneuver, stage,
            full: phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: then, landmark: landmark)),
            short: phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: nil, landmark: nil), short: true))
        let (full, short) = (texts.full, texts.short ?? texts.full)
        return CueCandidate(key: key, kind: .maneuver, stage: stage, maneuver: maneuver.index, leg: maneuver.leg,
                            full: full, short: short == full ? nil : short, reference: maneuver.distanceAlong,
                            heardAt: spoken.metres, target: spoken.metres,
                            trueLower: SpokenDistances.trueRange(of: spoken, in: timing.units).lowerBound,
                            endLeadSeconds: 0, latestStart: nil, priority: stage == .distance ? 3 : stage == .reminder ? 2 : 1,
                            remainingWhenNext: plan.plannedAt.isFinite ? maneuver.distanceAlong - plan.plannedAt : nil)
    }

    /// Where an approach stage stands: placed at a spoken distance, waiting (a time trigger while the car stands),
    /// or redundant (it would say no more than a later stage).
    enum StagePlacement {
        case placed(SpokenDistance)
        case waiting
        case redundant(String)
    }

    /// Fixes the distance an approach stage speaks: the natural value nearest its trigger, or — when the maneuver
    /// became next too close for it, or the stage would run into the next one — the largest smaller natural value
    /// still ahead that leaves room for its words before the next stage, so the number is heard exactly where it is
    /// true and nothing overlaps.
    private mutating func placeStage(_ maneuver: Maneuver, _ stage: CueStage, plan: ManeuverPlan,
                                     e: ProgressEstimate) -> StagePlacement {
        let standing = progress.options.standingSpeed
        let row = timing.row(plan.profile)
        guard let metres = row[stage]?.metres(atSpeed: e.speed, standing: standing) else { return .waiting }
        let configured = SpokenDistances.nearest(toMetres: metres, in: timing.units)
        // Spacing is judged at the speed the car may reach on this kind of road, not only its speed now.
        let speed = max(e.speed, timing.nominalSpeed(plan.profile))
        // Where the next later stage starts: this stage must say more, and end before it.
        var floor = 0.0
        var floorStage: CueStage?
        for later in Self.approachStages where later > stage && timing.includedStages.contains(later) {
            guard let m = row[later]?.metres(atSpeed: speed, standing: standing) else { continue }
            let value = later == .action
                ? max(m, speed * (timing.actionLeadSeconds + Self.typicalActionSeconds))
                : SpokenDistances.nearest(toMetres: m, in: timing.units).metres
            if value > floor { floor = value; floorStage = later }
        }
        let remaining = maneuver.distanceAlong - e.distanceAlong
        let reachable = remaining - (e.speed * (audio.leadIn + 0.3) + 2)
        let smaller = SpokenDistances.values(for: timing.units).filter { $0.metres < configured.metres }.reversed()
        for spoken in [configured] + smaller {
            guard spoken.metres <= reachable else { continue }
            guard spoken.metres > floor else { break }
            // The short form is the fallback when the full one would not fit, so it decides whether the stage can be placed.
            let text = phrase(.maneuver(maneuver, stage: stage, distance: spoken, then: nil, landmark: nil), short: true)
            let needed = speed * (durations.seconds(text) + timing.gapSeconds + Self.spacingSafetySeconds)
            guard spoken.metres - floor >= needed else { continue }
            plans[maneuver.index]?.stageDistances[stage] = spoken
            return .placed(spoken)
        }
        if configured.metres <= floor {
            return .redundant("says no more than the \(floorStage?.rawValue ?? "next") stage")
        }
        return .redundant(reachable < configured.metres
            ? "too close: the maneuver became next \(Int(remaining.rounded())) m before it, no natural distance left before the \(floorStage?.rawValue ?? "next") stage"
            : "no room before the \(floorStage?.rawValue ?? "next") stage")
    }

    /// Seconds an action cue placed by its duration starts earlier than the exact fit, so a fix that moves the
    /// estimate a little between planning and the trigger does not make it "not fit" and skip it for good.
    static let actionSlackSeconds = 0.2
    /// Seconds an action cue typically lasts, for spacing the stages before it.
    static let typicalActionSeconds = 2.5
    /// Seconds kept free after a cue, beyond the gap, for the car speeding up before the next one.
    static let spacingSafetySeconds = 1.0

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

    /// "Continue for 12 kilometers" shortly after the announced maneuver before `m`, when `m` is far.
    private func continueCandidate(before m: Int, e: ProgressEstimate) -> CueCandidate? {
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
                            endLeadSeconds: 0, latestStart: nil, priority: 0)
    }

    /// The route's own announcements of a maneuver, at the places the server chose.
    private func sourceCandidates(_ maneuver: Maneuver, _ announcements: [SourceAnnouncement]) -> [CueCandidate] {
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
                                priority: last ? 4 : 3)
        }
    }

    /// Warnings of the enabled kinds ahead.
    private func warningCandidates(_ e: ProgressEstimate) -> [CueCandidate] {
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

    /// The landmark to guide by, when the maneuver has exactly one of a speakable kind close to it and no
    /// maneuver between the car and it has one of the same kind (so "the next traffic light" is the right one).
    private func unambiguousLandmark(_ maneuver: Maneuver, e: ProgressEstimate) -> Landmark? {
        let speakable: Set<String> = ["traffic_signals", "stop_sign", "railway_crossing", "yield"]
        let near = maneuver.landmarks.filter { speakable.contains($0.kind) && ($0.distanceBeforeManeuver ?? 0) <= 30 }
        guard near.count == 1, let landmark = near.first else { return nil }
        let between = route.maneuvers.filter { $0.distanceAlong > e.distanceAlong && $0.index < maneuver.index }
        guard !between.contains(where: { $0.landmarks.contains { $0.kind == landmark.kind } }) else { return nil }
        return landmark
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
    func phrase(_ subject: CuePhraseRequest.Subject, short: Bool = false) -> String {
        PlainEnglishPhrases.text(for: CuePhraseRequest(subject: subject, short: short), units: timing.units)
    }
}
