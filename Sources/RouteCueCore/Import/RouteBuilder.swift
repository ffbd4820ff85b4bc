/// Assembles a `Route` from the legs an importer reads: concatenates leg geometries, computes cumulative
/// distance, places each maneuver, waypoint and warning on the geometry, numbers maneuvers, and checks
/// coordinates. Every importer goes through it, so every format obeys the same invariants.
public struct RouteBuilder {
    /// Where a maneuver sits on its leg's geometry.
    public enum Placement: Sendable {
        /// At this point index of the leg's own coordinate list.
        case legIndex(Int)
        /// At the point of the leg's geometry nearest to the maneuver's location, searching forward
        /// from the previous maneuver (so loops and self-crossings do not pull it back).
        case nearest
    }

    private struct PendingLeg {
        var coordinates: [Coordinate]
        var elevations: [Double]?
        var maneuvers: [(Maneuver, Placement)]
        var summary: String?
        var statedDistance: Double?
        var statedDuration: Double?
        var path: String
    }

    /// The default of `placementBudget`: about a second of work.
    public static let defaultPlacementBudget = 150_000_000

    /// A forward search settles on a match this close (metres) once it has looked this far past it (metres).
    static let settle = (offset: 25.0, distance: 2_000.0)

    /// How many segment comparisons placing maneuvers, waypoints and warnings by location may cost in all.
    /// Real routes need a small fraction; a hostile file with many thousands of points to place on a long
    /// line gets a clear error instead of running for hours.
    public var placementBudget = RouteBuilder.defaultPlacementBudget

    /// The reader's limits on points and maneuvers, checked before any placement work (nil: not checked here; every
    /// document's route is checked again once read, `RouteDocument.read`).
    public var limits: ImportLimits?

    private var source: RouteSource
    private var pendingLegs: [PendingLeg] = []
    private var waypoints: [Waypoint] = []
    private var warnings: [RouteWarning] = []

    /// Starts a route of the given source.
    public init(source: RouteSource) { self.source = source }

    /// Adds the next leg. `path` names it in errors (`routes[0].legs[1]`).
    public mutating func addLeg(coordinates: [Coordinate], elevations: [Double]? = nil,
                                maneuvers: [(Maneuver, Placement)], summary: String? = nil,
                                statedDistance: Double? = nil, statedDuration: Double? = nil, path: String) {
        pendingLegs.append(PendingLeg(coordinates: coordinates, elevations: elevations, maneuvers: maneuvers,
                                      summary: summary, statedDistance: statedDistance,
                                      statedDuration: statedDuration, path: path))
    }

    /// Adds a waypoint (start, via, silent via or destination) in travel order; `legEnding` says which
    /// leg it closes (nil for the start or a silent via point placed by location).
    public mutating func addWaypoint(_ waypoint: Waypoint) { waypoints.append(waypoint) }

    /// Adds a warning; it is placed at the nearest point of the route.
    public mutating func addWarning(_ warning: RouteWarning) { warnings.append(warning) }

    /// Finishes the route, or explains which leg or maneuver is wrong.
    public func build() throws(InputError) -> Route {
        guard !pendingLegs.isEmpty else { throw InputError(.missing, message: "route has no legs") }
        try limits?.checkRoute(points: pendingLegs.reduce(0) { $0 + $1.coordinates.count },
                               maneuvers: pendingLegs.reduce(0) { $0 + $1.maneuvers.count })
        var coordinates: [Coordinate] = []
        var elevations: [Double]? = pendingLegs.allSatisfy({ $0.elevations != nil }) ? [] : nil
        var legStarts: [Int] = []
        var legEnds: [Int] = []
        var placements: [[Int?]] = []   // absolute geometry index per maneuver, nil = nearest

        for leg in pendingLegs {
            guard !leg.coordinates.isEmpty else {
                throw InputError(.missing, location: leg.path, message: "leg has no geometry")
            }
            for (i, c) in leg.coordinates.enumerated() where !c.isValid {
                throw InputError(.invalidValue, location: leg.path,
                                 message: "coordinate \(i) out of range: latitude \(c.latitude), longitude \(c.longitude)")
            }
            if let e = leg.elevations, e.count != leg.coordinates.count {
                throw InputError(.invalidValue, location: leg.path, message: "\(e.count) elevations for \(leg.coordinates.count) points")
            }
            // Join legs at a shared point without duplicating it.
            var skip = 0
            if let last = coordinates.last, GeoMath.distance(last, leg.coordinates[0]) < 0.01 { skip = 1 }
            let base = coordinates.count - skip
            legStarts.append(base)
            coordinates.append(contentsOf: leg.coordinates.dropFirst(skip))
            if elevations != nil, let e = leg.elevations { elevations!.append(contentsOf: e.dropFirst(skip)) }
            legEnds.append(coordinates.count - 1)
            var legPlacements: [Int?] = []
            for (m, placement) in leg.maneuvers {
                switch placement {
                case .legIndex(let i):
                    guard i >= 0, i < leg.coordinates.count else {
                        throw InputError(.invalidValue, location: m.provenance.sourcePath,
                                         message: "geometry index \(i) outside the leg's \(leg.coordinates.count) points")
                    }
                    legPlacements.append(base + i)
                case .nearest:
                    guard m.location.isValid else {
                        throw InputError(.invalidValue, location: m.provenance.sourcePath,
                                         message: "maneuver location out of range: \(m.location)")
                    }
                    legPlacements.append(nil)
                }
            }
            placements.append(legPlacements)
        }

        let geometry = RouteGeometry(coordinates: coordinates, elevations: elevations)
        var budget = placementBudget
        // Places a point by location, charging the segments examined to the budget.
        func place(_ p: Coordinate, segments: Range<Int>?, notBefore: Double, settle: Bool,
                   what: String) throws(InputError) -> (segment: Int, distanceAlong: Double, offset: Double)? {
            guard budget > 0 else {
                throw InputError(.tooLarge, location: what, message: "too many points to place on a \(geometry.count)-point geometry (over \(placementBudget) comparisons); the file is not a plausible route")
            }
            var examined = 0
            let hit = geometry.nearest(to: p, segments: segments, notBefore: notBefore,
                                       settleWithin: settle ? Self.settle : nil, examined: &examined)
            budget -= max(1, examined)
            return hit
        }
        var maneuvers: [Maneuver] = []
        var legs: [RouteLeg] = []
        for (legIndex, leg) in pendingLegs.enumerated() {
            let start = legStarts[legIndex], end = legEnds[legIndex]
            var searchFrom = start
            var notBefore = geometry.cumulativeDistances[start]
            for (k, (m0, _)) in leg.maneuvers.enumerated() {
                var m = m0
                m.index = maneuvers.count
                m.leg = legIndex
                // One convention for every format: arriving at an intermediate stop is a `waypoint` maneuver,
                // only the end of the last leg is the `arrive`.
                if m.type == .arrive, legIndex < pendingLegs.count - 1 { m.type = .waypoint }
                if let absolute = placements[legIndex][k] {
                    m.geometryIndex = absolute
                    m.distanceAlong = geometry.cumulativeDistances[absolute]
                    searchFrom = absolute
                } else if end > start {
                    let hit = try place(m.location, segments: searchFrom..<end, notBefore: notBefore, settle: true,
                                        what: m.provenance.sourcePath)
                    m.geometryIndex = hit?.segment ?? start
                    m.distanceAlong = hit?.distanceAlong ?? geometry.cumulativeDistances[start]
                    searchFrom = hit?.segment ?? searchFrom
                } else {
                    m.geometryIndex = start
                    m.distanceAlong = geometry.cumulativeDistances[start]
                }
                if let previous = maneuvers.last, m.distanceAlong < previous.distanceAlong - 1 {
                    throw InputError(.invalidValue, location: m.provenance.sourcePath,
                                     message: "maneuver lies \(Int((previous.distanceAlong - m.distanceAlong).rounded())) m before the one listed ahead of it (\(previous.provenance.sourcePath)) on the route geometry")
                }
                notBefore = max(notBefore, m.distanceAlong)
                maneuvers.append(m)
            }
            legs.append(RouteLeg(index: legIndex, geometryStart: start, geometryEnd: end,
                                 distanceStart: geometry.cumulativeDistances[start],
                                 distanceEnd: geometry.cumulativeDistances[end],
                                 summary: leg.summary, statedDistance: leg.statedDistance,
                                 statedDuration: leg.statedDuration))
        }

        // Waypoints come in travel order: each is searched for ahead of the previous one, so a loop or an
        // out-and-back street cannot place a silent via point on the wrong pass.
        var placedWaypoints: [Waypoint] = []
        var waypointNotBefore = 0.0
        for (i, var w) in waypoints.enumerated() {
            guard w.location.isValid else {
                throw InputError(.invalidValue, location: "waypoint \(i)\(w.name.map { " \"\($0)\"" } ?? "")",
                                 message: "location out of range: \(w.location)")
            }
            if let l = w.legEnding, l >= 0, l < legs.count {
                w.distanceAlong = legs[l].distanceEnd
            } else if w.role == .start {
                w.distanceAlong = 0
            } else {
                if let hit = try place(w.location, segments: nil, notBefore: waypointNotBefore, settle: true, what: "waypoint \(i)") {
                    w.distanceAlong = hit.distanceAlong
                }
            }
            waypointNotBefore = max(waypointNotBefore, w.distanceAlong)
            placedWaypoints.append(w)
        }
        var placedWarnings: [RouteWarning] = []
        for var w in warnings {
            guard w.location.isValid else {
                throw InputError(.invalidValue, location: "warning \(w.kind)", message: "location out of range: \(w.location)")
            }
            if let hit = try place(w.location, segments: nil, notBefore: -.infinity, settle: false, what: "warning \(w.kind)") {
                w.distanceAlong = hit.distanceAlong
            }
            placedWarnings.append(w)
        }
        placedWarnings.sort { $0.distanceAlong < $1.distanceAlong }
        return Route(source: source, geometry: geometry, legs: legs, maneuvers: maneuvers,
                     waypoints: placedWaypoints, warnings: placedWarnings)
    }
}
