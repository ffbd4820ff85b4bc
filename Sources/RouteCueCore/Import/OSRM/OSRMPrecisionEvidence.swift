/// Gathers what an OSRM document says about its polylines, for `PolylinePrecisionDetector`: the route
/// geometry checked against the waypoints, maneuver locations and route `distance`; without a route
/// geometry, the first step's geometry checked against its own and the next step's maneuver location.
enum OSRMPrecisionEvidence {
    /// At most this many maneuver locations are used as evidence.
    static let maxManeuverPoints = 16
    /// At most about this many waypoints are used as evidence (sampled evenly, the last one always).
    static let maxWaypointPoints = 16

    /// The polyline precision of the route (5 or 6), or nil when its geometry is GeoJSON (nothing encoded).
    static func precision(route: JSONNode, legSteps: [[JSONNode]], stops: [OSRMWaypointReader.Stop]?) -> Int? {
        guard let evidence = evidence(route: route, legSteps: legSteps, stops: stops) else { return nil }
        return PolylinePrecisionDetector.detect(evidence) ?? PolylinePrecisionDetector.candidates[0]
    }

    static func evidence(route: JSONNode, legSteps: [[JSONNode]], stops: [OSRMWaypointReader.Stop]?) -> PolylinePrecisionDetector.Evidence? {
        if let geometry = route["geometry"], let encoded = OSRMGeometry.encoded(geometry) {
            // Sampled, like the maneuver locations: each point is checked against every vertex, so a
            // document with thousands of waypoints must not make detection quadratic.
            var points: [Coordinate] = []
            if let stops {
                for i in Swift.stride(from: 0, to: stops.count, by: max(1, stops.count / maxWaypointPoints)) {
                    points.append(stops[i].location)
                }
                if let last = stops.last, points.last != last.location { points.append(last.location) }
            }
            let steps = legSteps.flatMap { $0 }
            let stride = max(1, steps.count / maxManeuverPoints)
            for i in Swift.stride(from: 0, to: steps.count, by: stride) {
                if let p = location(of: steps[i]) { points.append(p) }
            }
            return .init(encoded: encoded, expectedPoints: points, statedLength: try? route.optionalDouble("distance"))
        }
        for steps in legSteps {
            for (s, step) in steps.enumerated() {
                guard let geometry = step["geometry"], let encoded = OSRMGeometry.encoded(geometry) else { continue }
                var points: [Coordinate] = []
                if let p = location(of: step) { points.append(p) }
                if s + 1 < steps.count, let p = location(of: steps[s + 1]) { points.append(p) }
                return .init(encoded: encoded, expectedPoints: points, statedLength: try? step.optionalDouble("distance"))
            }
        }
        return nil
    }

    private static func location(of step: JSONNode) -> Coordinate? {
        guard let m = step["maneuver"], let l = m["location"] else { return nil }
        return try? l.lonLat()
    }
}
