/// Turns placed turn points into a route: one maneuver per turn point (depart/arrive at the ends of a `rte`,
/// a `.waypoint` maneuver and a leg break at each via point), geometry turns where a point states none,
/// and the waypoints, all through `RouteBuilder`. Where the points give no `arrive` (turn `wpt`s, or a
/// `rte` of one point) a derived one is added at the end of the geometry, and for turn `wpt`s a `depart`.
struct GPXRouteAssembler {
    /// Where the turn points came from.
    enum Style {
        /// `rte`/`rtept`: the first point departs, the last arrives.
        case route
        /// Turn `wpt`s on a `trk`: depart and arrive are added at the track's ends when missing.
        case turnWaypoints
    }

    /// The route's source facts (format, alternative, stated distance and duration).
    var source: RouteSource
    /// The geometry and the vertex of each turn point.
    var placement: GPXPlacement
    /// The turn points, in travel order.
    var points: [GPXTurnPoint]
    /// Where the turn points came from.
    var style: Style
    /// Describes the geometry in derived provenance (`trk[0]`).
    var geometryPath: String
    /// The reader's limits on points and maneuvers, checked before the route is built.
    var limits: ImportLimits?

    /// Distance before/after a vertex over which the headings around it are measured (metres).
    static let headingSpan = 20.0

    /// Builds the route, or explains what is wrong.
    func build() throws(InputError) -> Route {
        let geometry = RouteGeometry(coordinates: placement.coordinates)
        let last = placement.coordinates.count - 1

        // One maneuver per turn point, with its absolute vertex; `true` marks a leg-ending via point.
        var placed: [(maneuver: Maneuver, index: Int, endsLeg: Bool, ghDistance: Double?, ghDuration: Double?)] = []
        for (k, point) in points.enumerated() {
            let index = placement.indices[k]
            var turn = point.statedTurn
            if style == .route, k == 0 {
                turn = GPXTurn(.depart)
            } else if style == .route, k == points.count - 1 {
                turn = GPXTurn(.arrive, turn?.type == .arrive ? turn?.modifier : nil)
            } else if turn?.type == .depart {
                turn = nil     // a "start" text in mid-route says nothing about the turn
            } else if turn?.type == .arrive, k < points.count - 1 {
                turn = GPXTurn(.waypoint)   // an intermediate destination is a via point
            }
            let (before, after) = Self.headings(at: index, in: geometry)
            if turn == nil {
                if let b = before, let a = after {
                    turn = .turn(ManeuverModifier(turnAngle: GeoMath.turnAngle(from: b, to: a)))
                } else {
                    turn = GPXTurn(.continue, .straight)
                }
            }
            let t = turn ?? GPXTurn(.continue, .straight)
            var m = Maneuver(type: t.type, modifier: t.modifier, location: placement.coordinates[index],
                             provenance: Provenance(kind: point.kind, sourceLeg: 0, sourceIndex: point.sourceIndex,
                                                    sourcePath: point.path))
            m.exitNumber = t.exitNumber
            m.instruction = point.instruction ?? (point.kind == .wpt ? point.name : nil)
            m.roadName = point.text?.roadName
            m.ref = point.text?.ref
            m.destinations = point.text?.destinations
            m.sourceDistance = point.sourceDistance
            m.sourceDuration = point.sourceDuration
            m.bearingBefore = t.type == .depart ? nil : before
            if let azimuth = point.azimuth, t.type != .arrive, t.type != .waypoint {
                m.bearingAfter = GeoMath.normalizedBearing(azimuth)
            } else {
                m.bearingAfter = t.type == .arrive ? nil : after
            }
            let endsLeg = t.type == .waypoint && index > 0 && index < last
            placed.append((m, index, endsLeg,
                           point.isGraphHopperDistance ? point.sourceDistance : nil,
                           point.isGraphHopperDistance ? point.sourceDuration : nil))
        }

        if style == .turnWaypoints {
            if !placed.contains(where: { $0.maneuver.type == .depart }) {
                var m = Maneuver(type: .depart, location: placement.coordinates[0],
                                 provenance: Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil,
                                                        sourcePath: "\(geometryPath) point 0 (start)"))
                m.bearingAfter = Self.headings(at: 0, in: geometry).after
                placed.insert((m, 0, false, nil, nil), at: 0)
            }
        }
        // Turn `wpt`s, and a `rte` of a single point (its depart, on a `trk`), arrive at the geometry's end.
        if placed.last?.maneuver.type != .arrive {
            let m = Maneuver(type: .arrive, location: placement.coordinates[last],
                             provenance: Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil,
                                                    sourcePath: "\(geometryPath) point \(last) (end)"))
            placed.append((m, last, false, nil, nil))
        }

        // Split into legs at via points.
        var builder = RouteBuilder(source: source)
        builder.limits = limits
        var legStart = 0
        var legManeuvers: [(Maneuver, RouteBuilder.Placement)] = []
        var legDistance: Double?, legDuration: Double?
        var legIndex = 0
        func finishLeg(at end: Int, _ builder: inout RouteBuilder) {
            builder.addLeg(coordinates: Array(placement.coordinates[legStart...end]),
                           elevations: placement.elevations.map { Array($0[legStart...end]) },
                           maneuvers: legManeuvers, statedDistance: legDistance, statedDuration: legDuration,
                           path: "\(geometryPath) leg \(legIndex)")
            legStart = end
            legManeuvers = []
            legDistance = nil
            legDuration = nil
            legIndex += 1
        }
        builder.addWaypoint(Waypoint(name: style == .route ? points.first?.name : nil, location: placement.coordinates[0], role: .start))
        for item in placed {
            var m = item.maneuver
            m.provenance.sourceLeg = legIndex
            legManeuvers.append((m, .legIndex(item.index - legStart)))
            if let d = item.ghDistance { legDistance = (legDistance ?? 0) + d }
            if let t = item.ghDuration { legDuration = (legDuration ?? 0) + t }
            if item.endsLeg, item.index > legStart {
                var via = Waypoint(name: m.instruction ?? m.roadName, location: m.location, role: .via)
                via.legEnding = legIndex
                builder.addWaypoint(via)
                finishLeg(at: item.index, &builder)
            }
        }
        var destination = Waypoint(name: style == .route ? points.last?.name : nil,
                                   location: placement.coordinates[last], role: .destination)
        destination.legEnding = legIndex
        finishLeg(at: last, &builder)
        builder.addWaypoint(destination)
        return try builder.build()
    }

    /// Headings into and out of vertex `index`, measured over `headingSpan` metres on each side.
    static func headings(at index: Int, in geometry: RouteGeometry) -> (before: Double?, after: Double?) {
        let c = geometry.coordinates[index]
        let d = geometry.cumulativeDistances[index]
        var before: Double?, after: Double?
        if d > 0.5 {
            let p = geometry.coordinate(atDistance: d - headingSpan)
            if p != c { before = GeoMath.bearing(from: p, to: c) }
        }
        if geometry.length - d > 0.5 {
            let p = geometry.coordinate(atDistance: d + headingSpan)
            if p != c { after = GeoMath.bearing(from: c, to: p) }
        }
        return (before, after)
    }
}
