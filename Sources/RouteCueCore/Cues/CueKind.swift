/// What a cue is about, as the cue log names it (docs/cue-log.md).
public enum CueKind: String, Sendable, Codable, CaseIterable {
    /// A maneuver of the route.
    case maneuver
    /// Arrival at an announced intermediate waypoint.
    case waypoint
    /// Arrival at the destination.
    case arrival
    /// A warning along the route (speed camera, …).
    case warning
    /// Off route / recalculating, GPS lost and regained, and other guidance-state notices.
    case reroute
    /// Audio an application asked to play.
    case app
}
