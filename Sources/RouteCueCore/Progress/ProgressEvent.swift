/// Something route progress noticed while taking a fix or a tick.
public enum ProgressEvent: Sendable, Equatable {
    /// The first fix placed the car on the route.
    case acquired(distanceAlong: Double)
    /// The car left the corridor for long enough with a disagreeing heading, or drove the wrong way.
    case offRoute(reason: OffRouteReason)
    /// The car is back inside the corridor, heading along the route.
    case backOnRoute(distanceAlong: Double)
    /// A new route is wanted (once on going off route, then with back-off while still off).
    case rerouteRequested(RerouteRequest)
    /// The car reached (or passed) the waypoint ending `leg`; guidance continues with the next leg.
    case waypointReached(leg: Int, waypoint: Waypoint?)
    /// The waypoint ending `leg` was skipped on request; a reroute towards the next one follows.
    case waypointSkipped(leg: Int)
    /// The car reached the destination.
    case arrived
    /// No fix for longer than the outage threshold: progress is predicted, marked uncertain.
    case gpsLost
    /// Fixes are back after an outage.
    case gpsRegained(afterSeconds: Double)
    /// A fix was not used, and why.
    case fixRejected(reason: String)
}

/// What the routing side needs to compute a new route.
public struct RerouteRequest: Sendable, Equatable {
    /// Why it is asked for.
    public var reason: RerouteReason
    /// The car's last position.
    public var position: Coordinate?
    /// The car's course (degrees, geographic) when known.
    public var course: Double?
    /// The waypoints still to visit, in order (announced and silent ones, the destination last).
    public var remainingWaypoints: [Waypoint]
    /// 1 for the first request of an off-route episode, 2 for the first repeat, …
    public var attempt: Int

    /// A request for a new route from `position` (heading `course`) to `remainingWaypoints`.
    public init(reason: RerouteReason, position: Coordinate?, course: Double?, remainingWaypoints: [Waypoint], attempt: Int) {
        self.reason = reason
        self.position = position
        self.course = course
        self.remainingWaypoints = remainingWaypoints
        self.attempt = attempt
    }
}
