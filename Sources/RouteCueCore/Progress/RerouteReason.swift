/// Why guidance asks for a new route (`RerouteRequest.reason`). Its `code` is what logs and the routing side read.
public enum RerouteReason: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// The car left the route's corridor.
    case offRoute = "off_route"
    /// The car turned round and drives against the route.
    case wrongWay = "wrong_way"
    /// The car went past a waypoint without reaching it (or the UI skipped it): routed on to the next stop.
    case waypointSkipped = "waypoint_skipped"
    /// The car reached the last stop a tour's resolved ways lead to: the rest of the tour is asked for.
    case tourContinues = "tour_continues"

    /// The machine-readable code, e.g. `off_route`.
    public var code: String { rawValue }
    /// The code, as the log writes it.
    public var description: String { rawValue }

    /// True for the reasons that hold whether or not the car is on the route (a skipped stop, a tour's rest): their
    /// answer is taken even when the car is back on the old route by then.
    public var holdsOnTheRoute: Bool {
        switch self {
        case .waypointSkipped, .tourContinues: true
        case .offRoute, .wrongWay: false
        }
    }
}

/// Why progress decided the car is off the route (`ProgressEvent.offRoute`); its description is the log's sentence.
public enum OffRouteReason: Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// No part of the route near the fix for the off-route time.
    case notOnTheRoute
    /// Driving against the route (a U-turn).
    case wrongWay
    /// Outside the corridor with a course away from the route.
    case outsideCorridorHeadingAway
    /// Far outside the corridor.
    case farOutsideCorridor

    /// The sentence the log writes, e.g. "far outside the corridor".
    public var description: String {
        switch self {
        case .notOnTheRoute: "not on the route"
        case .wrongWay: "driving the wrong way (U-turn)"
        case .outsideCorridorHeadingAway: "outside the corridor, heading away"
        case .farOutsideCorridor: "far outside the corridor"
        }
    }

    /// The reroute request's reason for this way of leaving the route.
    public var rerouteReason: RerouteReason { self == .wrongWay ? .wrongWay : .offRoute }
}
