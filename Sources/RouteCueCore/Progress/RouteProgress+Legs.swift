/// Legs, waypoints and arrival, and the operations that change the route: skipping a waypoint, a new route.
extension RouteProgress {
    /// Skips the waypoint ending the current leg: guidance moves to the next leg and asks for a route to it.
    public mutating func skipToNextDestination(at now: MonotonicInstant) -> [ProgressEvent] {
        guard leg < route.legs.count - 1 else { return [] }
        var events: [ProgressEvent] = [.waypointSkipped(leg: leg)]
        leg += 1
        requestReroute(reason: .waypointSkipped, at: now, events: &events)
        return events
    }

    /// Replaces the route (a reroute's answer, or a new one from the UI) and places the car on it from the
    /// last fix, keeping the fix clock and the motion.
    public mutating func replaceRoute(_ newRoute: Route) -> [ProgressEvent] {
        let speed = filter?.speed ?? 0
        route = newRoute
        timeline = RouteTimeline(newRoute)
        state = .acquiring
        leg = 0
        filter = nil
        floorAlong = 0
        resumeFloor = nil
        outsideSince = nil
        wrongWaySince = nil
        backOnCount = 0
        outliers.removeAll()
        rerouteAttempts = 0
        nextRerouteAllowed = nil
        lastMatch = nil
        guard let fix = lastFix, let position = fix.position, let measured = lastFixMeasured else { return [] }
        var events: [ProgressEvent] = []
        let (_, course, sigma, corridor) = reading(fix)
        acquire(position, course: course, speed: speed, time: measured.seconds, sigma: sigma,
                corridor: corridor, measured: measured, fix: fix, events: &events)
        return events
    }

    /// Moves to the next leg for every waypoint reached (or passed within `viaPassMetres`); `predicted` (an outage)
    /// moves on past intermediate waypoints only.
    mutating func advanceLegs(position: Coordinate?, along predicted: Double? = nil, events: inout [ProgressEvent]) {
        let along = predicted ?? filter?.along ?? floorAlong
        while leg < route.legs.count {
            let end = route.legs[leg].distanceEnd
            let waypoint = route.waypoints.first { $0.legEnding == leg }
            let nearWaypoint = waypoint.flatMap { w in position.map { GeoMath.distance(w.location, $0) <= options.viaPassMetres } } ?? false
            let isLast = leg == route.legs.count - 1
            // Prediction alone (an outage) moves on past intermediate waypoints, never to the destination.
            if isLast, predicted != nil { break }
            guard along >= end - options.arrivalRadiusMetres || (!isLast && nearWaypoint && along >= end - options.viaPassMetres) else { break }
            if isLast {
                state = .arrived
                events.append(.arrived)
                return
            }
            events.append(.waypointReached(leg: leg, waypoint: waypoint))
            leg += 1
        }
    }
}
