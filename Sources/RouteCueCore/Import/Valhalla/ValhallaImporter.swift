/// Reads native Valhalla JSON (`/route`, `/optimized_route`, `/trace_route`): `trip.legs[]` with a
/// polyline6 `shape` and `maneuvers[]`, `trip.locations` as waypoints, `trip.units` for every length, and
/// `alternates[].trip` as alternative routes. Each maneuver keeps its provenance `trip.legs[L].maneuvers[M]`.
public enum ValhallaImporter {
    /// Valhalla's shapes are always encoded with six digits.
    public static let shapePrecision = 6

    /// Reads a parsed document into a route.
    public static func read(_ root: JSONNode, options: ImportOptions) throws(InputError) -> Route {
        let (trip, alternativeCount) = try selectTrip(root, alternative: options.alternative)
        let metresPerUnit = try unitLength(trip)

        var source = RouteSource(format: .valhalla)
        source.alternative = options.alternative
        source.alternativeCount = alternativeCount
        source.language = try trip.optionalString("language")
        source.polylinePrecision = shapePrecision
        if let summary = trip["summary"] {
            if let length = try summary.optionalDouble("length") { source.statedDistance = length * metresPerUnit }
            source.statedDuration = try summary.optionalDouble("time")
        }

        var builder = RouteBuilder(source: source)
        builder.limits = options.limits
        let legsNode = try trip.require("legs")
        let legs = try legsNode.array()
        guard !legs.isEmpty else { throw legsNode.error(.missing, "trip has no legs") }
        for (l, leg) in legs.enumerated() {
            let shape = try decodeShape(try leg.require("shape"))
            var maneuvers: [(Maneuver, RouteBuilder.Placement)] = []
            let maneuverNodes = try leg.optionalArray("maneuvers") ?? []
            for (m, node) in maneuverNodes.enumerated() {
                let (maneuver, index) = try ValhallaManeuverReader.read(
                    node, leg: l, index: m, shape: shape, metresPerUnit: metresPerUnit, isLastLeg: l == legs.count - 1)
                maneuvers.append((maneuver, .legIndex(index)))
            }
            setRoundaboutDirections(&maneuvers)
            if maneuverNodes.isEmpty {
                maneuvers = ManeuverDeriver.legManeuvers(coordinates: shape, leg: l, sourcePath: "\(leg.path).shape")
            }
            var statedDistance: Double?
            var statedDuration: Double?
            if let summary = leg["summary"] {
                if let length = try summary.optionalDouble("length") { statedDistance = length * metresPerUnit }
                statedDuration = try summary.optionalDouble("time")
            }
            builder.addLeg(coordinates: shape, maneuvers: maneuvers, statedDistance: statedDistance,
                           statedDuration: statedDuration, path: leg.path)
        }
        for waypoint in try waypoints(trip, legCount: legs.count) { builder.addWaypoint(waypoint) }
        return try builder.build()
    }

    /// Gives each roundabout entry without a direction the turn from its `bearing_before` to the
    /// `bearing_after` of the roundabout exit that follows it.
    static func setRoundaboutDirections(_ maneuvers: inout [(Maneuver, RouteBuilder.Placement)]) {
        for i in maneuvers.indices where maneuvers[i].0.type == .roundabout && maneuvers[i].0.modifier == nil {
            guard let before = maneuvers[i].0.bearingBefore else { continue }
            var j = i + 1
            while j < maneuvers.count, maneuvers[j].0.type != .exitRoundabout, maneuvers[j].0.type != .roundabout { j += 1 }
            guard j < maneuvers.count, maneuvers[j].0.type == .exitRoundabout, let after = maneuvers[j].0.bearingAfter else { continue }
            maneuvers[i].0.modifier = ManeuverModifier(turnAngle: GeoMath.turnAngle(from: before, to: after))
        }
    }

    /// The trip of the chosen alternative: `trip` for 0, `alternates[N-1].trip` for N; and how many there are.
    static func selectTrip(_ root: JSONNode, alternative: Int) throws(InputError) -> (JSONNode, Int) {
        let trip = try root.require("trip")
        _ = try trip.object()
        let alternates = try root.optionalArray("alternates") ?? []
        let count = 1 + alternates.count
        guard alternative >= 0, alternative < count else {
            throw root.error(.missing, "alternative \(alternative) requested, but the document holds \(count) route\(count == 1 ? "" : "s")")
        }
        if alternative == 0 { return (trip, count) }
        return (try alternates[alternative - 1].require("trip"), count)
    }

    /// Metres per unit of `trip.units` (`kilometers` when absent, as Valhalla defaults).
    static func unitLength(_ trip: JSONNode) throws(InputError) -> Double {
        guard let units = trip["units"] else { return 1000 }
        switch try units.string() {
        case "kilometers", "km": return 1000
        case "miles", "mi": return 1609.344
        case let other: throw units.error(.invalidValue, "unknown units \"\(other)\" (expected kilometers or miles)")
        }
    }

    /// Decodes a polyline6 `shape`, naming the character of a broken encoding or the first point out of range.
    static func decodeShape(_ node: JSONNode) throws(InputError) -> [Coordinate] {
        let encoded = try node.string()
        let coordinates: [Coordinate]
        do throws(Polyline.DecodingError) {
            coordinates = try Polyline.decode(encoded, precision: shapePrecision)
        } catch {
            throw node.error(.invalidValue, error.description)
        }
        guard !coordinates.isEmpty else { throw node.error(.missing, "empty shape") }
        for (i, c) in coordinates.enumerated() where !c.isValid {
            throw node.error(.invalidValue, "shape point \(i) out of range: latitude \(c.latitude), longitude \(c.longitude)")
        }
        return coordinates
    }

    /// `trip.locations` as waypoints: the first is the start, the last the destination; between them a
    /// `break` or `break_through` location ends a leg and is an announced via stop, a `through` or `via`
    /// location is a silent via point the route merely passes.
    static func waypoints(_ trip: JSONNode, legCount: Int) throws(InputError) -> [Waypoint] {
        guard let locations = try trip.optionalArray("locations"), !locations.isEmpty else { return [] }
        var out: [Waypoint] = []
        var breaksSoFar = 0
        for (i, node) in locations.enumerated() {
            let lat = try node.require("lat").double()
            let lon = try node.require("lon").double()
            let location = Coordinate(latitude: lat, longitude: lon)
            guard location.isValid else { throw node.error(.invalidValue, "location out of range: latitude \(lat), longitude \(lon)") }
            var name = try node.optionalString("name")
            if name == nil { name = try node.optionalString("street") }
            let type = try node.optionalString("type") ?? "break"
            let isBreak: Bool
            switch type {
            case "break", "break_through": isBreak = true
            case "through", "via": isBreak = false
            default: throw try node.require("type").error(.invalidValue, "unknown location type \"\(type)\"")
            }
            if i == 0 {
                out.append(Waypoint(name: name, location: location, role: .start))
            } else if i == locations.count - 1 {
                var w = Waypoint(name: name, location: location, role: .destination)
                w.legEnding = legCount - 1
                out.append(w)
            } else if isBreak {
                breaksSoFar += 1
                var w = Waypoint(name: name, location: location, role: .via)
                if breaksSoFar < legCount { w.legEnding = breaksSoFar - 1 }
                out.append(w)
            } else {
                out.append(Waypoint(name: name, location: location, role: .silentVia))
            }
        }
        return out
    }
}
