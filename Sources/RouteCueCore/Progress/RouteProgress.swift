/// Progress along one route from a stream of fixes: matching, along-track filtering, prediction to any instant,
/// outage, outliers, off route with hysteresis and reroute back-off, legs, waypoints and arrival.
/// A value type with one `update(with:)` for fixes and one `tick(at:)` for the passing of time.
public struct RouteProgress: Sendable {
    /// The route being followed.
    public internal(set) var route: Route
    /// The tunables.
    public private(set) var options: ProgressOptions
    /// On route, off route, …
    public internal(set) var state: GuidanceState = .acquiring
    /// The current leg.
    public internal(set) var leg = 0
    /// The last match of an accepted fix.
    public internal(set) var lastMatch: RouteMatch?
    /// True while no fix has come for longer than `outageAfterSeconds`.
    public internal(set) var gpsLost = false
    /// Relation of fix time to the monotonic clock.
    public internal(set) var clock: FixClock

    var timeline: RouteTimeline
    var filter: AlongTrackFilter?
    var floorAlong = 0.0
    var lastFix: Fix?
    var lastFixMeasured: MonotonicInstant?
    /// The last fix that passed the jump check, so the good fix after a lone outlier is not taken for a jump.
    var lastGood: (position: Coordinate, measured: MonotonicInstant)?
    var outsideSince: MonotonicInstant?
    var wrongWaySince: MonotonicInstant?
    var backOnCount = 0
    var outliers: [(along: Double, time: Double)] = []
    var rerouteAttempts = 0
    var nextRerouteAllowed: MonotonicInstant?
    /// Requests for the rest of a tour whose later ways are still unresolved (`Route.unresolvedWaypoints`), and when
    /// the next may go out.
    var continueAttempts = 0
    var nextContinueAllowed: MonotonicInstant?
    /// Guidance resumed from the journal: the first acquisition matches the car no earlier than this many metres
    /// along (the journal's position less a margin), so a route passing the same place twice resumes on the right pass.
    var resumeFloor: Double?

    /// Starts following `route`.
    public init(route: Route, options: ProgressOptions = ProgressOptions()) {
        self.route = route
        self.timeline = RouteTimeline(route)
        self.options = options
        self.clock = FixClock(latencyFloor: options.fixLatencyFloorSeconds)
    }

    /// Takes new tunables, keeping the position, the filter and the state (a configuration reload).
    public mutating func reconfigure(_ newOptions: ProgressOptions) {
        options = newOptions
        clock.latencyFloor = max(0, newOptions.fixLatencyFloorSeconds)
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
        // Also at the stop where a partly resolved tour ends for now: the rest is asked for until it comes.
        if !route.unresolvedWaypoints.isEmpty { continueTour(fix: fix, events: &events) }
        guard state != .arrived, route.geometry.count >= 2 else { return events }

        let scale = clock.timeScale
        let speed = fix.speed.map { $0 * scale }
        let moving = (fix.speed ?? 0) >= options.standingSpeed
        let (eph, course, sigma, corridor) = reading(fix)
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
                enterOffRoute(reason: .wrongWay, fix: fix, measured: measured, events: &events)
                return events
            }
            let since = outsideSince ?? measured
            outsideSince = since
            let disagree = (match.headingDifference ?? 0) > options.offRouteHeadingDegrees
            let far = match.offset > corridor * options.offRouteFarFactor
            if measured.seconds(since: since) >= options.offRouteSeconds, disagree || far {
                enterOffRoute(reason: disagree ? .outsideCorridorHeadingAway : .farOutsideCorridor,
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
                enterOffRoute(reason: .wrongWay, fix: fix, measured: measured, events: &events)
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

    /// Notices what the passing of time alone brings: a GPS outage, and the next reroute request while off route
    /// (only while fixes come: without a new position a new route would be the same as the last).
    public mutating func tick(at now: MonotonicInstant) -> [ProgressEvent] {
        var events: [ProgressEvent] = []
        if let last = lastFix, !gpsLost, now.seconds(since: last.received) > options.outageAfterSeconds {
            gpsLost = true
            events.append(.gpsLost)
        }
        if state == .offRoute, !gpsLost, let next = nextRerouteAllowed, now >= next {
            requestReroute(reason: .offRoute, at: now, events: &events)
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
        if state == .offRoute, !gpsLost, let next = nextRerouteAllowed { candidates.append(next) }
        return candidates.min()
    }

    // MARK: Private

    /// What a fix's quality means for matching: its horizontal error (eph; 10 m when it gives none), its course
    /// (only while moving: standing GPS headings are noise), the measurement error of its position along the route
    /// (1σ, eph / 2, at least 1.5 m), and the corridor max(`corridorMinimumMetres`, `corridorErrorFactor` × eph).
    func reading(_ fix: Fix) -> (eph: Double, course: Double?, sigma: Double, corridor: Double) {
        let eph = fix.errors.horizontal ?? 10
        let course = (fix.speed ?? 0) >= options.standingSpeed ? fix.course : nil
        return (eph, course, max(1.5, eph / 2), max(options.corridorMinimumMetres, options.corridorErrorFactor * eph))
    }

    /// Whether the outliers collected agree with each other (a consistent jump, not noise).
    private func outliersAgree() -> Bool {
        guard let first = outliers.first, let last = outliers.last, last.time > first.time else { return false }
        let span = last.along - first.along
        let seconds = last.time - first.time
        return span >= -options.outlierMetres && span <= 90 * seconds + options.outlierMetres
    }
}
