/// Makes Mapbox voice-announcement positions absolute. Mapbox's `distanceAlongGeometry` is the distance
/// *remaining* to the end of the step (the next maneuver) where the announcement starts; once the route is
/// built, each becomes metres from the route start: the step's end minus that distance, kept inside the step.
enum OSRMAnnouncementPlacement {
    /// Rewrites `distanceAlong` of every `voice` announcement of every step maneuver of `route`.
    static func resolve(_ route: inout Route) {
        let maneuvers = route.maneuvers
        for (i, m) in maneuvers.enumerated() where m.provenance.kind == .step && !m.announcements.isEmpty {
            let stepStart = m.distanceAlong
            let stepEnd: Double
            if i + 1 < maneuvers.count, maneuvers[i + 1].leg == m.leg {
                stepEnd = maneuvers[i + 1].distanceAlong
            } else {
                stepEnd = route.legs[m.leg].distanceEnd
            }
            for a in m.announcements.indices where route.maneuvers[i].announcements[a].kind == "voice" {
                guard let remaining = route.maneuvers[i].announcements[a].distanceAlong else { continue }
                route.maneuvers[i].announcements[a].distanceAlong = min(stepEnd, max(stepStart, stepEnd - remaining))
            }
        }
    }
}
