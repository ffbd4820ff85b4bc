/// Reads a GPX document into a route (issue 2, importer 4).
///
/// - A `rte` (the `--alternative`-th one when there are several) gives one maneuver per `rtept`, with the
///   turn its dialect states (GraphHopper `gh:sign`, OsmAnd `turn`/`turn-angle`, Locus, OruxMaps, GPSies
///   codes, else the `desc` text, else the geometry); a GraphHopper via point (sign 5) ends a leg.
///   When the file also has a `trk`, the geometry is the `trk` (precise) and the `rtept`s are placed on it
///   (OsmAnd `offset`, else nearest searching forward), and the route runs from the first `rtept` to the
///   last (track beyond them is cut off); else the `rtept`s (and Garmin `gpxx:rpt` shape points) are the
///   geometry.
/// - Without a `rte`, turn `wpt`s (Locus, GPSies, OruxMaps) are placed on the `trk`, one maneuver each.
/// - A plain `trk` gets maneuvers derived from its geometry.
/// `RouteSource.statedDistance` is the sum of `gh:distance` where the file has it.
public enum GPXRouteImporter {
    /// Reads a GPX document into a route.
    public static func read(_ bytes: [UInt8], options: ImportOptions) throws(InputError) -> Route {
        let root = try RouteReader.parseXML(bytes, limits: options.limits)
        guard root.localName == "gpx" else {
            throw InputError(.unsupported, location: "line \(root.line)", message: "not a GPX document: the root element is <\(root.name)>, expected <gpx>")
        }
        let track = try GPXTrack(root)
        let trackPath = track.trackCount == 1 ? "trk[0]" : "trk"
        var source = RouteSource(format: .gpx)

        let allRoutes = root.elements(named: "rte")
        let routeIndices = allRoutes.indices.filter { !allRoutes[$0].elements(named: "rtept").isEmpty }
        let routes = routeIndices.map { allRoutes[$0] }
        if !routes.isEmpty {
            guard options.alternative >= 0, options.alternative < routes.count else {
                throw InputError(.missing, location: "line \(root.line), gpx",
                                 message: "alternative \(options.alternative) requested but the file has \(routes.count) rte")
            }
            source.alternative = options.alternative
            source.alternativeCount = routes.count
            let rte = routes[options.alternative]
            let rteIndex = routeIndices[options.alternative]
            var points: [GPXTurnPoint] = []
            for (i, pt) in rte.elements(named: "rtept").enumerated() {
                points.append(try GPXTurnPoint(pt, kind: .rtept, sourceIndex: i, path: "rte[\(rteIndex)].rtept[\(i)]"))
            }
            let ghDistances = points.filter(\.isGraphHopperDistance).compactMap(\.sourceDistance)
            if !ghDistances.isEmpty {
                source.statedDistance = ghDistances.reduce(0, +)
                let durations = points.filter(\.isGraphHopperDistance).compactMap(\.sourceDuration)
                if !durations.isEmpty { source.statedDuration = durations.reduce(0, +) }
            }
            let placement: GPXPlacement
            let geometryPath: String
            if track.coordinates.count >= 2 {
                let onTrack = GPXPlacement(points: points.map(\.coordinate), offsets: points.map(\.offset),
                                           on: track.coordinates, elevations: track.elevations, insertMissedPoints: true)
                // The route runs from the first rtept to the last: track before or beyond them is not driven
                // (else the arrive would be announced partway along). One rtept only departs: the track is the rest.
                placement = points.count >= 2 ? onTrack.trimmedToTurnPoints() : onTrack
                geometryPath = trackPath
            } else {
                var line: [Coordinate] = []
                var indices: [Int] = []
                for p in points {
                    indices.append(line.count)
                    line.append(p.coordinate)
                    line.append(contentsOf: p.shapePoints)
                }
                guard line.count >= 2 else {
                    throw InputError(.missing, location: "line \(rte.line), rte[\(rteIndex)]",
                                     message: "<rte> has a single point and the file has no trk: a route needs at least two points")
                }
                placement = GPXPlacement(coordinates: line, elevations: nil, indices: indices)
                geometryPath = "rte[\(rteIndex)]"
            }
            return try GPXRouteAssembler(source: source, placement: placement, points: points, style: .route,
                                         geometryPath: geometryPath, limits: options.limits).build()
        }

        guard track.coordinates.count >= 2 else {
            let what = track.coordinates.count == 1 ? "its trk has a single point" : "it has no rte and no trk with points"
            throw InputError(.missing, location: "line \(root.line), gpx", message: "no route in this GPX file: \(what)")
        }
        var turnPoints: [GPXTurnPoint] = []
        for (i, wpt) in root.elements(named: "wpt").enumerated() {
            let point = try GPXTurnPoint(wpt, kind: .wpt, sourceIndex: i, path: "wpt[\(i)]")
            if point.isTurnWaypoint { turnPoints.append(point) }
        }
        if !turnPoints.isEmpty {
            let placement = GPXPlacement(points: turnPoints.map(\.coordinate), offsets: turnPoints.map { _ in nil },
                                         on: track.coordinates, elevations: track.elevations, insertMissedPoints: false)
            return try GPXRouteAssembler(source: source, placement: placement, points: turnPoints,
                                         style: .turnWaypoints, geometryPath: trackPath, limits: options.limits).build()
        }

        var builder = RouteBuilder(source: source)
        builder.limits = options.limits
        builder.addLeg(coordinates: track.coordinates, elevations: track.elevations,
                       maneuvers: ManeuverDeriver.legManeuvers(coordinates: track.coordinates, leg: 0, sourcePath: trackPath),
                       path: trackPath)
        builder.addWaypoint(Waypoint(location: track.coordinates[0], role: .start))
        var destination = Waypoint(location: track.coordinates[track.coordinates.count - 1], role: .destination)
        destination.legEnding = 0
        builder.addWaypoint(destination)
        return try builder.build()
    }
}
