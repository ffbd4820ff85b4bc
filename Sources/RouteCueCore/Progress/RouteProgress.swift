/// Progress along one route from a stream of fixes: matching, along-track filtering, prediction to any instant,
/// outage, outliers, off route with hysteresis and reroute back-off, legs, waypoints and arrival.
/// A value type with one `update(with:)` for fixes and one `tick(at:)` for the passing of time.
public struct RouteProgress: Sendable {
    /// The route being followed.
    public private(set) var route: Route
    /// The tunables.
    public let options: ProgressOptions
    /// On route, off route, …
    public private(set) var state: GuidanceState = .acquiring
    /// The current leg.
    public private(set) var leg = 0
    /// The last match of an accepted fix.
    public private(set) var lastMatch: RouteMatch?
    /// True while no fix has come for longer than `outageAfterSeconds`.
    public private(set) var gpsLost = false
    /// Relation of fix time to the monotonic clock.
    public private(set) var clock: FixClock

    private var timeline: RouteTimeline
    private var filter: AlongTrackFilter?
    private var floorAlong = 0.0
    private var lastFix: Fix?
    private var lastFixMeasured: MonotonicInstant?
    /// The last fix that passed the jump check, so the good fix after a lone outlier is not taken for a jump.
    private var lastGood: (position: Coordinate, measured: MonotonicInstant)?
    private var outsideSince: MonotonicInstant?
    private var wrongWaySince: MonotonicInstant?
    private var backOnCount = 0
    private var outliers: [(along: Double, time: Double)] = []
    private var rerouteAttempts = 0
    private var nextRerouteAllowed: MonotonicInstant?

    /// Starts following `route`.
    public init(route: Route, options: ProgressOptions = ProgressOptions()) {
        self.route = route
        self.timeline = RouteTimeline(route)
        self.options = options
        self.clock = FixClock(latencyFloor: options.fixLatencyFloorSeconds)
    }

    /// True while the latest fixes put the car outside the corridor, before that has lasted long enough to count as
    /// off route: progress is only predicted then, so maneuver cues wait.
    public var leavingRoute: Bool { state == .onRoute && outsideSince != nil }

    // MARK: Fixes

    /// Takes one fix: matches it, updates the filter and the route state, and says what happened.
    public mutating func update(with fix: Fix) -> [ProgressEvent] {
        var events: [ProgressEvent] = []
        let measured = clock.measured(fix)
        guard let position = fix.position, fix.mode != .noFix else { return [] }
        if gpsLost, let last = lastFix {
            gpsLost = false
            events.append(.gpsRegained(afterSeconds: fix.received.seconds(since: last.received)))
        }
        defer { lastFix = fix; lastFixMeasured = measured }
        guard state != .arrived, route.geometry.count >= 2 else { return events }

        let scale = clock.timeScale
        let speed = fix.speed.map { $0 * scale }
        let moving = (fix.speed ?? 0) >= options.standingSpeed
        let course = moving ? fix.course : nil
        let eph = fix.errors.horizontal ?? 10
        let sigma = max(1.5, eph / 2)
        let corridor = max(options.corridorMinimumMetres, options.corridorErrorFactor * eph)
        let t = measured.seconds

        guard let filter else {
            lastGood = (position, measured)
            // Off route before ever being on this route (a new route that does not reach the car): stay off route
            // and let the back-off pace the requests, instead of a new episode every `offRouteSeconds`.
            if state == .offRoute {
                offRoute(position, course: course, speed: speed ?? 0, time: t, sigma: sigma, corridor: corridor,
                         measured: measured, fix: fix, events: &events)
                return events
            }
            acquire(position, course: course, speed: speed ?? 0, time: t, sigma: sigma, corridor: corridor,
                    measured: measured, fix: fix, events: &events)
            return events
        }
        if let last = lastFix?.position, let lastT = lastFixMeasured {
            let dt = max(0.1, measured.seconds(since: lastT))
            let backToGood = lastGood.map { good in
                GeoMath.distance(good.position, position)
                    <= 90 * max(0.1, measured.seconds(since: good.measured)) + 3 * eph + options.outlierMetres
            } ?? false
            if GeoMath.distance(last, position) > 90 * dt + 3 * eph + options.outlierMetres, !backToGood {
                events.append(.fixRejected(reason: "jumped \(Int(GeoMath.distance(last, position))) m in \(dt) s"))
                return events
            }
        }
        lastGood = (position, measured)
        if state == .offRoute {
            offRoute(position, course: course, speed: speed ?? 0, time: t, sigma: sigma, corridor: corridor,
                     measured: measured, fix: fix, events: &events)
            return events
        }

        let dt = max(0, t - filter.time)
        let predicted = filter.predictedAlong(afterSeconds: dt)
        let margin = options.outlierMetres + 3 * eph + 0.3 * (speed ?? filter.speed) * dt
        // Never back into an earlier leg once the car is on this one (an out-and-back via point); but a leg reached by
        // passing its waypoint within `viaPassMetres` starts ahead of the car, which may still be matched before it.
        let legStart = route.legs[leg].distanceStart - 1
        let lower = max(filter.along - 30, 0, filter.along >= legStart ? legStart : 0)
        let window = lower...min(route.length, max(lower, predicted + margin))
        guard let match = RouteMatcher.match(position, course: course, on: route.geometry, window: window,
                                             expectedAlong: predicted) else { return events }
        lastMatch = match

        // Off route: outside the corridor long enough, with a disagreeing heading or far outside.
        if match.offset > corridor {
            // On the route, but far ahead of where the motion puts the car: an outlier, believed when several agree.
            if let wide = RouteMatcher.match(position, course: course, on: route.geometry, window: lower...route.length,
                                             expectedAlong: predicted),
               wide.offset <= corridor, (wide.headingDifference ?? 0) <= options.offRouteHeadingDegrees {
                outliers.append((wide.distanceAlong, t))
                guard outliers.count >= options.outlierConfirmFixes, outliersAgree() else {
                    events.append(.fixRejected(reason: "\(Int(wide.distanceAlong - predicted)) m from the predicted position along the route"))
                    return events
                }
                outliers.removeAll()
                outsideSince = nil
                lastMatch = wide
                self.filter?.reset(along: wide.distanceAlong, speed: speed ?? 0, at: t, measurementSigma: sigma)
                floorAlong = wide.distanceAlong
                advanceLegs(position: position, events: &events)
                return events
            }
            // A U-turn that began inside the corridor is still one when the car has driven back out of the window.
            if let since = wrongWaySince, let difference = match.headingDifference, difference > options.wrongWayDegrees,
               measured.seconds(since: since) >= options.wrongWaySeconds {
                enterOffRoute(reason: "driving the wrong way (U-turn)", fix: fix, measured: measured, events: &events)
                return events
            }
            let since = outsideSince ?? measured
            outsideSince = since
            let disagree = (match.headingDifference ?? 0) > options.offRouteHeadingDegrees
            let far = match.offset > corridor * options.offRouteFarFactor
            if measured.seconds(since: since) >= options.offRouteSeconds, disagree || far {
                enterOffRoute(reason: disagree ? "outside the corridor, heading away" : "far outside the corridor",
                              fix: fix, measured: measured, events: &events)
            }
            return events
        }
        outsideSince = nil

        // A real U-turn: driving against the route for a while.
        if let difference = match.headingDifference, difference > options.wrongWayDegrees {
            let since = wrongWaySince ?? measured
            wrongWaySince = since
            if measured.seconds(since: since) >= options.wrongWaySeconds {
                enterOffRoute(reason: "driving the wrong way (U-turn)", fix: fix, measured: measured, events: &events)
                return events
            }
        } else {
            wrongWaySince = nil
        }

        // Outliers: far from where the motion says the car must be; believed when several agree.
        let innovation = match.distanceAlong - predicted
        if abs(innovation) > margin {
            outliers.append((match.distanceAlong, t))
            if outliers.count >= options.outlierConfirmFixes, outliersAgree() {
                outliers.removeAll()
                self.filter?.reset(along: match.distanceAlong, speed: speed ?? 0, at: t, measurementSigma: sigma)
                floorAlong = match.distanceAlong
            } else {
                events.append(.fixRejected(reason: "\(Int(innovation)) m from the predicted position along the route"))
                return events
            }
        } else {
            outliers.removeAll()
            if moving || (speed ?? 0) > 0 {
                self.filter?.update(measuredAlong: match.distanceAlong, measurementSigma: sigma, speed: speed, at: t)
            } else {
                self.filter?.update(measuredAlong: filter.along, measurementSigma: sigma, speed: 0, at: t)
            }
        }
        floorAlong = max(floorAlong, self.filter?.along ?? floorAlong)
        advanceLegs(position: position, events: &events)
        return events
    }

    // MARK: Time

    /// Notices what the passing of time alone brings: a GPS outage, and the next reroute request while off route.
    public mutating func tick(at now: MonotonicInstant) -> [ProgressEvent] {
        var events: [ProgressEvent] = []
        if let last = lastFix, !gpsLost, now.seconds(since: last.received) > options.outageAfterSeconds {
            gpsLost = true
            events.append(.gpsLost)
        }
        if state == .offRoute, let next = nextRerouteAllowed, now >= next {
            requestReroute(reason: "off_route", at: now, events: &events)
        }
        if state == .onRoute, gpsLost {
            let e = estimate(at: now)
            if !e.frozen { advanceLegs(position: nil, along: e.distanceAlong, events: &events) }
        }
        return events
    }

    /// The instant `tick(at:)` next has something to do, if any.
    public var nextTimer: MonotonicInstant? {
        var candidates: [MonotonicInstant] = []
        if let last = lastFix, !gpsLost { candidates.append(last.received.advanced(bySeconds: options.outageAfterSeconds + 0.001)) }
        if state == .offRoute, let next = nextRerouteAllowed { candidates.append(next) }
        return candidates.min()
    }

    // MARK: Estimates

    /// The progress predicted at `now` from the last accepted fix.
    public func estimate(at now: MonotonicInstant) -> ProgressEstimate {
        let length = route.length
        var along = floorAlong, speed = 0.0, acceleration = 0.0, accelerationSeconds = 0.0, frozen = false
        if let filter {
            let elapsed = now.seconds - filter.time
            let horizon = min(max(0, elapsed), options.maxPredictionSeconds)
            frozen = elapsed > options.maxPredictionSeconds
            along = max(floorAlong, filter.predictedAlong(afterSeconds: horizon))
            speed = frozen ? 0 : filter.predictedSpeed(afterSeconds: horizon)
            accelerationSeconds = frozen ? 0 : max(0, AlongTrackFilter.accelerationHorizon - horizon)
            acceleration = accelerationSeconds > 0 ? filter.acceleration : 0
        }
        along = min(length, along)
        let uncertain = gpsLost || (lastFix.map { now.seconds(since: $0.received) > options.outageAfterSeconds } ?? true)
        let sinceFix = lastFixMeasured.map { now.seconds(since: $0) }
        var aheadMargin = 0.0
        if uncertain, let t = sinceFix {
            aheadMargin = min(options.outageMarginMaximum, 0.5 * options.outageAcceleration * t * t)
        }
        let next = timeline.nextManeuver(after: along, leg: leg)
        let nextAnnounced = next.flatMap { timeline.nextAnnounced(from: $0) }
        let toNext = nextAnnounced.map { route.maneuvers[$0].distanceAlong - along }
        let standing = speed < options.standingSpeed
        let legEnd = route.legs.isEmpty ? length : route.legs[min(leg, route.legs.count - 1)].distanceEnd
        return ProgressEstimate(
            instant: now, distanceAlong: along, speed: speed, acceleration: acceleration,
            accelerationSeconds: accelerationSeconds, uncertain: uncertain, secondsSinceFix: sinceFix,
            aheadMargin: aheadMargin,
            marginAcceleration: uncertain ? options.outageAcceleration : 0,
            marginMaximum: uncertain ? options.outageMarginMaximum : 0,
            frozen: frozen, leg: leg, nextManeuver: next, nextAnnouncedManeuver: nextAnnounced,
            distanceToNextManeuver: toNext, timeToNextManeuver: standing ? nil : toNext.map { $0 / speed },
            remainingLegDistance: max(0, legEnd - along), remainingRouteDistance: max(0, length - along),
            remainingLegTime: remainingTime(from: along, to: legEnd, speed: speed),
            remainingRouteTime: remainingTime(from: along, to: length, speed: speed))
    }

    // MARK: Operations

    /// Skips the waypoint ending the current leg: guidance moves to the next leg and asks for a route to it.
    public mutating func skipToNextDestination(at now: MonotonicInstant) -> [ProgressEvent] {
        guard leg < route.legs.count - 1 else { return [] }
        var events: [ProgressEvent] = [.waypointSkipped(leg: leg)]
        leg += 1
        requestReroute(reason: "waypoint_skipped", at: now, events: &events)
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
        outsideSince = nil
        wrongWaySince = nil
        backOnCount = 0
        outliers.removeAll()
        rerouteAttempts = 0
        nextRerouteAllowed = nil
        lastMatch = nil
        guard let fix = lastFix, let position = fix.position, let measured = lastFixMeasured else { return [] }
        var events: [ProgressEvent] = []
        let eph = fix.errors.horizontal ?? 10
        let corridor = max(options.corridorMinimumMetres, options.corridorErrorFactor * eph)
        let course = (fix.speed ?? 0) >= options.standingSpeed ? fix.course : nil
        acquire(position, course: course, speed: speed, time: measured.seconds, sigma: max(1.5, eph / 2),
                corridor: corridor, measured: measured, fix: fix, events: &events)
        return events
    }

    // MARK: Private

    private mutating func acquire(_ position: Coordinate, course: Double?, speed: Double, time t: Double,
                                  sigma: Double, corridor: Double, measured: MonotonicInstant, fix: Fix,
                                  events: inout [ProgressEvent]) {
        let start = route.legs.isEmpty ? 0 : route.legs[min(leg, route.legs.count - 1)].distanceStart
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
            events.append(.acquired(distanceAlong: match.distanceAlong))
            advanceLegs(position: position, events: &events)
        } else {
            let since = outsideSince ?? measured
            outsideSince = since
            if measured.seconds(since: since) >= options.offRouteSeconds {
                floorAlong = match.distanceAlong
                enterOffRoute(reason: "not on the route", fix: fix, measured: measured, events: &events)
            }
        }
    }

    private mutating func offRoute(_ position: Coordinate, course: Double?, speed: Double, time t: Double,
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

    private mutating func enterOffRoute(reason: String, fix: Fix, measured: MonotonicInstant,
                                        events: inout [ProgressEvent]) {
        state = .offRoute
        outsideSince = nil
        wrongWaySince = nil
        backOnCount = 0
        rerouteAttempts = 0
        events.append(.offRoute(reason: reason))
        requestReroute(reason: reason.hasPrefix("driving the wrong way") ? "wrong_way" : "off_route",
                       at: fix.received, events: &events)
    }

    private mutating func requestReroute(reason: String, at now: MonotonicInstant, events: inout [ProgressEvent]) {
        rerouteAttempts += 1
        let wait = min(options.rerouteBackoffMaxSeconds,
                       options.rerouteBackoffSeconds * Double(1 << min(rerouteAttempts - 1, 16)))
        nextRerouteAllowed = now.advanced(bySeconds: wait)
        let remaining = route.waypoints.filter { ($0.legEnding ?? -1) >= leg }
        events.append(.rerouteRequested(RerouteRequest(
            reason: reason, position: lastFix?.position, course: lastFix?.course,
            remainingWaypoints: remaining, attempt: rerouteAttempts)))
    }

    private mutating func advanceLegs(position: Coordinate?, along predicted: Double? = nil, events: inout [ProgressEvent]) {
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

    private func outliersAgree() -> Bool {
        guard let first = outliers.first, let last = outliers.last, last.time > first.time else { return false }
        let span = last.along - first.along
        let seconds = last.time - first.time
        return span >= -options.outlierMetres && span <= 90 * seconds + options.outlierMetres
    }

    private func remainingTime(from along: Double, to end: Double, speed: Double) -> Double? {
        let distance = max(0, end - along)
        if timeline.hasDurations { return max(0, timeline.expectedTime(at: end) - timeline.expectedTime(at: along)) }
        return speed >= options.standingSpeed ? distance / speed : nil
    }
}
