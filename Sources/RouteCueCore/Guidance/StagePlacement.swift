/// Where each approach stage of a maneuver is spoken: its natural spoken distance, fixed once, with room for its
/// words before the next stage.
extension GuidanceEngine {
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
    mutating func placeStage(_ maneuver: Maneuver, _ stage: CueStage, plan: ManeuverPlan,
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
}
