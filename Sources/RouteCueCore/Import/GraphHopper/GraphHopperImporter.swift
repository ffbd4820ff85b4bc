/// Reads native GraphHopper `/route` JSON: `paths[]` (alternatives) with `points` (encoded, any
/// multiplier, optionally with elevation; or GeoJSON) and `instructions[]` placed by `interval[0]`.
/// A "via reached" instruction (sign 5) ends a leg. Each maneuver keeps its provenance
/// `paths[P].instructions[I]`, with `sourceIndex` = `I` (the path's own numbering) and `sourceLeg` the leg
/// after splitting at via points.
public enum GraphHopperImporter {
    /// Reads a parsed document into a route.
    public static func read(_ root: JSONNode, options: ImportOptions) throws(InputError) -> Route {
        if root["paths"] == nil, let message = try root.optionalString("message") {
            // GraphHopper's error shape: {"message": "...", "hints": [...]}.
            throw InputError(.engineRefused, location: "message", message: "the routing engine answered an error: \(message)")
        }
        let pathsNode = try root.require("paths")
        let paths = try pathsNode.array()
        guard !paths.isEmpty else { throw pathsNode.error(.missing, "no paths: the document holds no route") }
        guard options.alternative >= 0, options.alternative < paths.count else {
            throw pathsNode.error(.missing, "alternative \(options.alternative) requested, but the document holds \(paths.count) path\(paths.count == 1 ? "" : "s")")
        }
        let path = paths[options.alternative]

        let instructions = try path.optionalArray("instructions") ?? []
        var intervals: [(from: Int, to: Int, node: JSONNode)] = []
        for node in instructions {
            let intervalNode = try node.require("interval")
            let pair = try intervalNode.array()
            guard pair.count == 2 else { throw intervalNode.error(.invalidValue, "expected [first, last] point indices, found \(pair.count) values") }
            intervals.append((try pair[0].int(), try pair[1].int(), intervalNode))
        }

        let settings = try PointSettings(path: path, root: root)
        let points = try GraphHopperPoints.read(try path.require("points"), encoded: settings.encoded,
                                                multiplier: settings.multiplier, elevation: settings.elevation,
                                                expectedCount: intervals.last.map { $0.to + 1 }, bbox: settings.bbox)
        let count = points.coordinates.count
        var previousFrom = 0
        for interval in intervals {
            guard interval.from >= 0, interval.from <= interval.to, interval.to < count else {
                throw interval.node.error(.invalidValue, "interval [\(interval.from), \(interval.to)] outside the path's \(count) points")
            }
            guard interval.from >= previousFrom else {
                throw interval.node.error(.invalidValue, "interval starts at point \(interval.from), before the previous instruction's \(previousFrom)")
            }
            previousFrom = interval.from
        }

        var source = RouteSource(format: .graphhopper)
        source.alternative = options.alternative
        source.alternativeCount = paths.count
        source.polylinePrecision = settings.encoded ? settings.precision : nil
        source.statedDistance = try path.optionalDouble("distance")
        if let ms = try path.optionalDouble("time") { source.statedDuration = ms / 1000 }

        var builder = RouteBuilder(source: source)
        builder.limits = options.limits
        let legCount = try addLegs(to: &builder, path: path, instructions: instructions, intervals: intervals.map { $0.from },
                                   points: points, source: source)
        if let snapped = path["snapped_waypoints"] {
            let decoded = try GraphHopperPoints.read(snapped, encoded: settings.encoded, multiplier: settings.multiplier,
                                                     elevation: points.elevations != nil, expectedCount: nil, bbox: nil)
            for w in waypoints(decoded.coordinates, legCount: legCount) { builder.addWaypoint(w) }
        }
        return try builder.build()
    }

    /// Splits the path at its via instructions into legs and adds them; returns the number of legs.
    private static func addLegs(to builder: inout RouteBuilder, path: JSONNode, instructions: [JSONNode], intervals: [Int],
                                points: GraphHopperPoints.Decoded, source: RouteSource) throws(InputError) -> Int {
        let all = points.coordinates
        let geometryPath = "\(path.path).points"
        guard !instructions.isEmpty else {
            builder.addLeg(coordinates: all, elevations: points.elevations,
                           maneuvers: ManeuverDeriver.legManeuvers(coordinates: all, leg: 0, sourcePath: geometryPath),
                           statedDistance: source.statedDistance, statedDuration: source.statedDuration, path: geometryPath)
            return 1
        }
        var legs: [(start: Int, end: Int, maneuvers: [(Maneuver, RouteBuilder.Placement)], distance: Double, duration: Double)] = []
        var legStart = 0
        var current: [(Maneuver, RouteBuilder.Placement)] = []
        var distance = 0.0, duration = 0.0
        var previousStreet: String?
        var opensLeg = true
        for (i, node) in instructions.enumerated() {
            let from = intervals[i]
            let context = GraphHopperInstructionReader.Context(index: i, leg: legs.count, opensLeg: opensLeg,
                                                               previousStreet: previousStreet, points: all, pointIndex: from)
            let m = try GraphHopperInstructionReader.read(node, context)
            current.append((m, .legIndex(from - legStart)))
            distance += m.sourceDistance ?? 0
            duration += m.sourceDuration ?? 0
            previousStreet = m.roadName
            opensLeg = false
            if m.type == .waypoint, i < instructions.count - 1 {
                legs.append((legStart, from, current, distance, duration))
                legStart = from
                current = []
                distance = 0
                duration = 0
                opensLeg = true
            }
        }
        legs.append((legStart, all.count - 1, current, distance, duration))
        for leg in legs {
            let single = legs.count == 1
            builder.addLeg(coordinates: Array(all[leg.start...leg.end]),
                           elevations: points.elevations.map { Array($0[leg.start...leg.end]) },
                           maneuvers: leg.maneuvers,
                           statedDistance: single ? source.statedDistance ?? leg.distance : leg.distance,
                           statedDuration: single ? source.statedDuration ?? leg.duration : leg.duration,
                           path: geometryPath)
        }
        return legs.count
    }

    /// `snapped_waypoints` as waypoints: start, announced via points (each ending a leg when their number
    /// matches the legs), destination.
    private static func waypoints(_ coordinates: [Coordinate], legCount: Int) -> [Waypoint] {
        var out: [Waypoint] = []
        let viaMatchesLegs = coordinates.count - 2 == legCount - 1
        for (i, c) in coordinates.enumerated() {
            if i == 0 {
                out.append(Waypoint(location: c, role: .start))
            } else if i == coordinates.count - 1 {
                var w = Waypoint(location: c, role: .destination)
                w.legEnding = legCount - 1
                out.append(w)
            } else {
                var w = Waypoint(location: c, role: .via)
                if viaMatchesLegs { w.legEnding = i - 1 }
                out.append(w)
            }
        }
        return out
    }

    /// How a path's points are written: encoded or GeoJSON, the multiplier, an explicit elevation flag, the bbox.
    private struct PointSettings {
        var encoded: Bool
        var multiplier: Double
        var precision: Int?
        var elevation: Bool?
        var bbox: [Double]?

        init(path: JSONNode, root: JSONNode) throws(InputError) {
            encoded = try path.optionalBool("points_encoded") ?? true
            multiplier = GraphHopperPoints.defaultMultiplier
            if let m = path["points_encoded_multiplier"] {
                multiplier = try m.double()
                guard multiplier >= 1, multiplier <= 1e9 else { throw m.error(.invalidValue, "multiplier \(multiplier) out of range") }
            }
            precision = Self.digits(multiplier)
            elevation = try path.optionalBool("elevation")
            if elevation == nil { elevation = try root.optionalBool("elevation") }
            if let b = try path.optionalArray("bbox") {
                var values: [Double] = []
                for v in b { values.append(try v.double()) }
                bbox = values
            }
        }

        /// The number of decimal digits of a power-of-ten multiplier (1e5 → 5), else nil.
        static func digits(_ multiplier: Double) -> Int? {
            for d in 0...9 where Polyline.pow10(d) == multiplier { return d }
            return nil
        }
    }
}
