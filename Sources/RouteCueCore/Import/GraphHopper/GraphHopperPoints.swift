/// Decodes GraphHopper point lists (`points`, `snapped_waypoints`): encoded polylines with any
/// `points_encoded_multiplier` and, when the request asked for elevation, a third value per point
/// (metres × 100) — or unencoded GeoJSON `LineString`s with `[lon, lat]` or `[lon, lat, ele]`.
public enum GraphHopperPoints {
    /// GraphHopper's default multiplier when `points_encoded_multiplier` is absent (five digits).
    public static let defaultMultiplier = 1e5
    /// GraphHopper encodes elevation in centimetres.
    public static let elevationFactor = 100.0

    /// Decoded points, with elevations where they carry them.
    public struct Decoded: Sendable, Equatable {
        /// The positions.
        public var coordinates: [Coordinate]
        /// Metres per point, or nil for two-dimensional points.
        public var elevations: [Double]?
    }

    /// Decodes an encoded polyline, deciding whether it carries elevation: an explicit `elevation` flag
    /// decides when given; otherwise the layout whose point count is `expectedCount` (the last instruction
    /// `interval` end + 1); otherwise the layout whose points all lie in range and inside `bbox`
    /// (`[minLon, minLat, maxLon, maxLat]`), two-dimensional first. Throws the decoder's error when no
    /// layout decodes.
    public static func decode(_ encoded: String, multiplier: Double = defaultMultiplier, elevation: Bool? = nil,
                              expectedCount: Int? = nil, bbox: [Double]? = nil) throws(Polyline.DecodingError) -> Decoded {
        if let elevation { return try decode(encoded, multiplier: multiplier, dimensions: elevation ? 3 : 2) }
        var candidates: [Decoded] = []
        var firstError: Polyline.DecodingError?
        for dimensions in [2, 3] {
            do throws(Polyline.DecodingError) {
                candidates.append(try decode(encoded, multiplier: multiplier, dimensions: dimensions))
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        guard !candidates.isEmpty else { throw firstError! }
        if candidates.count == 1 { return candidates[0] }
        if let expectedCount, let match = candidates.first(where: { $0.coordinates.count == expectedCount }) {
            return match
        }
        if let match = candidates.first(where: { plausible($0.coordinates, bbox: bbox) }) { return match }
        return candidates[0]
    }

    /// Decodes with a known number of values per point.
    static func decode(_ encoded: String, multiplier: Double, dimensions: Int) throws(Polyline.DecodingError) -> Decoded {
        let rows = try Polyline.decodeValues(encoded, factor: multiplier, dimensions: dimensions, elevationFactor: elevationFactor)
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(rows.count)
        var elevations: [Double]? = dimensions == 3 ? [] : nil
        for row in rows {
            coordinates.append(Coordinate(latitude: row[0], longitude: row[1]))
            if dimensions == 3 { elevations!.append(row[2]) }
        }
        return Decoded(coordinates: coordinates, elevations: elevations)
    }

    /// Whether every point is a valid coordinate inside the bounding box (with 0.01° slack).
    static func plausible(_ coordinates: [Coordinate], bbox: [Double]?) -> Bool {
        let box = bbox.flatMap { $0.count == 4 ? $0 : nil }
        for c in coordinates {
            guard c.isValid else { return false }
            if let b = box, c.longitude < b[0] - 0.01 || c.latitude < b[1] - 0.01 || c.longitude > b[2] + 0.01 || c.latitude > b[3] + 0.01 {
                return false
            }
        }
        return true
    }

    /// Reads a GeoJSON `LineString` object (`{"type": "LineString", "coordinates": [[lon, lat, ele?], …]}`).
    static func readGeoJSON(_ node: JSONNode) throws(InputError) -> Decoded {
        let coordinatesNode = try node.require("coordinates")
        var coordinates: [Coordinate] = []
        var elevations: [Double] = []
        var allHaveElevation = true
        for item in try coordinatesNode.array() {
            coordinates.append(try item.lonLat())
            let values = try item.array()
            if values.count >= 3 { elevations.append(try values[2].double()) } else { allHaveElevation = false }
        }
        return Decoded(coordinates: coordinates, elevations: allHaveElevation && !coordinates.isEmpty ? elevations : nil)
    }

    /// Reads the point list at `node` as its path's settings say (`points_encoded`, multiplier, elevation),
    /// and checks that every point is a valid coordinate.
    static func read(_ node: JSONNode, encoded: Bool, multiplier: Double, elevation: Bool?, expectedCount: Int?,
                     bbox: [Double]?) throws(InputError) -> Decoded {
        let decoded: Decoded
        if encoded {
            let text = try node.string()
            do throws(Polyline.DecodingError) {
                decoded = try decode(text, multiplier: multiplier, elevation: elevation, expectedCount: expectedCount, bbox: bbox)
            } catch {
                throw node.error(.invalidValue, error.description)
            }
        } else {
            decoded = try readGeoJSON(node)
        }
        guard !decoded.coordinates.isEmpty else { throw node.error(.missing, "no points") }
        for (i, c) in decoded.coordinates.enumerated() where !c.isValid {
            throw node.error(.invalidValue, "point \(i) out of range: latitude \(c.latitude), longitude \(c.longitude)")
        }
        return decoded
    }
}
