/// Derives turn maneuvers from geometry alone (for GPX `trk`, tour `svp` traces and step-less routes):
/// turns at junctions, not GPS jitter and not motorway bends.
public enum ManeuverDeriver {
    /// A turn found in a polyline.
    public struct DerivedTurn: Sendable, Equatable {
        /// Index of the polyline point where the turn happens.
        public var index: Int
        /// Signed turn angle in degrees (positive right).
        public var angle: Double
        /// Heading before the turn (degrees, geographic).
        public var bearingBefore: Double
        /// Heading after the turn (degrees, geographic).
        public var bearingAfter: Double
    }

    /// The turns of a polyline, in order.
    public static func turns(in coordinates: [Coordinate]) -> [DerivedTurn] {
        // First version: heading change between points ~25 m before and after each vertex.
        let geometry = RouteGeometry(coordinates: coordinates)
        guard coordinates.count >= 3 else { return [] }
        var out: [DerivedTurn] = []
        var lastDistance = -Double.infinity
        for i in 1..<(coordinates.count - 1) {
            let d = geometry.cumulativeDistances[i]
            let before = geometry.coordinate(atDistance: d - 25)
            let after = geometry.coordinate(atDistance: d + 25)
            guard before != coordinates[i], after != coordinates[i] else { continue }
            let b1 = GeoMath.bearing(from: before, to: coordinates[i])
            let b2 = GeoMath.bearing(from: coordinates[i], to: after)
            let a = GeoMath.turnAngle(from: b1, to: b2)
            if abs(a) >= 40, d - lastDistance > 30 {
                out.append(DerivedTurn(index: i, angle: a, bearingBefore: b1, bearingAfter: b2))
                lastDistance = d
            }
        }
        return out
    }

    /// Maneuvers for one leg built from geometry alone: optionally a `depart` at the first point, a `turn`
    /// per derived turn, and optionally an `arrive` at the last point; provenance `derived`, described by `sourcePath`.
    public static func legManeuvers(coordinates: [Coordinate], leg: Int, sourcePath: String,
                                    includeDepart: Bool = true, includeArrive: Bool = true) -> [(Maneuver, RouteBuilder.Placement)] {
        var out: [(Maneuver, RouteBuilder.Placement)] = []
        guard let first = coordinates.first, let last = coordinates.last else { return out }
        func provenance(_ i: Int) -> Provenance {
            Provenance(kind: .derived, sourceLeg: leg, sourceIndex: nil, sourcePath: "\(sourcePath) point \(i)")
        }
        if includeDepart {
            var m = Maneuver(type: .depart, location: first, provenance: provenance(0))
            if coordinates.count > 1 { m.bearingAfter = GeoMath.bearing(from: first, to: coordinates[1]) }
            out.append((m, .legIndex(0)))
        }
        for t in turns(in: coordinates) {
            let modifier = ManeuverModifier(turnAngle: t.angle)
            var m = Maneuver(type: modifier == .uTurn ? .uTurn : .turn, modifier: modifier,
                             location: coordinates[t.index], provenance: provenance(t.index))
            m.bearingBefore = t.bearingBefore
            m.bearingAfter = t.bearingAfter
            out.append((m, .legIndex(t.index)))
        }
        if includeArrive {
            out.append((Maneuver(type: .arrive, location: last, provenance: provenance(coordinates.count - 1)),
                        .legIndex(coordinates.count - 1)))
        }
        return out
    }
}
