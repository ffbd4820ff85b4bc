/// Derives turn maneuvers from geometry alone (for GPX `trk`, tour `svp` traces and step-less routes):
/// turns at junctions, not GPS jitter and not motorway bends.
public enum ManeuverDeriver {
    /// A turn found in a polyline.
    public struct DerivedTurn: Sendable, Equatable {
        /// How the heading change is laid out on the road.
        public enum Shape: String, Sendable, Equatable {
            /// One concentrated heading change (a junction turn, a U-turn).
            case simple
            /// A turn undone within a few tens of metres (a staggered junction); `angle` is the first turn.
            case staggered
            /// Turning one way, circling the other way, turning back: a roundabout; `angle` is the net turn.
            case circling
        }

        /// Index of the polyline point where the turn happens.
        public var index: Int
        /// Signed turn angle in degrees (positive right).
        public var angle: Double
        /// Heading before the turn (degrees, geographic).
        public var bearingBefore: Double
        /// Heading after the turn (degrees, geographic).
        public var bearingAfter: Double
        /// How the heading change is laid out.
        public var shape: Shape = .simple
    }

    /// The turns of a polyline, in order: junction turns, U-turns and roundabouts, not GPS jitter and not
    /// road bends.
    ///
    /// Method: invalid, duplicate and standstill points are dropped and the line is projected to local
    /// metres. Its roughness (median offset of a point from its neighbours' chord) sets the simplification
    /// tolerance: 1 m for routed geometry (a roughness up to half a metre is the rounding of exact
    /// coordinates, e.g. to the 5 decimals of a precision-5 polyline, not jitter), up to 10 m for a jittery
    /// recording, whose dense jitter is first averaged away. The line is simplified (Douglas–Peucker) and
    /// headings are taken from segments or chords long enough for the tolerance not to swing them. A vertex
    /// is a candidate when the heading changes by at least half the minimum turn (45°) within ±10 m;
    /// candidates closer than 30 m are merged (a roundabout or a staggered junction is one maneuver). A
    /// merged group is a turn when its net heading change is at least 45°, a window of ±10 m holds at least
    /// 45° (a bend spreads its change, a junction concentrates it), and it stays at least 45° after
    /// subtracting what the curvature of the road either side would give over the same length (so a long
    /// motorway curve never counts). On a precise line, a group that circles against its turn direction is
    /// a roundabout (reported even when going straight on); a turn undone within the group is a staggered
    /// junction, reported with its first turn.
    ///
    /// Measured against the route files' own maneuvers (`ManeuverDerivationScoreTests`: turns ≥ 45°, match
    /// within 30 m): recall 0.922, precision 0.877. Most unconfirmed turns are corners and kinks of a road
    /// that keeps its name, or S-jogs the router announces once or not at all: geometry alone does not tell
    /// them from junction turns.
    public static func turns(in coordinates: [Coordinate]) -> [DerivedTurn] {
        TurnDetector().turns(in: coordinates)
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
            if let next = coordinates.first(where: { $0.isValid && GeoMath.distance(first, $0) >= 0.5 }) {
                m.bearingAfter = GeoMath.bearing(from: first, to: next)
            }
            out.append((m, .legIndex(0)))
        }
        for t in turns(in: coordinates) {
            let modifier = ManeuverModifier(turnAngle: t.angle)
            let type: ManeuverType = t.shape == .circling ? .roundabout : (modifier == .uTurn ? .uTurn : .turn)
            var m = Maneuver(type: type, modifier: modifier,
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
