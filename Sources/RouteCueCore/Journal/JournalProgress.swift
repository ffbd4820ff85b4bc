/// Where guidance was along its route when the journal was written, and what it had said: enough to continue after
/// a power loss at the right maneuver without repeating a cue.
public struct JournalProgress: Sendable, Equatable {
    /// The leg being driven.
    public var leg: Int
    /// Metres along the route where the car was (resuming matches the car no earlier than a little before it).
    public var distanceAlong: Double
    /// The last maneuver behind the car, if any.
    public var passedManeuver: Int?
    /// The last waypoint (index in `Route.waypoints`) behind the car, if any.
    public var passedWaypoint: Int?
    /// The cues near and ahead of the car that were heard whole.
    public var heard: Set<HeardCue>

    /// Progress at `distanceAlong` on `leg`.
    public init(leg: Int, distanceAlong: Double, passedManeuver: Int? = nil, passedWaypoint: Int? = nil, heard: Set<HeardCue> = []) {
        self.leg = leg
        self.distanceAlong = distanceAlong
        self.passedManeuver = passedManeuver
        self.passedWaypoint = passedWaypoint
        self.heard = heard
    }

    /// Whether this progress fits `route`: its leg, maneuvers, waypoints and warnings exist and its distance lies on it.
    public func fits(_ route: Route) -> Bool {
        guard leg >= 0, leg < max(1, route.legs.count), distanceAlong >= 0, distanceAlong <= route.length + 1 else { return false }
        if let m = passedManeuver, !(0..<route.maneuvers.count).contains(m) { return false }
        if let w = passedWaypoint, !(0..<route.waypoints.count).contains(w) { return false }
        return heard.allSatisfy { cue in
            switch cue {
            case let .stage(m, _), let .source(m, _), let .continueAfter(m): (0..<route.maneuvers.count).contains(m)
            case let .warning(index): (0..<route.warnings.count).contains(index)
            case let .arrival(leg): (0..<max(1, route.legs.count)).contains(leg)
            case .departure: true
            }
        }
    }
}
