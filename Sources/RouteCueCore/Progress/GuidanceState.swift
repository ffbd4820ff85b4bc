/// Where guidance stands with respect to the route.
public enum GuidanceState: String, Sendable, Equatable, Codable {
    /// No fix has placed the car on the route yet.
    case acquiring
    /// Following the route.
    case onRoute = "on_route"
    /// Off the route: no maneuver cues until back on it or a new route arrives.
    case offRoute = "off_route"
    /// The destination was reached.
    case arrived
}
