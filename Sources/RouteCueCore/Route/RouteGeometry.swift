/// The polyline of a whole route with cumulative distance, so positions along it are cheap to find.
public struct RouteGeometry: Sendable, Equatable {
    /// The points, in travel order.
    public private(set) var coordinates: [Coordinate]
    /// Metres from the first point to each point (`cumulativeDistances[0] == 0`).
    public private(set) var cumulativeDistances: [Double]
    /// Elevation in metres per point, where the source has it.
    public private(set) var elevations: [Double]?

    /// Builds the geometry and its cumulative distances.
    public init(coordinates: [Coordinate], elevations: [Double]? = nil) {
        self.coordinates = coordinates
        self.elevations = elevations
        var cumulative = [Double]()
        cumulative.reserveCapacity(coordinates.count)
        var total = 0.0
        for i in coordinates.indices {
            if i > 0 { total += GeoMath.distance(coordinates[i - 1], coordinates[i]) }
            cumulative.append(total)
        }
        self.cumulativeDistances = cumulative
    }

    /// Total length in metres.
    public var length: Double { cumulativeDistances.last ?? 0 }

    /// Number of points.
    public var count: Int { coordinates.count }

    /// The point `distance` metres along the line (clamped to its ends).
    public func coordinate(atDistance distance: Double) -> Coordinate {
        guard let first = coordinates.first else { return Coordinate(latitude: 0, longitude: 0) }
        if distance <= 0 || coordinates.count == 1 { return first }
        if distance >= length { return coordinates[coordinates.count - 1] }
        let i = segmentIndex(atDistance: distance)
        let segment = cumulativeDistances[i + 1] - cumulativeDistances[i]
        let f = segment > 0 ? (distance - cumulativeDistances[i]) / segment : 0
        let a = coordinates[i], b = coordinates[i + 1]
        return Coordinate(latitude: a.latitude + f * (b.latitude - a.latitude),
                          longitude: a.longitude + f * (b.longitude - a.longitude))
    }

    /// Index `i` of the segment `i`…`i+1` containing `distance` (binary search).
    public func segmentIndex(atDistance distance: Double) -> Int {
        var lo = 0, hi = max(0, coordinates.count - 2)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if cumulativeDistances[mid] <= distance { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The nearest point on the line to `p` among segments `range`, not before `notBefore` metres along the
    /// line, as (segment index, distance along, offset in metres). `notBefore` keeps a forward search on a
    /// loop or an out-and-back street from snapping to the earlier pass.
    /// With `settleWithin` (offset, distance), a forward search stops once it has a match within `offset` metres
    /// and has looked `distance` metres past it: the first close pass is the one meant, in travel order.
    public func nearest(to p: Coordinate, segments range: Range<Int>? = nil, notBefore: Double = -.infinity,
                        settleWithin: (offset: Double, distance: Double)? = nil) -> (segment: Int, distanceAlong: Double, offset: Double)? {
        var examined = 0
        return nearest(to: p, segments: range, notBefore: notBefore, settleWithin: settleWithin, examined: &examined)
    }

    /// `nearest(to:segments:notBefore:settleWithin:)`, adding the number of segments it looked at to `examined`.
    public func nearest(to p: Coordinate, segments range: Range<Int>?, notBefore: Double,
                        settleWithin: (offset: Double, distance: Double)?,
                        examined: inout Int) -> (segment: Int, distanceAlong: Double, offset: Double)? {
        guard coordinates.count >= 2 else {
            guard let c = coordinates.first else { return nil }
            return (0, 0, GeoMath.distance(c, p))
        }
        let r = range ?? 0..<(coordinates.count - 1)
        var best: (Int, Double, Double)?
        for i in r where i >= 0 && i < coordinates.count - 1 {
            let start = cumulativeDistances[i], end = cumulativeDistances[i + 1]
            if end < notBefore { continue }
            if let settle = settleWithin, let b = best, b.2 <= settle.offset, start > b.1 + settle.distance { break }
            examined += 1
            var (d, f) = GeoMath.projection(of: p, onSegment: coordinates[i], coordinates[i + 1])
            var along = start + f * (end - start)
            if along < notBefore {
                along = notBefore
                d = GeoMath.distance(p, coordinate(atDistance: along))
            }
            if best == nil || d < best!.2 { best = (i, along, d) }
        }
        return best.map { (segment: $0.0, distanceAlong: $0.1, offset: $0.2) }
    }
}

extension RouteGeometry: Codable {
    enum CodingKeys: String, CodingKey { case coordinates, elevations }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try c.decode([[Double]].self, forKey: .coordinates)
        var coords: [Coordinate] = []
        coords.reserveCapacity(pairs.count)
        for (i, p) in pairs.enumerated() {
            guard p.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: .coordinates, in: c,
                    debugDescription: "coordinates[\(i)] must be [longitude, latitude]")
            }
            let coordinate = Coordinate(latitude: p[1], longitude: p[0])
            guard coordinate.isValid else {
                throw DecodingError.dataCorruptedError(forKey: .coordinates, in: c,
                    debugDescription: "coordinates[\(i)] out of range")
            }
            coords.append(coordinate)
        }
        let elevations = try c.decodeIfPresent([Double].self, forKey: .elevations)
        if let elevations, elevations.count != coords.count {
            throw DecodingError.dataCorruptedError(forKey: .elevations, in: c,
                debugDescription: "has \(elevations.count) values for \(coords.count) coordinates")
        }
        self.init(coordinates: coords, elevations: elevations)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(coordinates.map(\.lonLat), forKey: .coordinates)
        try c.encodeIfPresent(elevations, forKey: .elevations)
    }
}
