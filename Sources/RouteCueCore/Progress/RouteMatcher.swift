/// Finds where a position lies on a route, by position and heading, searching only a window of the route so a
/// loop or a self-crossing never makes the match jump to another pass of the same place.
public struct RouteMatcher: Sendable {
    /// Metres added to a segment's cost when the course disagrees with it by more than 90°.
    static let oppositeHeadingPenalty = 60.0
    /// Metres added when it disagrees by 45–90°.
    static let crossingHeadingPenalty = 20.0
    /// Metres of penalty per metre of distance from the expected position along the route.
    static let continuityWeight = 0.1

    /// The best match of `position` in `window` (metres along the route), preferring segments whose direction
    /// agrees with `course` (used only when given) and points near `expectedAlong`.
    public static func match(_ position: Coordinate, course: Double?, on geometry: RouteGeometry,
                             window: ClosedRange<Double>, expectedAlong: Double?) -> RouteMatch? {
        guard geometry.count >= 2 else { return nil }
        let first = geometry.segmentIndex(atDistance: window.lowerBound)
        let last = geometry.segmentIndex(atDistance: window.upperBound)
        var best: (cost: Double, match: RouteMatch)?
        for i in first...last {
            let a = geometry.coordinates[i], b = geometry.coordinates[i + 1]
            let start = geometry.cumulativeDistances[i], end = geometry.cumulativeDistances[i + 1]
            guard end > start else { continue }
            var (offset, f) = GeoMath.projection(of: position, onSegment: a, b)
            let unclamped = start + f * (end - start)
            let along = min(window.upperBound, max(window.lowerBound, unclamped))
            // A point beyond the window is as far as the window's end, not as near as the segment it lies on.
            if along != unclamped { offset = GeoMath.distance(position, geometry.coordinate(atDistance: along)) }
            let bearing = GeoMath.bearing(from: a, to: b)
            var cost = offset
            var difference: Double?
            if let course {
                let d = abs(GeoMath.turnAngle(from: bearing, to: course))
                difference = d
                if d > 90 { cost += oppositeHeadingPenalty } else if d > 45 { cost += crossingHeadingPenalty }
            }
            if let expectedAlong { cost += continuityWeight * abs(along - expectedAlong) }
            if best == nil || cost < best!.cost {
                best = (cost, RouteMatch(segment: i, distanceAlong: along, offset: offset, routeBearing: bearing,
                                         headingDifference: difference))
            }
        }
        return best?.match
    }
}
