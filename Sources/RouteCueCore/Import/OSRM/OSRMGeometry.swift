/// Reads an OSRM/Mapbox `geometry` value: an encoded polyline (precision 5 or 6) or a GeoJSON
/// `{"type":"LineString","coordinates":[[lon,lat],…]}`, never empty. Every error names the geometry's key path.
enum OSRMGeometry {
    /// The encoded polyline string of `node`, or nil when the geometry is not a string (GeoJSON).
    static func encoded(_ node: JSONNode) -> String? {
        if case .string(let s) = node.value { return s }
        return nil
    }

    /// The coordinates of `node`, decoding polylines with `precision` digits.
    static func coordinates(_ node: JSONNode, precision: Int) throws(InputError) -> [Coordinate] {
        switch node.value {
        case .string(let encoded):
            let coordinates: [Coordinate]
            do throws(Polyline.DecodingError) {
                coordinates = try Polyline.decode(encoded, precision: precision)
            } catch {
                throw node.error(.invalidValue, error.description)
            }
            guard !coordinates.isEmpty else { throw node.error(.missing, "polyline has no points") }
            for (i, c) in coordinates.enumerated() where !c.isValid {
                throw node.error(.invalidValue, "polyline point \(i) out of range: latitude \(c.latitude), longitude \(c.longitude) (precision \(precision))")
            }
            return coordinates
        case .object:
            let type = try node.require("type").string()
            guard type == "LineString" else {
                throw InputError(.invalidValue, location: "\(node.path).type", message: "expected a GeoJSON LineString, found \"\(type)\"")
            }
            let points = try node.require("coordinates").array()
            var coordinates: [Coordinate] = []
            coordinates.reserveCapacity(points.count)
            for point in points { coordinates.append(try point.lonLat()) }
            guard !coordinates.isEmpty else { throw node.error(.missing, "LineString has no points") }
            return coordinates
        default:
            throw node.error(.invalidValue, "expected an encoded polyline or a GeoJSON LineString, found \(node.value.typeName)")
        }
    }
}
