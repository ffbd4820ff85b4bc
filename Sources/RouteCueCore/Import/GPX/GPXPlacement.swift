/// Places turn points on a polyline in travel order and gives each one a vertex: OsmAnd's `offset` when
/// it points at the right place, else the nearest point of the line searching forward from the previous
/// turn point (the earliest run of near-best candidates, so loops and roads passed twice do not pull a turn
/// to the wrong pass). A turn point between two vertices gets a vertex of its own inserted there; a route
/// point the line does not pass at all (a `trk` coarser than its `rte`) is inserted as it is, so the
/// geometry goes through it: before the line's first vertex when it lies before the line's start, after
/// its last vertex when it lies beyond its end (so a `rte` that starts before or ends beyond its `trk`
/// still departs at the first and arrives at the last point).
struct GPXPlacement: Sendable {
    /// The polyline with inserted vertices.
    var coordinates: [Coordinate]
    /// Its elevations (interpolated at inserted vertices), when it had some.
    var elevations: [Double]?
    /// The vertex of each turn point, in `coordinates`.
    var indices: [Int]
    /// Segments the searches examined (bounded by `scanBudget` plus `scanAfterCloseCandidate` per search: the
    /// work done, which a test can check on any machine).
    private(set) var segmentsExamined = 0

    /// An offset is trusted when its vertex is this close to the turn point (metres).
    static let offsetTolerance = 50.0
    /// A turn point this close to a vertex (metres) takes that vertex instead of a new one.
    static let vertexTolerance = 1.0
    /// Candidates within this much (metres) of the best distance count as equally good.
    static let candidateSlack = 5.0
    /// A route point farther than this (metres) from the line is a point the line misses: it is inserted.
    static let detourTolerance = 10.0
    /// Once a segment within `detourTolerance` is found, the search looks this many segments further for a
    /// better one, not to the end of a long track (keeps placement linear on big files).
    static let scanAfterCloseCandidate = 2000
    /// Segments the searches of one placement may examine in all before each further search is limited to
    /// `scanAfterCloseCandidate` segments after where it starts. A point far from the line is otherwise
    /// searched for to the line's end, so a hostile file (many route points off a long track) would take
    /// quadratic time; real files stay far below this.
    static let scanBudget = 20_000_000

    /// Where one turn point goes.
    private enum Spot: Equatable {
        /// On vertex `v` of the original line.
        case vertex(Int)
        /// A new vertex after vertex `after` (before `after + 1`) at `coordinate`; `fraction` orders several.
        /// `after` is -1 for a point before the line's start, the last vertex for one beyond its end.
        case insert(after: Int, fraction: Double, coordinate: Coordinate)
    }

    /// A placement whose line already has a vertex for every turn point.
    init(coordinates: [Coordinate], elevations: [Double]?, indices: [Int]) {
        self.coordinates = coordinates
        self.elevations = elevations
        self.indices = indices
    }

    /// The placement cut to the stretch from its first to its last turn point, indices shifted to match;
    /// unchanged when they share one vertex (nothing would be left to drive).
    func trimmedToTurnPoints() -> GPXPlacement {
        guard let first = indices.first, let last = indices.last, last > first,
              first > 0 || last < coordinates.count - 1 else { return self }
        return GPXPlacement(coordinates: Array(coordinates[first...last]),
                            elevations: elevations.map { Array($0[first...last]) },
                            indices: indices.map { $0 - first })
    }

    /// Places `points` on `line`. `offsets[k]` is point k's stated vertex index, if any. With
    /// `insertMissedPoints`, points far off the line are inserted as they are (route points are on the
    /// route by definition); otherwise they are projected onto it. `scanBudget` is `GPXPlacement.scanBudget` but in
    /// tests.
    init(points: [Coordinate], offsets: [Int?], on line: [Coordinate], elevations lineElevations: [Double]?,
         insertMissedPoints: Bool, scanBudget: Int = GPXPlacement.scanBudget) {
        let n = line.count
        var spots: [Spot] = []
        var from = (segment: 0, fraction: 0.0)
        var beforeStart = true      // every point so far lies before the line's start
        var budget = scanBudget
        for (k, p) in points.enumerated() {
            let spot: Spot
            if n < 2 {
                spot = .vertex(0)
            } else if let o = offsets[k], o >= 0, o < n, o >= from.segment,
                      GeoMath.distance(line[o], p) <= GPXPlacement.offsetTolerance {
                spot = .vertex(o)
                from = (min(o, n - 2), o == n - 1 ? 1 : 0)
            } else {
                var (s, f, d) = GPXPlacement.nearest(p, on: line, from: from.segment, budget: &budget)
                // A point placed beyond where the next one goes is one the line misses (a coarse trk):
                // look for it only up to the next point.
                if k + 1 < points.count {
                    let (s2, f2, _) = GPXPlacement.nearest(points[k + 1], on: line, from: from.segment, budget: &budget)
                    if s2 < s || (s2 == s && f2 < f) {
                        (s, f, d) = GPXPlacement.nearest(p, on: line, from: from.segment, through: s2, budget: &budget)
                    }
                }
                if s == from.segment, f < from.fraction { f = from.fraction }
                from = (s, f)
                let length = GeoMath.distance(line[s], line[s + 1])
                if insertMissedPoints, d > GPXPlacement.detourTolerance {
                    if beforeStart, s == 0, f <= 0 {
                        spot = .insert(after: -1, fraction: 0, coordinate: p)
                    } else if s == n - 2, f >= 1 {
                        spot = .insert(after: n - 1, fraction: 0, coordinate: p)
                    } else {
                        spot = .insert(after: s, fraction: f, coordinate: p)
                    }
                } else if f * length <= GPXPlacement.vertexTolerance {
                    spot = .vertex(s)
                } else if (1 - f) * length <= GPXPlacement.vertexTolerance {
                    spot = .vertex(s + 1)
                } else {
                    let a = line[s], b = line[s + 1]
                    spot = .insert(after: s, fraction: f,
                                   coordinate: Coordinate(latitude: a.latitude + f * (b.latitude - a.latitude),
                                                          longitude: a.longitude + f * (b.longitude - a.longitude)))
                }
            }
            if case .insert(-1, _, _) = spot {} else { beforeStart = false }
            spots.append(spot)
        }

        // Rebuild the line with the inserted vertices, in travel order.
        var out: [Coordinate] = []
        var outElevations: [Double]? = lineElevations == nil ? nil : []
        out.reserveCapacity(n + points.count)
        var indices = [Int](repeating: 0, count: points.count)
        var vertexIndex = [Int](repeating: 0, count: n)
        var k = 0
        while k < spots.count, case .insert(-1, _, let c) = spots[k] {
            out.append(c)
            if let e = lineElevations { outElevations?.append(e[0]) }
            indices[k] = out.count - 1
            k += 1
        }
        for i in 0..<n {
            vertexIndex[i] = out.count
            out.append(line[i])
            if let e = lineElevations { outElevations?.append(e[i]) }
            var lastInsert: Spot?
            scan: while k < spots.count {
                let spot = spots[k]
                switch spot {
                case .vertex(let v):
                    if v > i { break scan }
                    indices[k] = vertexIndex[v]
                case .insert(let after, let f, let c):
                    if after > i { break scan }
                    if spot != lastInsert {
                        out.append(c)
                        if let e = lineElevations { outElevations?.append(e[after] + f * (e[min(after + 1, n - 1)] - e[after])) }
                        lastInsert = spot
                    }
                    indices[k] = out.count - 1
                }
                k += 1
            }
        }
        // Travel order never goes back.
        for j in indices.indices.dropFirst() where indices[j] < indices[j - 1] { indices[j] = indices[j - 1] }
        self.coordinates = out
        self.elevations = outElevations
        self.indices = indices
        segmentsExamined = scanBudget - budget
    }

    /// The nearest point of `line` to `p` on segments `first...through` (default: to the end), as
    /// (segment, fraction, distance): the first run of segments within `candidateSlack` of the best distance,
    /// and the nearest segment of that run. The scan stops once a run holding an exact match has ended, or
    /// `scanAfterCloseCandidate` segments after the first close one. Each segment examined is taken from
    /// `budget`; once it is spent, the search ends `scanAfterCloseCandidate` segments after `first`.
    static func nearest(_ p: Coordinate, on line: [Coordinate], from first: Int, through last: Int? = nil,
                        budget: inout Int) -> (Int, Double, Double) {
        var end = min(last ?? (line.count - 2), line.count - 2)
        if budget <= 0 { end = min(end, first + scanAfterCloseCandidate) }
        guard first <= end else { return (max(0, min(first, line.count - 2)), 0, .infinity) }
        var distances: [(Double, Double)] = []
        var best = Double.infinity
        var sawExact = false
        var firstClose: Int?
        for s in first...end {
            budget -= 1
            let (d, f) = GeoMath.projection(of: p, onSegment: line[s], line[s + 1])
            distances.append((d, f))
            best = min(best, d)
            if d <= vertexTolerance { sawExact = true } else if sawExact, d > vertexTolerance + candidateSlack { break }
            if d <= detourTolerance, firstClose == nil { firstClose = s }
            if let c = firstClose, s - c > scanAfterCloseCandidate { break }
        }
        guard let start = distances.firstIndex(where: { $0.0 <= best + candidateSlack }) else { return (first, 0, best) }
        var chosen = start
        var i = start + 1
        while i < distances.count, distances[i].0 <= best + candidateSlack {
            if distances[i].0 < distances[chosen].0 { chosen = i }
            i += 1
        }
        return (first + chosen, distances[chosen].1, distances[chosen].0)
    }
}
