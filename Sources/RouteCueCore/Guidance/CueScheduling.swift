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

    mutating func schedule(at now: MonotonicInstant, into actions: inout [GuidanceAction]) {
        let e = progress.estimate(at: now)
        let candidates = self.candidates(e, now: now, actions: &actions)
        for c in candidates {
            for text in [c.full, c.short].compactMap({ $0 }) where !text.isEmpty && durations.needsRendering(text) {
                actions.append(.render(text))
            }
        }
        let leadIn = audio.leadIn
        let earliest = now.advanced(bySeconds: leadIn)
        let outage = (e.secondsSinceFix ?? 0) > progress.options.outageSpeakSeconds && e.uncertain
        var timed = candidates.map { c -> Timed in
            guard let reference = c.reference else { return Timed(candidate: c, heard: earliest) }
            guard let heardAt = c.heardAt, !(outage && c.endLeadSeconds == 0) else { return Timed(candidate: c, heard: nil) }
            // Action cues allow for the car being ahead of the prediction through an outage.
            let remaining = reference - e.distanceAlong
            let margin = c.endLeadSeconds > 0
            if remaining - (margin ? e.aheadMargin : 0) <= heardAt { return Timed(candidate: c, heard: earliest) }
            guard let dt = margin ? e.time(toTravelWithMargin: remaining - heardAt) : e.time(toTravel: remaining - heardAt)
            else { return Timed(candidate: c, heard: nil) }
            return Timed(candidate: c, heard: max(earliest, now.advanced(bySeconds: dt)))
        }
        let busy = playingUntil.map { $0 > now } ?? false
        if !busy {
            let due = timed.enumerated()
                .filter { $0.element.heard.map { $0 <= earliest.advanced(bySeconds: 0.001) } ?? false }
                .sorted { $0.element.candidate.priority > $1.element.candidate.priority }
            for (index, item) in due {
                let c = item.candidate
                switch fit(c, among: timed, e: e, now: now) {
                case .speak(let text, let short, let seconds):
                    speak(c, text: text, short: short, seconds: seconds, e: e, now: now, into: &actions)
                    timed.remove(at: index)
                case .skip(let reason):
                    skip(c, e: e, reason: reason, into: &actions)
                    continue
                }
                break
            }
        }
        // Look again when the next candidate is due, when the current cue ends, or when progress needs a tick.
        var wake: [MonotonicInstant] = []
        if let t = progress.nextTimer { wake.append(t) }
        // Passing the next maneuver (or a leg end) makes the one after it next: look again then, even without fixes.
        let legEnd = e.distanceAlong + e.remainingLegDistance - progress.options.arrivalRadiusMetres
        let ahead = [e.nextManeuver.map { route.maneuvers[$0].distanceAlong }, legEnd > e.distanceAlong ? legEnd : nil]
        if progress.state == .onRoute, let nearest = ahead.compactMap({ $0 }).min(),
           let dt = e.time(toTravel: nearest - e.distanceAlong + 0.5) {
            wake.append(now.advanced(bySeconds: max(0.001, dt)))
        }
        let pending = timed.filter { !done.contains($0.candidate.key) }
        let playing = playingUntil.flatMap { $0 > now ? $0 : nil }
        for item in pending {
            guard let heard = item.heard else { continue }
            let trigger = MonotonicInstant(nanoseconds: heard.nanoseconds - min(heard.nanoseconds, MonotonicInstant(seconds: leadIn).nanoseconds))
            wake.append(max(trigger, playing ?? trigger, now.advanced(bySeconds: 0.001)))
        }
        nextWakeup = wake.min()
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
        pendingImmediate.removeAll { $0.key == c.key }
        if let m = c.maneuver, let stage = c.stage, c.kind != .warning {
            memory.note(route.maneuvers[m].location, type: route.maneuvers[m].type, stage: stage)
        }
        playingUntil = end.advanced(bySeconds: timing.gapSeconds)
        playingID = id
        actions.append(.speak(cue))
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
