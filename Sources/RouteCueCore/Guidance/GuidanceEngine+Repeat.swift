/// "Repeat the instruction": the driver (or the UI for them) asks what is next; the engine says the next maneuver's
/// instruction at once, worded for the distance as it is now ("In 300 meters, turn right onto Lindenallee", or
/// "Turn right now" when too close for a distance), as the next cue once nothing plays. It is said as long as its
/// distance stays true; it takes no stage, so the maneuver's own stages still come at their distances.
extension GuidanceEngine {
    /// Whether there is an instruction to repeat now.
    public func canRepeatInstruction(at now: MonotonicInstant) -> Bool {
        progress.state == .onRoute && progress.estimate(at: now).nextManeuver != nil
    }

    /// Queues the repeated instruction (nothing when not on the route or past the last maneuver).
    mutating func queueRepeatedInstruction(now: MonotonicInstant) {
        guard progress.state == .onRoute else { return }
        let e = progress.estimate(at: now)
        guard let m = e.nextManeuver, let metres = e.distanceToNextManeuver, m < route.maneuvers.count else { return }
        let maneuver = route.maneuvers[m]
        let spoken = SpokenDistances.spoken(forRemaining: metres, in: timing.units)
        let text = phrase(.maneuver(maneuver, stage: spoken == nil ? .action : .distance, distance: spoken, then: nil, landmark: nil))
        // True until the car is past the spoken distance's range (or, for "now", a few seconds).
        var within = 3.0
        if let spoken, e.speed > 0.5 {
            let lower = SpokenDistances.trueRange(of: spoken, in: timing.units).lowerBound
            within = max(0, min(10, (metres - lower) / e.speed))
        }
        repeats += 1
        var cue = immediate(.repeated(repeats), kind: .maneuver, leg: maneuver.leg, text: text, now: now, within: within)
        cue.maneuver = m
        pendingImmediate.append(cue)
    }
}
