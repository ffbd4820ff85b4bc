/// Placing the car on the route, going off route, coming back, and pacing reroute requests.
extension RouteProgress {
    /// First placement on the route (or on a new one): the best match from the current leg on, by position and
    /// heading; outside the corridor for `offRouteSeconds` it goes off route instead.
    mutating func acquire(_ position: Coordinate, course: Double?, speed: Double, time t: Double,
                                  sigma: Double, corridor: Double, measured: MonotonicInstant, fix: Fix,
                                  events: inout [ProgressEvent]) {
        let legStart = route.legs.isEmpty ? 0 : route.legs[min(leg, route.legs.count - 1)].distanceStart
        let start = min(route.length, max(legStart, resumeFloor ?? 0))
        guard var match = RouteMatcher.match(position, course: course, on: route.geometry,
                                             window: start...route.length, expectedAlong: nil) else { return }
        // A route that passes the same place twice (a loop retracing its start) matches the earliest pass that fits.
        while match.offset <= corridor, match.distanceAlong - start > 1,
              let earlier = RouteMatcher.match(position, course: course, on: route.geometry,
                                               window: start...(match.distanceAlong - 1), expectedAlong: nil),
              earlier.offset <= corridor, (earlier.headingDifference ?? 0) <= options.offRouteHeadingDegrees,
              earlier.distanceAlong < match.distanceAlong - 1 {
            match = earlier
        }
        lastMatch = match
        if match.offset <= corridor {
            filter = AlongTrackFilter(along: match.distanceAlong, speed: speed, time: t, measurementSigma: sigma)
            floorAlong = match.distanceAlong
            state = .onRoute
            outsideSince = nil
            resumeFloor = nil
            events.append(.acquired(distanceAlong: match.distanceAlong))
            advanceLegs(position: position, events: &events)
        } else {
            let since = outsideSince ?? measured
            outsideSince = since
            if measured.seconds(since: since) >= options.offRouteSeconds {
                floorAlong = match.distanceAlong
                enterOffRoute(reason: .notOnTheRoute, fix: fix, measured: measured, events: &events)
            }
        }
    }

    /// While off route: back on route after `backOnRouteFixes` agreeing fixes well inside the corridor.
    mutating func offRoute(_ position: Coordinate, course: Double?, speed: Double, time t: Double,
                                   sigma: Double, corridor: Double, measured: MonotonicInstant, fix: Fix,
                                   events: inout [ProgressEvent]) {
        let lower = max(0, floorAlong - 500)
        let window = lower...min(route.length, floorAlong + 5000)
        guard let match = RouteMatcher.match(position, course: course, on: route.geometry, window: window,
                                             expectedAlong: floorAlong) else { return }
        lastMatch = match
        let agrees = (match.headingDifference ?? 0) <= 30
        if match.offset <= corridor * options.backOnRouteCorridorFraction, agrees {
            backOnCount += 1
            if backOnCount >= options.backOnRouteFixes {
                filter = AlongTrackFilter(along: match.distanceAlong, speed: speed, time: t, measurementSigma: sigma)
                floorAlong = match.distanceAlong
                state = .onRoute
                backOnCount = 0
                rerouteAttempts = 0
                nextRerouteAllowed = nil
                events.append(.backOnRoute(distanceAlong: match.distanceAlong))
                advanceLegs(position: position, events: &events)
            }
        } else {
            backOnCount = 0
        }
    }

    /// Goes off route and asks for a new route.
    mutating func enterOffRoute(reason: OffRouteReason, fix: Fix, measured: MonotonicInstant,
                                        events: inout [ProgressEvent]) {
        state = .offRoute
        outsideSince = nil
        wrongWaySince = nil
        backOnCount = 0
        rerouteAttempts = 0
        events.append(.offRoute(reason: reason))
        requestReroute(reason: reason.rerouteReason, at: fix.received, events: &events)
    }

    /// Asks for a new route and sets when the next request may come (the back-off doubles up to its maximum).
    mutating func requestReroute(reason: RerouteReason, at now: MonotonicInstant, events: inout [ProgressEvent]) {
        rerouteAttempts += 1
        nextRerouteAllowed = now.advanced(bySeconds: backoffSeconds(afterAttempt: rerouteAttempts))
        events.append(.rerouteRequested(RerouteRequest(
            reason: reason, position: lastFix?.position, course: lastFix?.course,
            remainingWaypoints: remainingWaypoints, attempt: rerouteAttempts)))
    }

    /// The wait after request number `attempt` (1-based): `rerouteBackoffSeconds`, doubling, at most
    /// `rerouteBackoffMaxSeconds`.
    func backoffSeconds(afterAttempt attempt: Int) -> Double {
        min(options.rerouteBackoffMaxSeconds, options.rerouteBackoffSeconds * Double(1 << min(max(0, attempt - 1), 16)))
    }

    /// The stops of this leg and after it, and the silent via points of those legs not yet passed (a trace the new
    /// route must still follow; a skipped stop's leg drops its own), in travel order; then a tour's stations whose ways
    /// are still unresolved.
    var remainingWaypoints: [Waypoint] {
        let passed = max(floorAlong, leg < route.legs.count ? route.legs[leg].distanceStart : route.length)
        let remaining = route.waypoints.filter {
            ($0.legEnding ?? -1) >= leg || $0.role == .silentVia && $0.distanceAlong > passed
        }
        return remaining + route.unresolvedWaypoints
    }

    /// Asks for the rest of a tour whose later ways the engine has not given yet: from the first fix after the
    /// back-off on, again with the back-off doubling up to its maximum, from the car to every waypoint still ahead (the
    /// answer replaces the route as a reroute's does). Not while off route: those requests carry the rest too.
    mutating func continueTour(fix: Fix, events: inout [ProgressEvent]) {
        let now = fix.received
        guard let allowed = nextContinueAllowed else {
            nextContinueAllowed = now.advanced(bySeconds: options.rerouteBackoffSeconds)
            return
        }
        guard now >= allowed, state != .offRoute, let position = fix.position else { return }
        continueAttempts += 1
        // The first wait (before the first request) was one back-off; each request doubles it.
        nextContinueAllowed = now.advanced(bySeconds: backoffSeconds(afterAttempt: continueAttempts + 1))
        events.append(.rerouteRequested(RerouteRequest(reason: .tourContinues, position: position, course: fix.course,
                                                       remainingWaypoints: remainingWaypoints, attempt: continueAttempts)))
    }
}
