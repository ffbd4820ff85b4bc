/// "GPS signal lost" and "GPS signal regained": said while guiding (on or off the route), the first once per outage
/// when no fix has come for `GPSCueOptions.lostAnnounceSeconds`, the second when fixes return after the first was
/// said. Both from the engine's own timers and the fixes it is given, so `run` and `simulate` say them alike; both
/// yield to maneuver cues (a lower priority than every approach and action cue, a short latest start).
extension GuidanceEngine {
    /// Whether the car is being guided (placed on the route, not arrived).
    private var isGuiding: Bool { progress.state == .onRoute || progress.state == .offRoute }

    /// When the lost cue of the current outage becomes due, while it has not been queued yet (once per outage, also
    /// across a new route: `gpsLostQueued` survives it, unlike the cue memory of the old route).
    var gpsLostCueDue: MonotonicInstant? {
        let options = timing.gpsCues
        guard options.announceLost, isGuiding, progress.gpsLost, gpsLostQueued != gpsOutages,
              let last = progress.lastFix else { return nil }
        return last.received.advanced(bySeconds: options.lostAnnounceSeconds)
    }

    /// Queues the lost cue once its moment has come.
    mutating func queueGPSLostCue(now: MonotonicInstant) {
        guard let due = gpsLostCueDue, due <= now else { return }
        gpsLostQueued = gpsOutages
        var cue = immediate(.gpsLost(outage: gpsOutages), kind: .reroute, leg: progress.leg,
                            text: wording.text(for: CuePhraseRequest(subject: .gpsLost), units: timing.units),
                            now: now, within: 8)
        cue.priority = Self.gpsCuePriority
        pendingImmediate.append(cue)
    }

    /// Notes that `key` was spoken (the regained cue follows only a lost cue that was heard).
    mutating func noteGPSCueSpoken(_ key: CueKey) {
        if case .gpsLost(let outage) = key { gpsLostSpoken = outage }
    }

    /// Fixes are back: a lost cue not said yet is dropped; one that was said gets its "regained".
    mutating func gpsRegained(now: MonotonicInstant) {
        let lost = CueKey.gpsLost(outage: gpsOutages)
        pendingImmediate.removeAll { $0.key == lost }
        guard timing.gpsCues.announceRegained, isGuiding, gpsLostSpoken == gpsOutages else { return }
        var cue = immediate(.gpsRegained(outage: gpsOutages), kind: .reroute, leg: progress.leg,
                            text: wording.text(for: CuePhraseRequest(subject: .gpsRegained), units: timing.units),
                            now: now, within: 8)
        cue.priority = Self.gpsCuePriority
        pendingImmediate.append(cue)
    }

    /// Below every maneuver stage (`continue` 0 … `action` 4) and warnings (2): a GPS notice never displaces them.
    static let gpsCuePriority = -1
}
