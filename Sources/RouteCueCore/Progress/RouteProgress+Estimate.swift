/// Predicting progress to any instant from the last accepted fix.
extension RouteProgress {
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

    /// Seconds from `along` to `end`: at the source's pace where it states durations, else at the current speed.
    func remainingTime(from along: Double, to end: Double, speed: Double) -> Double? {
        let distance = max(0, end - along)
        if timeline.hasDurations { return max(0, timeline.expectedTime(at: end) - timeline.expectedTime(at: along)) }
        return speed >= options.standingSpeed ? distance / speed : nil
    }
}
