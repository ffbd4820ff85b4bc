/// Where a position lies on a route: the nearest point of a chosen segment, and how well it agrees.
public struct RouteMatch: Sendable, Equatable {
    /// Index `i` of the segment `i`…`i+1` matched.
    public var segment: Int
    /// Metres from the route start to the matched point.
    public var distanceAlong: Double
    /// Metres from the position to the matched point.
    public var offset: Double
    /// The route's direction of travel at the matched point (degrees, geographic).
    public var routeBearing: Double
    /// Absolute difference between the fix course and `routeBearing` in degrees, when the course is usable.
    public var headingDifference: Double?
}
