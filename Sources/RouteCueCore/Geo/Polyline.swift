/// Google's encoded-polyline algorithm, as OSRM (precision 5), Valhalla (precision 6) and GraphHopper
/// (any multiplier, optional third elevation value) use it.
public enum Polyline {
    /// Why a string is not a valid encoded polyline.
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        /// Character offset in the encoded string where decoding failed.
        public var offset: Int
        /// What is wrong there.
        public var reason: String
        public var description: String { "broken polyline at character \(offset): \(reason)" }
    }

    /// Decodes `encoded` into tuples of `dimensions` values each (2: lat, lon; 3: lat, lon, elevation),
    /// dividing the first two by `factor` (1e5, 1e6) and the third by `elevationFactor`.
    public static func decodeValues(_ encoded: String, factor: Double, dimensions: Int = 2,
                                    elevationFactor: Double = 100) throws(DecodingError) -> [[Double]] {
        var result: [[Double]] = []
        try forEachPoint(encoded, factor: factor, dimensions: dimensions, elevationFactor: elevationFactor) { result.append($0) }
        return result
    }

    /// Decodes a two-dimensional polyline into coordinates with the given precision (5 or 6 digits).
    public static func decode(_ encoded: String, precision: Int) throws(DecodingError) -> [Coordinate] {
        var result: [Coordinate] = []
        result.reserveCapacity(encoded.utf8.count / 4)
        try forEachPoint(encoded, factor: pow10(precision), dimensions: 2, elevationFactor: 1) {
            result.append(Coordinate(latitude: $0[0], longitude: $0[1]))
        }
        return result
    }

    /// Decodes point by point, handing each point's values (reused buffer) to `body`.
    private static func forEachPoint(_ encoded: String, factor: Double, dimensions: Int, elevationFactor: Double,
                                     _ body: ([Double]) -> Void) throws(DecodingError) {
        var current = [Int](repeating: 0, count: dimensions)
        var dim = 0
        var shift = 0
        var value = 0
        var offset = 0
        var row: [Double] = []
        row.reserveCapacity(dimensions)
        var inValue = false
        for byte in encoded.utf8 {
            defer { offset += 1 }
            guard byte >= 63, byte <= 126 else {
                throw DecodingError(offset: offset, reason: "character outside '?'…'~'")
            }
            let chunk = Int(byte) - 63
            guard shift <= 60 else { throw DecodingError(offset: offset, reason: "value too long") }
            value |= (chunk & 0x1F) << shift
            shift += 5
            inValue = true
            if chunk < 0x20 {
                let delta = (value & 1) != 0 ? ~(value >> 1) : (value >> 1)
                current[dim] &+= delta
                let divisor = dim < 2 ? factor : elevationFactor
                row.append(Double(current[dim]) / divisor)
                dim += 1
                value = 0
                shift = 0
                inValue = false
                if dim == dimensions {
                    body(row)
                    row.removeAll(keepingCapacity: true)
                    dim = 0
                }
            }
        }
        if inValue { throw DecodingError(offset: offset, reason: "string ends inside a value") }
        if dim != 0 { throw DecodingError(offset: offset, reason: "string ends inside a point (\(dim) of \(dimensions) values)") }
    }

    /// Encodes coordinates (and optional elevations, one per coordinate) with the given precision.
    /// Precondition: every value is finite (a valid `Coordinate`); this is for writing, never for reading input.
    public static func encode(_ coordinates: [Coordinate], precision: Int, elevations: [Double]? = nil,
                              elevationFactor: Double = 100) -> String {
        let factor = pow10(precision)
        var out: [UInt8] = []
        var previous = [0, 0, 0]
        for (i, c) in coordinates.enumerated() {
            var values = [Int((c.latitude * factor).rounded()), Int((c.longitude * factor).rounded())]
            if let elevations { values.append(Int((elevations[i] * elevationFactor).rounded())) }
            for (d, v) in values.enumerated() {
                var delta = v - previous[d]
                previous[d] = v
                delta = delta < 0 ? ~(delta << 1) : (delta << 1)
                while delta >= 0x20 {
                    out.append(UInt8((0x20 | (delta & 0x1F)) + 63))
                    delta >>= 5
                }
                out.append(UInt8(delta + 63))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// 10^digits as a Double.
    public static func pow10(_ digits: Int) -> Double {
        var f = 1.0
        for _ in 0..<max(0, digits) { f *= 10 }
        return f
    }
}
