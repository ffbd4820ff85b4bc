/// Maneuvers from the map for lines that bring none of their own (a GPX `trk`, a step-less OSRM, Valhalla or
/// GraphHopper route): geometry alone cannot tell a junction from a bend, a routing engine that knows the map can.
///
/// Every leg whose maneuvers were all derived from its geometry is cut into pieces (at most `maxPointsPerPiece`
/// points and `maxPieceLength` metres, each reaching `overlap` metres into its neighbours so a turn at a cut is
/// seen whole) and each piece is matched to the map (`/trace_route`, `map_snap`). The engine's turns, street names,
/// exits and instructions then replace the derived ones, placed on the route's own line, which stays as it is (its
/// distances, and so the cue timing, are the file's). A leg the engine cannot match, or matches somewhere else, keeps
/// its derived maneuvers and says why (`Outcome.fallbacks`).
public enum ManeuverMatching {
    /// The most points one request carries (Valhalla allows 16,000 by default; smaller pieces answer sooner).
    public static let maxPointsPerPiece = 2_000
    /// The longest stretch one request covers (Valhalla's default trace limit is 200 km).
    public static let maxPieceLength = 50_000.0
    /// Metres a piece's request reaches beyond its own stretch on either side.
    static let overlap = 150.0
    /// A longer segment gets points in between (a sparse line is matched along it, not across the blocks).
    static let maxSpacing = 50.0
    /// Points closer than this to the previous one are left out (a recording's standstill); 5 m for an engine that
    /// takes few points per request (OSRM), so the overlap's points still fit.
    static func minSpacing(maxPoints: Int) -> Double { maxPoints < 500 ? 5 : 2 }
    /// A matched maneuver farther than this from the route's line: the engine took another way.
    public static let maxOffset = 40.0
    /// Legs shorter than this are not worth a request.
    static let minimumLegLength = 30.0

    /// One request and the stretch of its leg whose maneuvers it gives.
    public struct Piece: Sendable, Equatable {
        /// What the engine is asked (a `lineMatch`).
        public var request: RoutingRequest
        /// The route's leg.
        public var leg: Int
        /// Metres along the route where the piece's own stretch starts and ends.
        public var keepStart: Double, keepEnd: Double
        /// Metres along the route its request covers (its stretch and the overlap).
        public var length: Double
    }

    /// A route with the engine's maneuvers in place of derived ones where the engine matched its legs.
    public struct Outcome: Sendable {
        /// The route.
        public var route: Route
        /// The legs that got the engine's maneuvers.
        public var matchedLegs: [Int]
        /// The legs that kept their derived maneuvers, and why.
        public var fallbacks: [(leg: Int, reason: String)]
    }

    /// The pieces to match for `route` (each at most `maxPoints` points): those of every leg at least
    /// `minimumLegLength` long whose maneuvers were all derived from its geometry; none for a route whose source gave
    /// its maneuvers.
    public static func pieces(for route: Route, maxPoints: Int = maxPointsPerPiece) -> [Piece] {
        var pieces: [Piece] = []
        for leg in route.legs where leg.length >= minimumLegLength {
            let maneuvers = route.maneuvers.filter { $0.leg == leg.index }
            guard !maneuvers.isEmpty, maneuvers.allSatisfy({ $0.provenance.kind == .derived }) else { continue }
            pieces += self.pieces(of: leg, in: route.geometry, maxPoints: maxPoints)
        }
        return pieces
    }

    /// `leg` of `geometry` as points at most `maxSpacing` and at least `minSpacing` apart, cut into pieces of at most
    /// `maxPoints` points; each piece's request is named `label` and where it starts (`legs[0] from 1.2 km`).
    static func pieces(of leg: RouteLeg, in geometry: RouteGeometry, maxPoints: Int = maxPointsPerPiece,
                       label: String? = nil) -> [Piece] {
        let minSpacing = minSpacing(maxPoints: maxPoints)
        let cumulative = geometry.cumulativeDistances
        var samples: [(coordinate: Coordinate, along: Double)] = []
        for i in leg.geometryStart...leg.geometryEnd {
            let along = cumulative[i]
            if let last = samples.last {
                let gap = along - last.along
                if gap > maxSpacing {
                    let n = Int((gap / maxSpacing).rounded(.up))
                    for k in 1..<n {
                        let at = last.along + gap * Double(k) / Double(n)
                        samples.append((geometry.coordinate(atDistance: at), at))
                    }
                } else if gap < minSpacing, i != leg.geometryEnd {
                    continue
                }
            }
            samples.append((geometry.coordinates[i], along))
        }
        guard samples.count >= 2 else { return [] }
        // The points the overlap may add on both sides, kept free in each piece's budget.
        let reserve = 2 * Int(overlap / minSpacing) + 2
        var pieces: [Piece] = []
        var first = 0
        var keepStart = leg.distanceStart
        while first < samples.count - 1 {
            var last = first + 1
            while last + 1 < samples.count, last + 1 - first < maxPoints - reserve,
                  samples[last + 1].along - keepStart <= maxPieceLength - 2 * overlap {
                last += 1
            }
            let keepEnd = last == samples.count - 1 ? leg.distanceEnd : samples[last].along
            let (low, high) = (keepStart - overlap, keepEnd + overlap)
            let points = samples.filter { $0.along >= low && $0.along <= high }
            let kilometres = Double(Int((keepStart - leg.distanceStart) / 100)) / 10
            pieces.append(Piece(request: RoutingRequest(matching: points.map(\.coordinate), leg: leg.index,
                                                        path: "\(label ?? "legs[\(leg.index)]") from \(kilometres) km"),
                                leg: leg.index, keepStart: keepStart, keepEnd: keepEnd,
                                length: (points.last?.along ?? 0) - (points.first?.along ?? 0)))
            first = last
            keepStart = keepEnd
        }
        return pieces
    }

    /// `route` with the maneuvers the engine gave for `pieces` (`answers[k]` for `pieces[k]`) in place of the derived
    /// ones, leg by leg; a leg with a failed or implausible piece keeps its own.
    public static func apply(_ answers: [Result<Route, InputError>], of pieces: [Piece], to route: Route) -> Outcome {
        var byLeg: [Int: [Maneuver]] = [:]
        var fallbacks: [(leg: Int, reason: String)] = []
        for leg in route.legs {
            let own = Array(zip(pieces, answers)).filter { $0.0.leg == leg.index }
            guard !own.isEmpty else { continue }
            switch matchedManeuvers(of: leg, in: route, own) {
            case .success(let maneuvers): byLeg[leg.index] = maneuvers
            case .failure(let reason): fallbacks.append((leg.index, reason.message))
            }
        }
        var result = route
        var maneuvers: [Maneuver] = []
        for leg in route.legs {
            maneuvers += byLeg[leg.index] ?? route.maneuvers.filter { $0.leg == leg.index }
        }
        for k in maneuvers.indices { maneuvers[k].index = k }
        result.maneuvers = maneuvers
        return Outcome(route: result, matchedLegs: byLeg.keys.sorted(), fallbacks: fallbacks)
    }

    /// Why a leg keeps its derived maneuvers.
    struct Fallback: Error { var message: String }

    /// The leg's maneuvers from its matched pieces, all of provenance `matched`: its own first (`depart`) and last
    /// (`arrive`, `waypoint`) maneuver, named by the engine, and the engine's maneuvers in between, each placed on the route's line
    /// where its own piece's stretch is.
    static func matchedManeuvers(of leg: RouteLeg, in route: Route,
                                 _ pieces: [(Piece, Result<Route, InputError>)]) -> Result<[Maneuver], Fallback> {
        let geometry = route.geometry
        let own = route.maneuvers.filter { $0.leg == leg.index }
        var middle: [Maneuver] = []
        var departName: String?, arriveName: String?
        for (k, (piece, answer)) in pieces.enumerated() {
            let matched: Route
            switch answer {
            case .success(let r): matched = r
            case .failure(let error): return .failure(Fallback(message: error.description))
            }
            guard matched.length >= 0.5 * piece.length else {
                return .failure(Fallback(message: "\(piece.request.path): the engine matched \(Int(matched.length)) m of a \(Int(piece.length)) m line"))
            }
            if k == 0 { departName = matched.maneuvers.first { $0.type == .depart }?.roadName }
            if k == pieces.count - 1 { arriveName = matched.maneuvers.last { $0.type == .arrive }?.roadName }
            var notBefore = piece.keepStart - overlap - 10
            for m0 in matched.maneuvers where ![.depart, .arrive, .waypoint].contains(m0.type) {
                guard let hit = geometry.nearest(to: m0.location, segments: leg.geometryStart..<max(leg.geometryStart + 1, leg.geometryEnd),
                                                 notBefore: notBefore, settleWithin: (25, 2_000)) else { continue }
                guard hit.offset <= maxOffset else {
                    return .failure(Fallback(message: "\(piece.request.path): the engine's \(m0.type.rawValue) at \(m0.location) is \(Int(hit.offset)) m off the line"))
                }
                notBefore = hit.distanceAlong
                let last = k == pieces.count - 1
                guard hit.distanceAlong >= piece.keepStart, last ? hit.distanceAlong <= piece.keepEnd : hit.distanceAlong < piece.keepEnd else { continue }
                var m = m0
                m.leg = leg.index
                m.geometryIndex = hit.segment
                m.distanceAlong = hit.distanceAlong
                m.provenance = Provenance(kind: .matched, sourceLeg: leg.index, sourceIndex: m0.provenance.sourceIndex,
                                          sourcePath: "\(piece.request.path): \(m0.provenance.sourcePath)")
                middle.append(m)
            }
        }
        var out: [Maneuver] = []
        // The leg's own ends stay where they are, named by the engine and marked as matched with the rest.
        if var depart = own.first, depart.type == .depart {
            if depart.roadName == nil { depart.roadName = departName }
            depart.provenance.kind = .matched
            out.append(depart)
        }
        let end = own.last.flatMap { [.arrive, .waypoint].contains($0.type) ? $0 : nil }
        let lower = out.last?.distanceAlong ?? -Double.infinity, upper = end?.distanceAlong ?? Double.infinity
        out += middle.filter { $0.distanceAlong > lower + 0.5 && $0.distanceAlong < upper - 0.5 }
        if var end {
            if end.roadName == nil { end.roadName = arriveName }
            end.provenance.kind = .matched
            out.append(end)
        }
        return .success(out)
    }
}
