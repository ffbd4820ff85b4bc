/// Splits a route-level geometry into legs, for routes whose legs carry no step geometry
/// (`steps: []`, as in a plain OSRM response without `steps=true`). Adjacent legs share their boundary point.
enum OSRMLegSplitter {
    /// A vertex this close to a waypoint (squared degrees: about 1.5 m) is the one it was snapped to, and
    /// ends that waypoint's search.
    static let onVertexScore = 1.5e-5 * 1.5e-5

    /// At most this many vertex comparisons in all: a document with thousands of waypoints none of which
    /// lies on the line would otherwise take hours (waypoints × points).
    static let maxComparisons = 100_000_000

    /// Splits at the vertices nearest to `boundaries` (the waypoints between legs, in order), each searched
    /// forward from the previous boundary so a route that loops back past a waypoint is not cut early; the
    /// first vertex a waypoint sits on (within `onVertexScore`) wins at once. `path` names the geometry in
    /// the error thrown when the search would exceed `maxComparisons`.
    static func split(_ coordinates: [Coordinate], atPoints boundaries: [Coordinate], path: String) throws(InputError) -> [[Coordinate]] {
        var cuts: [Int] = []
        var from = 0
        var comparisons = 0
        for (k, b) in boundaries.enumerated() {
            comparisons += coordinates.count - from
            guard comparisons <= maxComparisons else {
                throw InputError(.invalidValue, location: path, message: "cannot split the geometry (\(coordinates.count) points) at \(boundaries.count) waypoints: waypoint \(k + 1) and the ones after it are not on the line")
            }
            var best = from, bestScore = Double.infinity
            for i in from..<coordinates.count {
                let c = coordinates[i]
                let dx = c.longitude - b.longitude, dy = c.latitude - b.latitude
                let score = dx * dx + dy * dy
                if score < bestScore {
                    bestScore = score
                    best = i
                    if score <= onVertexScore {
                        comparisons -= coordinates.count - 1 - i   // the rest of the line was not searched
                        break
                    }
                }
            }
            cuts.append(best)
            from = best
        }
        return pieces(coordinates, cuts: cuts)
    }

    /// Splits where the distance along the line reaches each leg's stated share of the total
    /// (used when the document has no waypoints to split at).
    static func split(_ coordinates: [Coordinate], legDistances: [Double]) -> [[Coordinate]] {
        let geometry = RouteGeometry(coordinates: coordinates)
        let stated = legDistances.reduce(0, +)
        let scale = stated > 0 ? geometry.length / stated : 0
        var cuts: [Int] = []
        var along = 0.0
        for d in legDistances.dropLast() {
            along += d * scale
            var i = geometry.segmentIndex(atDistance: along)
            if i + 1 < coordinates.count,
               geometry.cumulativeDistances[i + 1] - along < along - geometry.cumulativeDistances[i] { i += 1 }
            cuts.append(max(i, cuts.last ?? 0))
        }
        return pieces(coordinates, cuts: cuts)
    }

    private static func pieces(_ coordinates: [Coordinate], cuts: [Int]) -> [[Coordinate]] {
        var out: [[Coordinate]] = []
        var start = 0
        for cut in cuts + [coordinates.count - 1] {
            out.append(Array(coordinates[start...max(start, cut)]))
            start = max(start, cut)
        }
        return out
    }
}
