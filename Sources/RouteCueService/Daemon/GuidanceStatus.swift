import RouteCueCore

/// The one-line status systemd shows (`STATUS=`) and the daemon logs when it changes in kind: "waiting for a fix",
/// "gpsd unreachable", "guiding: 12.3 km to go, next: turn left in 400 m", "off route", "arrived".
enum GuidanceStatus {
    /// The status for the gps feed's `gps` state and the engine (nil: no route loaded), at `now`.
    static func text(gps: GPSClient.State, engine: GuidanceEngine?, at now: MonotonicInstant) -> String {
        switch gps {
        case .connecting: return "connecting to gpsd"
        case .unreachable: return "gpsd unreachable"
        default: break
        }
        guard let engine else {
            return gps == .fix ? "no route" : "no route; \(gps == .waitingForFix ? "waiting for a fix" : "GPS lost")"
        }
        switch engine.progress.state {
        case .arrived:
            return "arrived"
        case .offRoute:
            return "off route"
        case .acquiring:
            return gps == .fix ? "waiting to be on the route" : "waiting for a fix"
        case .onRoute:
            let e = engine.progress.estimate(at: now)
            var text = "guiding: \(distance(e.remainingRouteDistance)) to go"
            if let index = e.nextAnnouncedManeuver, let metres = e.distanceToNextManeuver {
                text += ", next: \(describe(engine.route.maneuvers[index])) in \(distance(metres))"
            }
            if case .lost = gps { text += " (GPS lost, predicting)" }
            return text
        }
    }

    /// "turn left", "fork slight right", "arrive".
    static func describe(_ maneuver: Maneuver) -> String {
        var words = maneuver.type.rawValue
        if let modifier = maneuver.modifier, maneuver.type != .arrive, maneuver.type != .waypoint {
            words += " " + modifier.rawValue
        }
        return words.replacing("_", with: " ")
    }

    /// "400 m" (to 10 m) below 1 km, "12.3 km" above.
    static func distance(_ metres: Double) -> String {
        let m = max(0, metres)
        if m < 1000 { return "\(Int((m / 10).rounded()) * 10) m" }
        let tenths = Int((m / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }
}
