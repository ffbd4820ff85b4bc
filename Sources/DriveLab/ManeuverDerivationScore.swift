import RouteCueCore

/// Scores maneuvers derived from geometry alone (or matched to a map by a routing engine) against a route file's own
/// maneuvers.
///
/// Reference set: the source's maneuvers other than depart/arrive/waypoint whose turn angle is at least
/// `referenceAngle`: bearing_after − bearing_before where the source states both (OSRM/Mapbox steps and
/// native Valhalla maneuvers), else measured on the geometry `measureDistance` m either side. Recall: the
/// fraction of the reference set with a derived turn within `matchDistance` m along the route. Precision:
/// the fraction of derived turns within `matchDistance` m of any source maneuver (a derived turn at a 30°
/// source maneuver is not a false positive).
public struct ManeuverDerivationScore: Sendable {
    /// Reference maneuvers, found ones, derived turns, derived turns near a source maneuver.
    public var references = 0, found = 0, derived = 0, confirmed = 0

    /// No counts yet.
    public init() {}

    /// Fraction of the reference set found (1 when the set is empty).
    public var recall: Double { references == 0 ? 1 : Double(found) / Double(references) }
    /// Fraction of the derived turns confirmed by a source maneuver (1 when none derived).
    public var precision: Double { derived == 0 ? 1 : Double(confirmed) / Double(derived) }

    public static let referenceAngle = 45.0
    public static let matchDistance = 30.0
    public static let measureDistance = 20.0

    /// Adds another score's counts.
    public mutating func add(_ other: ManeuverDerivationScore) {
        references += other.references
        found += other.found
        derived += other.derived
        confirmed += other.confirmed
    }

    /// Scores one imported route: derives turns from its whole geometry alone (through the same
    /// `ManeuverDeriver.legManeuvers` the importers use, over all legs at once so that a turn at a via point
    /// is seen too) and compares them with the route's own maneuvers.
    public static func score(_ route: Route, sourceStatesBearings: Bool) -> (score: ManeuverDerivationScore, misses: [String], falsePositives: [String]) {
        let geometry = route.geometry
        var derivedAlong: [Double] = []
        var derivedLabels: [String] = []
        let maneuvers = ManeuverDeriver.legManeuvers(coordinates: geometry.coordinates, leg: 0, sourcePath: "geometry",
                                                     includeDepart: false, includeArrive: false)
        for (m, placement) in maneuvers {
            guard case .legIndex(let i) = placement else { continue }
            let along = geometry.cumulativeDistances[i]
            derivedAlong.append(along)
            var label = "\(m.type.rawValue) \(m.modifier?.rawValue ?? "-")"
            if let before = m.bearingBefore, let after = m.bearingAfter {
                label += " \(Int(GeoMath.turnAngle(from: before, to: after).rounded()))°"
            }
            label += " at \(m.location)"
            // Where the source's nearest maneuver is, so an unconfirmed turn can be judged from the output alone.
            if let nearest = route.maneuvers.min(by: { abs($0.distanceAlong - along) < abs($1.distanceAlong - along) }) {
                label += "; nearest source maneuver \(Int((nearest.distanceAlong - along).rounded())) m along: \(nearest.type.rawValue)"
                    + (nearest.modifier.map { " \($0.rawValue)" } ?? "")
            }
            derivedLabels.append(label)
        }
        return count(derivedAlong, labels: derivedLabels, against: route, sourceStatesBearings: sourceStatesBearings)
    }

    /// Scores `candidates` (maneuvers of another line of the same way: a recording, a map-matched copy) against
    /// `reference`'s own maneuvers, each candidate other than depart/arrive/waypoint placed on the reference's geometry
    /// by its location (searching forward from the previous one).
    public static func score(_ candidates: [Maneuver], against reference: Route,
                             sourceStatesBearings: Bool) -> (score: ManeuverDerivationScore, misses: [String], falsePositives: [String]) {
        var along: [Double] = []
        var labels: [String] = []
        var notBefore = -Double.infinity
        for m in candidates where ![.depart, .arrive, .waypoint].contains(m.type) {
            guard let hit = reference.geometry.nearest(to: m.location, notBefore: notBefore, settleWithin: (25, 2_000)) else { continue }
            notBefore = hit.distanceAlong
            along.append(hit.distanceAlong)
            labels.append("\(m.type.rawValue) \(m.modifier?.rawValue ?? "-") \(m.roadName ?? "") at \(m.location), \(Int(hit.offset.rounded())) m off the reference line")
        }
        return count(along, labels: labels, against: reference, sourceStatesBearings: sourceStatesBearings)
    }

    /// Counts candidates at `derivedAlong` (metres along `route`) against `route`'s own maneuvers.
    static func count(_ derivedAlong: [Double], labels derivedLabels: [String], against route: Route,
                      sourceStatesBearings: Bool) -> (score: ManeuverDerivationScore, misses: [String], falsePositives: [String]) {
        let geometry = route.geometry
        let sourceAlong = route.maneuvers.map(\.distanceAlong)
        var s = ManeuverDerivationScore()
        var misses: [String] = []
        var falsePositives: [String] = []
        for m in route.maneuvers where ![.depart, .arrive, .waypoint].contains(m.type) {
            let angle: Double
            if sourceStatesBearings, let stated = m.turnAngle {
                angle = stated
            } else {
                angle = measuredTurn(geometry, at: m.distanceAlong)
            }
            guard abs(angle) >= referenceAngle else { continue }
            s.references += 1
            if derivedAlong.contains(where: { abs($0 - m.distanceAlong) <= matchDistance }) {
                s.found += 1
            } else {
                misses.append("\(m.type.rawValue) \(Int(angle.rounded()))° at \(m.location)")
            }
        }
        for (d, label) in zip(derivedAlong, derivedLabels) {
            s.derived += 1
            if sourceAlong.contains(where: { abs($0 - d) <= matchDistance }) {
                s.confirmed += 1
            } else {
                falsePositives.append(label)
            }
        }
        return (s, misses, falsePositives)
    }

    /// Turn angle on the geometry between the points `measureDistance` m before and after `along`.
    public static func measuredTurn(_ geometry: RouteGeometry, at along: Double) -> Double {
        let p = geometry.coordinate(atDistance: along)
        let a = geometry.coordinate(atDistance: along - measureDistance)
        let b = geometry.coordinate(atDistance: along + measureDistance)
        guard GeoMath.distance(a, p) >= 1, GeoMath.distance(p, b) >= 1 else { return 0 }
        return GeoMath.turnAngle(from: GeoMath.bearing(from: a, to: p), to: GeoMath.bearing(from: p, to: b))
    }
}
