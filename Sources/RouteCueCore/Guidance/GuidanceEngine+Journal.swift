/// The engine's side of the guidance journal: what it says about itself for the journal (`journalProgress`,
/// `journalRevision`), and resuming from what a journal kept (`resume`), so that guidance continues after a power
/// loss at the right maneuver and never says a cue that was heard whole before it.
extension GuidanceEngine {
    /// Metres behind the car within which heard cues are kept (GPS noise may place the resumed car a little before
    /// where it was), and by which the resumed car may be matched before the journal's position.
    static let journalMarginMetres = 300.0

    /// The progress to keep: the leg, where the car is, the last maneuver and waypoint behind it, and the cues near and
    /// ahead of it that were heard whole (the one playing is not: cut off by a power loss, it is said again).
    public var journalProgress: JournalProgress {
        if let resumed, !resumed.placed { return resumed.progress }
        let along = progress.floorAlong
        let keep = along - Self.journalMarginMetres
        let playing = playingCandidate?.candidate.key
        var heard: Set<HeardCue> = []
        for key in spokenKeys where key != playing {
            guard let cue = HeardCue(key) else { continue }
            let stillNear: Bool
            switch cue {
            case let .stage(m, _), let .source(m, _), let .continueAfter(m):
                stillNear = m < route.maneuvers.count && route.maneuvers[m].distanceAlong >= keep
            case let .warning(index):
                stillNear = index < route.warnings.count && route.warnings[index].distanceAlong >= keep
            case let .arrival(leg):
                stillNear = leg >= progress.leg
            case .departure:
                stillNear = along < 1000
            }
            if stillNear { heard.insert(cue) }
        }
        return JournalProgress(leg: progress.leg, distanceAlong: along,
                               passedManeuver: route.maneuvers.lastIndex { $0.distanceAlong <= along && along > 0 },
                               passedWaypoint: route.waypoints.lastIndex { $0.distanceAlong <= along && along > 0 },
                               heard: heard)
    }

    /// Continues from `journal` on this engine's route (a fresh engine, before its first fix): the car is matched no
    /// earlier than a little before the journal's position, on its leg; the cues it heard are not said again, nor the
    /// departure; once the car is on the route, "Continuing to `destination`" is said (with `announce`).
    public mutating func resume(from journal: JournalProgress, destination: String?, announce: Bool = true) {
        guard journal.fits(route) else { return }
        resumed = ResumedJournal(progress: journal, destination: destination, announce: announce)
        progress.leg = journal.leg
        progress.resumeFloor = max(0, journal.distanceAlong - Self.journalMarginMetres)
        for cue in journal.heard {
            let key = CueKey(cue)
            done.insert(key)
            spokenKeys.insert(key)
            if case let .stage(m, stage) = cue {
                memory.note(route.maneuvers[m].location, type: route.maneuvers[m].type, stage: stage)
            }
        }
        done.insert(.departure)
        journalRevision += 1
    }

    /// Whether guidance was resumed from a journal (and not given a new route since).
    public var isResumed: Bool { resumed != nil }

    /// Queues "Continuing to …" when the resumed car is placed on its route, and logs the stages of the maneuvers it
    /// passed while RouteCue was down as skipped, with that reason (never said late).
    mutating func announceResumption(now: MonotonicInstant, actions: inout [GuidanceAction]) {
        guard let resumed, !resumed.placed else { return }
        self.resumed?.placed = true
        let e = progress.estimate(at: now)
        let first = (resumed.progress.passedManeuver ?? -1) + 1
        for maneuver in route.maneuvers[min(first, route.maneuvers.count)...] {
            guard maneuver.distanceAlong < e.distanceAlong else { break }
            guard maneuver.announced, maneuver.type != .depart else { continue }
            let plan = ManeuverPlan(profile: timing.profile(approachRoadClass: maneuver.approachRoadClass, speed: e.speed),
                                    chainedNext: nil, chainedFrom: nil, plannedAt: e.distanceAlong)
            for stage in Self.approachStages {
                skipStage(maneuver, stage, plan: plan, e: e, reason: "passed while RouteCue was down (power loss)", actions: &actions)
            }
        }
        guard resumed.announce else { return }
        let name = resumed.destination
        let language = route.maneuvers.last { $0.type == .arrive }?.nameLanguage
        let text = wording.text(for: CuePhraseRequest(subject: .resumed(destination: name, nameLanguage: language)), units: timing.units)
        pendingImmediate.append(immediate(.resumed, kind: .reroute, leg: progress.leg, text: text, now: now, within: 15))
    }
}

/// What the engine keeps of the journal it was resumed from.
struct ResumedJournal: Sendable {
    /// The journal's progress, reported as the engine's own until the car is placed on the route.
    var progress: JournalProgress
    /// The destination's name for "Continuing to …".
    var destination: String?
    /// Whether "Continuing to …" is said.
    var announce: Bool
    /// The car was placed on the route since.
    var placed = false
}

extension HeardCue {
    /// The journal's form of a cue key, nil for cues that belong to a moment rather than the route (off route, GPS,
    /// repeats, the resumption itself).
    init?(_ key: CueKey) {
        switch key {
        case let .stage(m, stage): self = .stage(maneuver: m, stage)
        case let .source(m, index): self = .source(maneuver: m, index: index)
        case let .continueAfter(m): self = .continueAfter(maneuver: m)
        case .departure: self = .departure
        case let .warning(index): self = .warning(index)
        case let .arrival(leg): self = .arrival(leg: leg)
        case .offRoute, .gpsLost, .gpsRegained, .repeated, .resumed: return nil
        }
    }
}

extension CueKey {
    /// The key of a heard cue.
    init(_ cue: HeardCue) {
        switch cue {
        case let .stage(m, stage): self = .stage(maneuver: m, stage)
        case let .source(m, index): self = .source(maneuver: m, index: index)
        case let .continueAfter(m): self = .continueAfter(maneuver: m)
        case .departure: self = .departure
        case let .warning(index): self = .warning(index)
        case let .arrival(leg): self = .arrival(leg: leg)
        }
    }
}
