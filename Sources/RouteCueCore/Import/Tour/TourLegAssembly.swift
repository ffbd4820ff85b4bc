/// One leg of a tour while it is put together: the geometry pieces in order (routed geometry from an
/// embedded route, straight joins of at most 50 m, svp traces), the maneuvers that came with routed
/// pieces, and where each trace lies in the leg's point list.
struct TourLegAssembly {
    /// A maneuver waiting for the builder, with what the builder cannot know.
    struct PendingManeuver {
        var maneuver: Maneuver
        /// Point index in this leg's `coordinates`.
        var legIndex: Int
        /// Metres beyond that point where the source placed it (embedded maneuvers between vertices).
        var offset: Double
    }

    /// A silent via point of a trace, by its point index in this leg (and the metres beyond that point where it
    /// lies on a routed trace, whose vertices are the map's, not the trace's).
    struct SilentVia {
        var waypoint: Waypoint
        var legIndex: Int
        var offset: Double = 0
    }

    /// A trace's place in the leg.
    struct Trace {
        var station: TourDocument.Station
        var points: [TourDocument.Point]
        /// Index of the trace's first and last point in `coordinates`.
        var first: Int
        var last: Int
    }

    /// The leg's points so far.
    private(set) var coordinates: [Coordinate] = []
    /// Maneuvers of routed pieces and of the station, in travel order.
    var maneuvers: [PendingManeuver] = []
    /// The traces, in order.
    private(set) var traces: [Trace] = []
    /// The silent via points, in order.
    private(set) var silentVias: [SilentVia] = []
    /// Whether the leg starts with routed geometry (whose own `depart` is then kept).
    private(set) var startsRouted = false

    /// True while the leg has no point yet.
    var isEmpty: Bool { coordinates.isEmpty }

    /// Appends points; a first point equal to the current last point is not repeated. Returns the index
    /// of `points[0]` in the leg.
    @discardableResult
    mutating func append(_ points: [Coordinate]) -> Int {
        guard let head = points.first else { return coordinates.count }
        if let last = coordinates.last, last == head {
            coordinates.append(contentsOf: points.dropFirst())
            return coordinates.count - points.count
        }
        coordinates.append(contentsOf: points)
        return coordinates.count - points.count
    }

    /// Appends an embedded route's geometry and maneuvers. Its `arrive`s are dropped (the tour arrives
    /// at its own stations) unless `keepArrive` (a routed trace that ends the tour), and so is its `depart` unless
    /// the routed geometry starts the leg. Returns the index of its first point in the leg.
    @discardableResult
    mutating func appendRouted(_ embedded: EmbeddedRoute, keepArrive: Bool = false) -> Int {
        let keepDepart = coordinates.count <= 1
        if keepDepart { startsRouted = true }
        let base = append(embedded.route.geometry.coordinates)
        let cumulative = embedded.route.geometry.cumulativeDistances
        let lastArrive = embedded.route.maneuvers.lastIndex { $0.type == .arrive }
        for (k, var m) in embedded.route.maneuvers.enumerated() {
            if m.type == .arrive, !(keepArrive && k == lastArrive) { continue }
            if m.type == .depart, !(keepDepart && m.geometryIndex == 0) { continue }
            m.provenance.sourcePath = embedded.path(m.provenance.sourcePath)
            let offset = m.distanceAlong - cumulative[m.geometryIndex]
            maneuvers.append(PendingManeuver(maneuver: m, legIndex: base + m.geometryIndex, offset: offset))
        }
        return base
    }

    /// Appends the way a routing engine found along an svp trace (`routed`, through or matched to its points) in
    /// place of the straight lines between them: its geometry, maneuvers and street names; every point but
    /// `exceptLast` becomes a silent via waypoint where the way passes it (searched in travel order, so a trace that
    /// loops back past a point is placed on the right pass). No maneuver is derived from the trace's own geometry.
    mutating func appendRoutedTrace(_ station: TourDocument.Station, points: [TourDocument.Point], routed: EmbeddedRoute,
                                    lastIsDestination: Bool) {
        let base = appendRouted(routed, keepArrive: lastIsDestination)
        let way = routed.route.geometry
        let cumulative = way.cumulativeDistances
        var segment = 0
        var previous = points[0].coordinate
        for (k, p) in points.enumerated() where !(lastIsDestination && k == points.count - 1) {
            // The nearest pass within a stretch a little longer than the trace itself gets from the point before.
            let reach = cumulative[segment] + 3 * GeoMath.distance(previous, p.coordinate) + 200
            var best = (segment: segment, fraction: 0.0, distance: Double.infinity)
            var i = segment
            while i < way.count - 1, cumulative[i] <= reach {
                let projection = GeoMath.projection(of: p.coordinate, onSegment: way.coordinates[i], way.coordinates[i + 1])
                if projection.distance < best.distance { best = (i, projection.fraction, projection.distance) }
                i += 1
            }
            if way.count < 2 { best = (0, 0, 0) }
            var w = Waypoint(location: p.coordinate, role: .silentVia)
            w.course = p.course
            let offset = way.count < 2 ? 0 : best.fraction * (cumulative[best.segment + 1] - cumulative[best.segment])
            silentVias.append(SilentVia(waypoint: w, legIndex: base + best.segment, offset: offset))
            segment = best.segment
            previous = p.coordinate
        }
    }

    /// Appends an svp trace; every point but `exceptLast` becomes a silent via waypoint.
    mutating func appendTrace(_ station: TourDocument.Station, points: [TourDocument.Point], leg: Int, lastIsDestination: Bool) {
        let first = append(points.map(\.coordinate))
        traces.append(Trace(station: station, points: points, first: first, last: coordinates.count - 1))
        for (k, p) in points.enumerated() where !(lastIsDestination && k == points.count - 1) {
            var w = Waypoint(location: p.coordinate, role: .silentVia)
            w.course = p.course
            silentVias.append(SilentVia(waypoint: w, legIndex: first + k))
        }
    }
}
