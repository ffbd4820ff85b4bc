/// Reads a tour: stations after the vehicle's current position, `svp` traces of silent via points and
/// `regular` announced stops (see `TourDocument` for the document and `docs/route-format.md` for the rules).
///
/// - One leg per regular station; svp traces continue the current leg; a tour that ends in a trace has a
///   last leg ending at the trace's last point, the destination.
/// - The route starts at `options.vehiclePosition`, or at the first station's first point when it is nil
///   (an embedded route of that first station is then not used: it leads from an unknown position).
/// - Routed geometry comes from a station's embedded `"route"` document. It is needed for the way to a
///   regular station and for the gap before a trace when they are more than `maxStraightGap` metres from
///   where the tour is; closer ones are joined straight. Without it the tour is rejected, naming the station.
/// - Every point of every trace is kept as a `silentVia` waypoint (not announced), with its course.
public enum TourImporter {
    /// The longest gap (metres) joined by a straight line instead of routed geometry.
    public static let maxStraightGap = 50.0
    /// How far (metres) an embedded route may start from where the tour is, or end from its regular station.
    public static let maxRouteSnap = 250.0

    /// Reads a parsed tour document into a route.
    public static func read(_ root: JSONNode, options: ImportOptions) throws(InputError) -> Route {
        let document = try TourDocument.parse(root)
        if let v = options.vehiclePosition, !v.isValid {
            throw InputError(.invalidValue, location: "vehicle position", message: "out of range: \(v)")
        }
        guard let limit = options.resolvedStations, limit < document.stations.count else {
            var tour = TourAssembler(stations: document.stations, vehiclePosition: options.vehiclePosition, options: options)
            return try tour.assemble()
        }
        var tour = TourAssembler(stations: Array(document.stations.prefix(limit)), vehiclePosition: options.vehiclePosition,
                                 options: options)
        var route = try tour.assemble()
        // It ends at a stop of the tour, not at its destination; the rest is still to be routed.
        if let k = route.waypoints.lastIndex(where: { $0.role == .destination }) {
            route.waypoints[k].role = .via
            route.waypoints[k].announced = true
        }
        if let k = route.maneuvers.lastIndex(where: { $0.type == .arrive }) { route.maneuvers[k].type = .waypoint }
        route.unresolvedWaypoints = unresolvedWaypoints(document.stations[limit...], last: document.stations.count - 1)
        return route
    }

    /// The stations `rest` as waypoints for `Route.unresolvedWaypoints`: a regular station a named stop (the tour's
    /// `last` station its destination), a trace's points silent via points with their courses (the tour's last point
    /// its destination).
    static func unresolvedWaypoints(_ rest: ArraySlice<TourDocument.Station>, last: Int) -> [Waypoint] {
        var out: [Waypoint] = []
        for station in rest {
            switch station.kind {
            case .regular(let point):
                out.append(Waypoint(name: station.name, location: point.coordinate, role: station.index == last ? .destination : .via))
            case .svp(let points):
                for (k, p) in points.enumerated() {
                    let ends = station.index == last && k == points.count - 1
                    var w = Waypoint(location: p.coordinate, role: ends ? .destination : .silentVia)
                    w.course = ends ? nil : p.course
                    out.append(w)
                }
            }
        }
        return out
    }
}

/// Walks a tour's stations in order and builds its route.
private struct TourAssembler {
    let stations: [TourDocument.Station]
    let vehiclePosition: Coordinate?
    let options: ImportOptions

    private var builder = RouteBuilder(source: RouteSource(format: .tour))
    private var legs: [TourLegAssembly] = []
    private var leg = TourLegAssembly()
    /// Where the route is so far (nil only before the first point when there is no vehicle position).
    private var position: Coordinate?
    /// Waypoints in travel order: through the builder (start, stops) or silent ones placed afterwards.
    private var waypointOrder: [WaypointSlot] = []

    private enum WaypointSlot {
        case built(Int)
        case silent(leg: Int, via: Int)
    }

    init(stations: [TourDocument.Station], vehiclePosition: Coordinate?, options: ImportOptions) {
        self.stations = stations
        self.vehiclePosition = vehiclePosition
        self.options = options
        self.position = vehiclePosition
        builder.limits = options.limits
    }

    mutating func assemble() throws(InputError) -> Route {
        var firstStation = 0
        let start: Coordinate
        if let vehiclePosition {
            start = vehiclePosition
            // A car standing at the first regular station starts there: it is not a stop to announce at once.
            if case .regular(let point) = stations[0].kind, stations[0].route == nil, stations.count > 1,
               GeoMath.distance(vehiclePosition, point.coordinate) <= TourImporter.maxStraightGap {
                firstStation = 1
            }
        } else {
            start = stations[0].firstPoint.coordinate
            position = start
            // A first regular station without a vehicle position is where the tour starts.
            if case .regular = stations[0].kind { firstStation = 1 }
        }
        addBuiltWaypoint(Waypoint(name: firstStation == 1 ? stations[0].name : nil, location: start, role: .start))
        if firstStation == 1, stations.count == 1 {
            throw InputError(.missing, location: stations[0].path,
                             message: "a tour of one regular station and no vehicle position goes nowhere")
        }

        for station in stations[firstStation...] {
            switch station.kind {
            case .regular(let point):
                try addRegular(station, point: point, isDestination: station.index == stations.count - 1)
            case .svp(let points):
                let endsTour = station.index == stations.count - 1
                try addTrace(station, points: points, endsTour: endsTour)
            }
        }
        if !leg.isEmpty {
            // The tour ends in a trace: its last point is the destination.
            let last = stations[stations.count - 1]
            guard case .svp(let points) = last.kind, let end = points.last else { return try finish() }
            var w = Waypoint(name: last.name, location: end.coordinate, role: .destination)
            w.legEnding = legs.count
            w.course = end.course
            try closeLeg(arriveAt: nil)
            addBuiltWaypoint(w)
        }
        return try finish()
    }

    // MARK: - Stations

    private mutating func addRegular(_ station: TourDocument.Station, point: TourDocument.Point, isDestination: Bool) throws(InputError) {
        var arrive: Maneuver?
        if let embedded = try routed(station) {
            try checkStart(of: embedded, station: station)
            let end = embedded.route.geometry.coordinates[embedded.route.geometry.count - 1]
            let miss = GeoMath.distance(end, point.coordinate)
            guard miss <= TourImporter.maxRouteSnap else {
                throw InputError(.invalidValue, location: embedded.prefix,
                                 message: "the embedded route ends \(metres(miss)) from the station's point (at most \(metres(TourImporter.maxRouteSnap)))")
            }
            appendRouted(embedded)
            arrive = embedded.route.maneuvers.last { $0.type == .arrive }
        } else if let p = position, GeoMath.distance(p, point.coordinate) <= TourImporter.maxStraightGap {
            leg.append([p, point.coordinate])
        } else {
            let from = station.index == 0 ? "the vehicle position" : "the previous station"
            throw InputError(.missing, location: station.path,
                             message: "regular station needs an embedded \"route\" (routed geometry from \(from)) or a routing engine (--engine URL)")
        }
        var stop = Waypoint(name: station.name, location: point.coordinate, role: isDestination ? .destination : .via)
        stop.legEnding = legs.count
        try closeLeg(arriveAt: (station, arrive))
        addBuiltWaypoint(stop)
    }

    private mutating func addTrace(_ station: TourDocument.Station, points: [TourDocument.Point], endsTour: Bool) throws(InputError) {
        let first = points[0].coordinate
        if station.index > 0 || vehiclePosition != nil, let embedded = try routed(station) {
            try checkStart(of: embedded, station: station)
            appendRouted(embedded)
            position = embedded.route.geometry.coordinates[embedded.route.geometry.count - 1]
        }
        if let p = position {
            let gap = GeoMath.distance(p, first)
            guard gap <= TourImporter.maxStraightGap else {
                let routed = station.route != nil || options.routedLegs[station.index] != nil
                let from = routed ? "the end of its routed way"
                    : station.index == 0 ? "the vehicle position" : "the previous station"
                let what = routed ? "the routed way must lead to the trace"
                    : "needs an embedded \"route\" (routed geometry to the trace) or a routing engine (--engine URL)"
                throw InputError(.invalidValue, location: station.path,
                                 message: "svp trace starts \(metres(gap)) from \(from), more than \(metres(TourImporter.maxStraightGap)): \(what)")
            }
            if leg.isEmpty { leg.append([p]) }
        }
        if let way = options.routedTraces[station.index], points.count >= 2 {
            try appendRoutedTrace(station, points: points, way: way, endsTour: endsTour)
        } else {
            leg.appendTrace(station, points: points, leg: legs.count, lastIsDestination: endsTour)
        }
        for k in leg.silentVias.indices.suffix(endsTour ? points.count - 1 : points.count) {
            waypointOrder.append(.silent(leg: legs.count, via: k))
        }
        position = points[points.count - 1].coordinate
    }

    /// Follows the way the routing engine found along a trace; it must start where the trace does.
    private mutating func appendRoutedTrace(_ station: TourDocument.Station, points: [TourDocument.Point], way: Route,
                                            endsTour: Bool) throws(InputError) {
        let embedded = EmbeddedRoute(route: way, prefix: "\(station.path).engine")
        let miss = GeoMath.distance(way.geometry.coordinates[0], points[0].coordinate)
        guard miss <= TourImporter.maxRouteSnap else {
            throw InputError(.invalidValue, location: embedded.prefix,
                             message: "the routed trace starts \(metres(miss)) from the trace's first point (at most \(metres(TourImporter.maxRouteSnap)))")
        }
        if let p = position, !leg.isEmpty, GeoMath.distance(p, way.geometry.coordinates[0]) > 0 {
            leg.append([p, way.geometry.coordinates[0]])
        }
        leg.appendRoutedTrace(station, points: points, routed: embedded, lastIsDestination: endsTour)
        if language == nil { language = way.source.language }
        for w in way.warnings { builder.addWarning(w) }
    }

    /// The routed way to `station`: its embedded `route`, else what the routing engine found, else nil.
    private func routed(_ station: TourDocument.Station) throws(InputError) -> EmbeddedRoute? {
        if let node = station.route { return try EmbeddedRoute.read(node, options: options) }
        return options.routedLegs[station.index].map { EmbeddedRoute(route: $0, prefix: "\(station.path).engine") }
    }

    /// Adds an embedded route's geometry and maneuvers to the leg and its warnings to the route.
    private mutating func appendRouted(_ embedded: EmbeddedRoute) {
        leg.appendRouted(embedded)
        if language == nil { language = embedded.route.source.language }
        for w in embedded.route.warnings { builder.addWarning(w) }
    }

    /// An embedded route must start near where the tour is.
    private func checkStart(of embedded: EmbeddedRoute, station: TourDocument.Station) throws(InputError) {
        guard let p = position else { return }
        let miss = GeoMath.distance(p, embedded.route.geometry.coordinates[0])
        guard miss <= TourImporter.maxRouteSnap else {
            let from = station.index == 0 ? "the vehicle position" : "the previous station"
            throw InputError(.invalidValue, location: embedded.prefix,
                             message: "the embedded route starts \(metres(miss)) from \(from) (at most \(metres(TourImporter.maxRouteSnap)))")
        }
    }

    // MARK: - Legs

    /// Finishes the current leg: derived trace maneuvers, its `depart`, its `arrive` (at a regular
    /// station, provenance `station`; at the end of a trace, derived), then hands it to the builder.
    private mutating func closeLeg(arriveAt stop: (TourDocument.Station, Maneuver?)?) throws(InputError) {
        let index = legs.count
        var pending = leg.maneuvers
        let departsFromTrace = !leg.startsRouted && leg.traces.first?.first ?? Int.max <= 1
        pending += TraceManeuvers.derive(leg, leg: index, departs: departsFromTrace, arrives: stop == nil)
        if !leg.startsRouted, !departsFromTrace, let (station, _) = stop {
            var m = Maneuver(type: .depart, location: leg.coordinates[0],
                             provenance: Provenance(kind: .station, sourceLeg: index, sourceIndex: station.index, sourcePath: station.path))
            if leg.coordinates.count > 1 { m.bearingAfter = GeoMath.bearing(from: leg.coordinates[0], to: leg.coordinates[1]) }
            pending.append(TourLegAssembly.PendingManeuver(maneuver: m, legIndex: 0, offset: 0))
        }
        if let (station, source) = stop {
            let end = leg.coordinates.count - 1
            var m = source ?? Maneuver(type: .arrive, location: leg.coordinates[end], provenance: Provenance(kind: .station, sourceLeg: 0, sourceIndex: nil, sourcePath: ""))
            m.location = leg.coordinates[end]
            m.announced = true
            m.provenance = Provenance(kind: .station, sourceLeg: index, sourceIndex: station.index, sourcePath: station.path)
            pending.append(TourLegAssembly.PendingManeuver(maneuver: m, legIndex: end, offset: 0))
        }
        // Travel order: by point, a depart first and an arrive last at the same point.
        let ordered = pending.enumerated().sorted { a, b in
            if a.element.legIndex != b.element.legIndex { return a.element.legIndex < b.element.legIndex }
            let ra = rank(a.element.maneuver.type), rb = rank(b.element.maneuver.type)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        leg.maneuvers = ordered
        builder.addLeg(coordinates: leg.coordinates,
                       maneuvers: ordered.map { ($0.maneuver, RouteBuilder.Placement.legIndex($0.legIndex)) },
                       path: stop?.0.path ?? stations[stations.count - 1].path)
        if let last = leg.coordinates.last { position = last }
        legs.append(leg)
        leg = TourLegAssembly()
    }

    private func rank(_ type: ManeuverType) -> Int {
        switch type {
        case .depart: 0
        case .arrive: 2
        default: 1
        }
    }

    private mutating func addBuiltWaypoint(_ w: Waypoint) {
        waypointOrder.append(.built(builtWaypointCount))
        builtWaypointCount += 1
        builder.addWaypoint(w)
    }
    private var builtWaypointCount = 0
    /// The instruction language of the first embedded route that states one.
    private var language: String?

    /// Builds the route, then puts what the builder cannot know: embedded maneuvers' distances between
    /// vertices, and the silent via points at their own trace points (not the nearest pass of a loop).
    private mutating func finish() throws(InputError) -> Route {
        guard !legs.isEmpty else {
            throw InputError(.missing, location: "stations", message: "the tour has no leg to drive")
        }
        var route = try builder.build()
        route.source.language = language
        guard route.geometry.count >= 2 else {
            throw InputError(.missing, location: "stations", message: "the tour has a single point: nothing to follow")
        }
        var k = 0
        for assembly in legs {
            for p in assembly.maneuvers {
                route.maneuvers[k].distanceAlong += p.offset
                k += 1
            }
        }
        let built = route.waypoints
        var waypoints: [Waypoint] = []
        for slot in waypointOrder {
            switch slot {
            case .built(let i):
                waypoints.append(built[i])
            case .silent(let l, let v):
                var w = legs[l].silentVias[v].waypoint
                let absolute = route.legs[l].geometryStart + legs[l].silentVias[v].legIndex
                w.distanceAlong = min(route.geometry.cumulativeDistances[absolute] + legs[l].silentVias[v].offset, route.length)
                waypoints.append(w)
            }
        }
        route.waypoints = waypoints
        return route
    }

    private func metres(_ d: Double) -> String { "\(Int(d.rounded())) m" }
}
