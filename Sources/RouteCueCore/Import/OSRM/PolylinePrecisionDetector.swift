/// Decides whether an encoded polyline is precision 5 (OSRM, Mapbox `polyline`) or 6 (Valhalla, Mapbox
/// `polyline6`): no response says which. The line is decoded both ways; a reading that fails or leaves
/// the globe is out; of the rest, the one that passes closest to the points the document says lie on it
/// (waypoints, maneuver locations) wins, else the one whose length best matches the stated distance, else 5.
/// A wrong precision scales every coordinate by 10, so the right one wins by orders of magnitude.
public enum PolylinePrecisionDetector {
    /// What the document says about a line, to check a decoding against.
    public struct Evidence: Sendable {
        /// The encoded polyline.
        public var encoded: String
        /// Points that lie on (or within metres of) the line: snapped waypoints, maneuver locations.
        public var expectedPoints: [Coordinate]
        /// The line's length in metres as the document states it, where it does.
        public var statedLength: Double?

        /// Creates the evidence for one line.
        public init(encoded: String, expectedPoints: [Coordinate] = [], statedLength: Double? = nil) {
            self.encoded = encoded
            self.expectedPoints = expectedPoints
            self.statedLength = statedLength
        }
    }

    /// The precisions tried, the default first.
    public static let candidates = [5, 6]

    /// The precision (5 or 6) that fits the evidence, or nil when the line decodes to valid coordinates with neither.
    public static func detect(_ evidence: Evidence) -> Int? {
        var readings: [(precision: Int, coordinates: [Coordinate])] = []
        for precision in candidates {
            guard let coordinates = try? Polyline.decode(evidence.encoded, precision: precision),
                  !coordinates.isEmpty, coordinates.allSatisfy(\.isValid) else { continue }
            readings.append((precision, coordinates))
        }
        guard let first = readings.first else { return nil }
        if readings.count == 1 { return first.precision }

        let points = evidence.expectedPoints.filter(\.isValid)
        if !points.isEmpty {
            return readings.min { medianMiss(points, $0.coordinates) < medianMiss(points, $1.coordinates) }!.precision
        }
        if let stated = evidence.statedLength, stated > 0 {
            return readings.min { lengthError($0.coordinates, stated) < lengthError($1.coordinates, stated) }!.precision
        }
        return first.precision
    }

    /// Median over `points` of the distance (m) to the nearest vertex of `line`.
    static func medianMiss(_ points: [Coordinate], _ line: [Coordinate]) -> Double {
        var misses: [Double] = []
        misses.reserveCapacity(points.count)
        for p in points {
            // Search with a cheap planar measure in degrees (exact enough to find a vertex the point sits on),
            // then measure the winner properly.
            var best = line[0], bestScore = Double.infinity
            for c in line {
                let dx = c.longitude - p.longitude, dy = c.latitude - p.latitude
                let score = dx * dx + dy * dy
                if score < bestScore { bestScore = score; best = c }
            }
            misses.append(GeoMath.distance(p, best))
        }
        misses.sort()
        return misses[misses.count / 2]
    }

    /// How far (as a factor, in decades) the line's length is from `stated`.
    static func lengthError(_ line: [Coordinate], _ stated: Double) -> Double {
        let length = RouteGeometry(coordinates: line).length
        guard length > 0 else { return .infinity }
        let ratio = length / stated
        return ratio >= 1 ? ratio : 1 / ratio
    }
}
