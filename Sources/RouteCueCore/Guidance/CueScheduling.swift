/// Picks the cue to speak now, if any, and the instant to look again: each candidate's first word is placed
/// where its distance is true (or, for `action`, where it ends `actionLeadSeconds` before the maneuver), the
/// trigger comes earlier by the audio route's latency and pre-roll, and a cue that would be late, run into the
/// maneuver or overlap a more important one falls back to its short form, else is skipped with the reason.
extension GuidanceEngine {
    /// A candidate with the instant its first word is planned to be heard (nil: cannot be placed yet).
    private struct Timed {
        var candidate: CueCandidate
        var heard: MonotonicInstant?
    }

    /// Looks at the situation at `now`: speaks the most important cue that is due, if any fits, skips those whose
    /// moment passed, and sets `nextWakeup`.
    mutating func schedule(at now: MonotonicInstant, into actions: inout [GuidanceAction]) {
        queueGPSLostCue(now: now)
        let e = progress.estimate(at: now)
        let candidates = self.candidates(e, now: now, actions: &actions)
        var texts: [String] = []
        var seen: Set<String> = []
        for c in candidates {
            for text in [c.full, c.short].compactMap({ $0 }) where !text.isEmpty && seen.insert(text).inserted {
                texts.append(text)
                if durations.needsRendering(text) { actions.append(.render(text)) }
            }
        }
        upcomingTexts = texts
        var timed = candidates.map { Timed(candidate: $0, heard: plannedHearing($0, e: e, now: now)) }
        giveWay(&timed)
        if !(playingUntil.map { $0 > now } ?? false) {
            speakDue(&timed, e: e, now: now, into: &actions)
        }
        let look = nextLook(timed, e: e, now: now)
        let gpsCue = gpsLostCueDue.map { [$0.advanced(bySeconds: audio.leadIn)] } ?? []
        nextCueHeard = (timed.filter { !done.contains($0.candidate.key) }.compactMap(\.heard) + gpsCue).min()
        if let gps = gpsLostCueDue, look.map({ gps < $0 }) ?? true { nextWakeup = gps } else { nextWakeup = look }
    }

    /// When the first word of `c` should be heard: where its distance is true, as soon as possible when that point
    /// is reached already, nil while it cannot be placed (standing, or a distance cue through a long outage).
    private func plannedHearing(_ c: CueCandidate, e: ProgressEstimate, now: MonotonicInstant) -> MonotonicInstant? {
        let earliest = now.advanced(bySeconds: audio.leadIn)
        guard let reference = c.reference else { return max(earliest, c.notBefore ?? earliest) }
        let outage = e.uncertain && (e.secondsSinceFix ?? 0) > progress.options.outageSpeakSeconds
        guard let heardAt = c.heardAt, !(outage && c.endLeadSeconds == 0) else { return nil }
        // Action cues allow for the car being ahead of the prediction through an outage.
        let remaining = reference - e.distanceAlong
        let isAction = c.endLeadSeconds > 0
        if remaining - (isAction ? e.aheadMargin : 0) <= heardAt { return earliest }
        let dt = isAction ? e.time(toTravelWithMargin: remaining - heardAt) : e.time(toTravel: remaining - heardAt)
        return dt.map { max(earliest, now.advanced(bySeconds: $0)) }
    }

    /// A cue spoken as soon as possible that would run into a placed cue at least as important (a GPS cue meeting an
    /// action cue due during the outage) waits until that one has ended, when it can still start in time; else it
    /// stays due, and `fit` skips it with the reason.
    private func giveWay(_ timed: inout [Timed]) {
        // Most looks have no such cue: nothing to sort then (this runs at every fix and timer).
        guard timed.contains(where: { $0.candidate.reference == nil && $0.heard != nil }) else { return }
        let placed = timed.filter { $0.candidate.reference != nil && !done.contains($0.candidate.key) }
            .compactMap { item in item.heard.map { (heard: $0, candidate: item.candidate) } }
            .sorted { $0.heard < $1.heard }
        guard !placed.isEmpty else { return }
        for i in timed.indices where timed[i].candidate.reference == nil {
            guard var start = timed[i].heard, let latest = timed[i].candidate.latestStart else { continue }
            let c = timed[i].candidate
            let seconds = durations.seconds(c.full) + timing.gapSeconds + Self.spacingSafetySeconds
            for other in placed where other.candidate.priority >= c.priority && other.heard < start.advanced(bySeconds: seconds) {
                let otherEnd = other.heard.advanced(bySeconds: durations.seconds(other.candidate.full) + timing.gapSeconds)
                if otherEnd > start { start = otherEnd }
            }
            if start <= latest { timed[i].heard = start }
        }
    }

    /// Speaks the most important due cue that fits; due cues that cannot fit are skipped with their reason.
    private mutating func speakDue(_ timed: inout [Timed], e: ProgressEstimate, now: MonotonicInstant,
                                   into actions: inout [GuidanceAction]) {
        let earliest = now.advanced(bySeconds: audio.leadIn + 0.001)
        let due = timed.enumerated()
            .filter { $0.element.heard.map { $0 <= earliest } ?? false }
            .sorted { $0.element.candidate.priority > $1.element.candidate.priority }
        for (index, item) in due {
            switch fit(item.candidate, among: timed, e: e, now: now) {
            case .speak(let text, let short, let seconds):
                speak(item.candidate, text: text, short: short, seconds: seconds, e: e, now: now, into: &actions)
                timed.remove(at: index)
                return
            case .skip(let reason):
                skip(item.candidate, e: e, reason: reason, into: &actions)
            }
        }
    }

    /// The next instant to look again: a candidate's trigger (not before the current cue ends), passing the next
    /// maneuver or reaching a leg end (the following maneuver becomes next, even without fixes), or a progress timer.
    private func nextLook(_ timed: [Timed], e: ProgressEstimate, now: MonotonicInstant) -> MonotonicInstant? {
        var wake: [MonotonicInstant] = []
        if let t = progress.nextTimer { wake.append(t) }
        let legEnd = e.distanceAlong + e.remainingLegDistance - progress.options.arrivalRadiusMetres
        let ahead = [e.nextManeuver.map { route.maneuvers[$0].distanceAlong }, legEnd > e.distanceAlong ? legEnd : nil]
        if progress.state == .onRoute, let nearest = ahead.compactMap({ $0 }).min(),
           let dt = e.time(toTravel: nearest - e.distanceAlong + 0.5) {
            wake.append(now.advanced(bySeconds: max(0.001, dt)))
        }
        let soonest = now.advanced(bySeconds: 0.001)
        let playing = playingUntil.flatMap { $0 > now ? $0 : nil }
        for item in timed where !done.contains(item.candidate.key) {
            guard let heard = item.heard else { continue }
            let trigger = heard.earlier(bySeconds: audio.leadIn)
            wake.append(max(trigger, playing ?? trigger, soonest))
        }
        return wake.min()
    }

    private enum Fit {
        case speak(text: String, short: Bool, seconds: Double)
        case skip(String)
    }

    /// Whether `c`, started now, is true when heard, ends in time and overlaps nothing more important.
    private func fit(_ c: CueCandidate, among timed: [Timed], e: ProgressEstimate, now: MonotonicInstant) -> Fit {
        let leadIn = audio.leadIn
        let start = now.advanced(bySeconds: leadIn)
        if let latest = c.latestStart, start > latest { return .skip("too late: its moment passed while other cues played") }
        if let reference = c.reference {
            let r = reference - e.distanceAlong - e.travel(inSeconds: leadIn)
            if r < c.trueLower {
                if let r0 = c.remainingWhenNext, r0 < c.trueLower {
                    return .skip("too close: the maneuver became next \(metres(r0)) before it, these words are true only from \(metres(c.trueLower))")
                }
                return .skip(c.stage == .action
                    ? "no time: \(metres(r)) left when it could be heard"
                    : "moment passed: \(metres(r)) left when it could be heard, its words are true only from \(metres(c.trueLower))")
            }
        }
        var lastReason = ""
        for (text, short) in [(c.full, false), (c.short, true)] {
            guard let text, !text.isEmpty else { continue }
            let seconds = durations.seconds(text)
            if let reference = c.reference {
                var endRemaining = reference - e.distanceAlong - e.aheadMargin - e.travel(inSeconds: leadIn + seconds)
                if c.endLeadSeconds > 0 {
                    let t = leadIn + seconds + c.endLeadSeconds
                    endRemaining -= speedUpAllowance(e) * t * t / 2
                }
                let needed = c.endLeadSeconds * e.speed
                if endRemaining < needed {
                    lastReason = "would not fit: \(String(format1: seconds)) s of speech would end \(metres(endRemaining)) before the maneuver, needs \(metres(needed))"
                    continue
                }
            }
            let end = start.advanced(bySeconds: seconds + timing.gapSeconds + Self.spacingSafetySeconds)
            if let clash = timed.first(where: { other in
                other.candidate.key != c.key && other.candidate.priority >= c.priority
                    && other.candidate.reference != nil && !done.contains(other.candidate.key)
                    && (other.heard.map { $0 > start && $0 < end } ?? false)
            }) {
                lastReason = "would overlap the \(clash.candidate.stage?.rawValue ?? clash.candidate.kind.rawValue) cue that follows"
                continue
            }
            return .speak(text: text, short: short, seconds: seconds)
        }
        if c.stage == .action, let r0 = c.remainingWhenNext, let heardAt = c.heardAt, r0 < heardAt {
            return .skip("too close: the maneuver became next \(metres(r0)) before it, the action needs \(metres(heardAt)); \(lastReason)")
        }
        return .skip(lastReason.isEmpty ? "nothing to say" : lastReason)
    }

    private mutating func speak(_ c: CueCandidate, text: String, short: Bool, seconds: Double, e: ProgressEstimate,
                                now: MonotonicInstant, into actions: inout [GuidanceAction]) {
        let leadIn = audio.leadIn
        let start = now.advanced(bySeconds: leadIn)
        let end = start.advanced(bySeconds: seconds)
        var deadline = c.latestStart ?? MonotonicInstant(nanoseconds: UInt64.max)
        var distance: Double?
        if let reference = c.reference {
            let remaining = reference - e.distanceAlong
            distance = remaining - e.travel(inSeconds: leadIn)
            if c.trueLower.isFinite, let dt = e.time(toTravel: remaining - max(0, c.trueLower)) {
                deadline = now.advanced(bySeconds: max(leadIn, dt))
            }
        }
        let id = nextSequence()
        let cue = Cue(id: id, kind: c.kind, stage: c.stage, maneuver: c.maneuver, leg: c.leg, text: text, short: short,
                      trigger: now, audioStart: start, audioEnd: end, deadline: deadline, distanceAtStart: distance,
                      target: c.target, speed: e.speed, routeGeneration: routeGeneration)
        done.insert(c.key)
        spokenKeys.insert(c.key)
        noteGPSCueSpoken(c.key)
        let immediate = pendingImmediate.contains { $0.key == c.key }
        pendingImmediate.removeAll { $0.key == c.key }
        playingCandidate = (c, immediate)
        if let m = c.maneuver, let stage = c.stage, c.kind != .warning {
            memory.note(route.maneuvers[m].location, type: route.maneuvers[m].type, stage: stage)
        }
        playingUntil = end.advanced(bySeconds: timing.gapSeconds)
        playingID = id
        actions.append(.speak(cue))
        // A later stage heard first (at high speed the action's lead can exceed the distance stage's metres): the
        // earlier stages of the maneuver would now be heard after it, counting back up.
        if let m = c.maneuver, let stage = c.stage, stage != .continue, c.kind == .maneuver, let plan = plans[m] {
            for earlier in Self.approachStages where earlier < stage {
                skipStage(route.maneuvers[m], earlier, plan: plan, e: e,
                          reason: "the \(stage.rawValue) stage was spoken first", actions: &actions)
            }
        }
    }

    private mutating func skip(_ c: CueCandidate, e: ProgressEstimate, reason: String, into actions: inout [GuidanceAction]) {
        done.insert(c.key)
        pendingImmediate.removeAll { $0.key == c.key }
        actions.append(.logged(CueLogEntry(
            seq: nextSequence(), event: .skipped, kind: c.kind, stage: c.stage, maneuver: c.maneuver, leg: c.leg,
            text: c.full, lang: language, distance: c.reference.map { $0 - e.distanceAlong }, target: c.target,
            speed: e.speed, route: routeGeneration, reason: reason)))
    }

    private func metres(_ value: Double) -> String { "\(Int(value.rounded())) m" }
}

extension String {
    /// `value` with one decimal ("2.4").
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
