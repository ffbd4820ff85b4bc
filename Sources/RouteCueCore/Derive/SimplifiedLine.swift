#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The simplified (Douglas–Peucker) version of a planar trace, with what the turn detector asks of it:
/// distance along the line, segment headings, the turn at each vertex, and the heading arriving at or
/// leaving any position. Headings are geographic degrees (north 0°, clockwise), exact locally.
struct SimplifiedLine {
    /// Planar x of each vertex (metres east).
    let x: [Double]
    /// Planar y of each vertex (metres north).
    let y: [Double]
    /// Index in the trace of each vertex.
    let traceIndex: [Int]
    /// Metres along the simplified line to each vertex.
    let along: [Double]
    /// Heading of segment `k` (vertex `k` to `k + 1`).
    let segmentHeading: [Double]
    /// Signed turn at each vertex in degrees (positive right); 0 at both ends.
    let vertexTurn: [Double]
    /// Shortest chord used for a heading: shorter chords would let the line's own noise swing the heading.
    let minimumChord: Double
    /// Length of the chord measured when a segment is too short to give a heading by itself.
    let chord: Double

    /// Number of vertices.
    var count: Int { x.count }
    /// Total length in metres.
    var length: Double { along.last ?? 0 }

    /// Simplifies `trace` with `tolerance` metres and prepares the heading queries.
    init(_ trace: PlanarTrace, tolerance: Double, minimumChord: Double, chord: Double) {
        let kept = DouglasPeucker.simplify(x: trace.x, y: trace.y, tolerance: tolerance)
        traceIndex = kept
        x = kept.map { trace.x[$0] }
        y = kept.map { trace.y[$0] }
        var along = [0.0]
        along.reserveCapacity(kept.count)
        for k in kept.indices.dropFirst() {
            along.append(along[k - 1] + hypot(x[k] - x[k - 1], y[k] - y[k - 1]))
        }
        self.along = along
        var headings: [Double] = []
        headings.reserveCapacity(max(0, kept.count - 1))
        for k in 0..<max(0, kept.count - 1) {
            headings.append(SimplifiedLine.heading(dx: x[k + 1] - x[k], dy: y[k + 1] - y[k]))
        }
        segmentHeading = headings
        var turns = [Double](repeating: 0, count: kept.count)
        if kept.count >= 3 {
            for k in 1..<(kept.count - 1) { turns[k] = GeoMath.turnAngle(from: headings[k - 1], to: headings[k]) }
        }
        vertexTurn = turns
        self.minimumChord = minimumChord
        self.chord = chord
    }

    /// Geographic heading of a planar vector.
    static func heading(dx: Double, dy: Double) -> Double {
        GeoMath.normalizedBearing(GeoMath.degrees(atan2(dx, dy)))
    }

    /// First vertex index whose distance along is greater than `s` (upper bound).
    func firstVertex(after s: Double) -> Int {
        var lo = 0, hi = along.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if along[mid] <= s { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// First vertex index whose distance along is at least `s` (lower bound).
    func firstVertex(atOrAfter s: Double) -> Int {
        var lo = 0, hi = along.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if along[mid] < s { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The planar point `s` metres along the line (clamped to its ends).
    func point(at s: Double) -> (x: Double, y: Double) {
        if s <= 0 { return (x[0], y[0]) }
        if s >= length { return (x[count - 1], y[count - 1]) }
        let k = max(0, min(count - 2, firstVertex(after: s) - 1))
        let l = along[k + 1] - along[k]
        let f = l > 0 ? (s - along[k]) / l : 0
        return (x[k] + f * (x[k + 1] - x[k]), y[k] + f * (y[k + 1] - y[k]))
    }

    /// Heading of the chord from `s1` to `s2` metres along (clamped to the line), or nil when that
    /// stretch is shorter than `minimumChord`.
    func chordHeading(from s1: Double, to s2: Double) -> Double? {
        let a = max(0, s1), b = min(length, s2)
        guard b - a >= minimumChord else { return nil }
        let p = point(at: a), q = point(at: b)
        guard hypot(q.x - p.x, q.y - p.y) >= 0.5 else { return nil }
        return SimplifiedLine.heading(dx: q.x - p.x, dy: q.y - p.y)
    }

    /// Heading of travel arriving at `s`: the segment ending there if it is long enough to trust,
    /// else the chord over the `chord` metres before `s`.
    func headingArriving(at s: Double) -> Double? {
        let k = max(0, min(count - 2, firstVertex(atOrAfter: s) - 1))
        if along[k + 1] - along[k] >= minimumChord { return segmentHeading[k] }
        return chordHeading(from: s - chord, to: s)
    }

    /// Heading of travel leaving `s`: the segment starting there if it is long enough to trust,
    /// else the chord over the `chord` metres after `s`.
    func headingLeaving(at s: Double) -> Double? {
        let k = max(0, min(count - 2, firstVertex(after: s) - 1))
        if along[k + 1] - along[k] >= minimumChord { return segmentHeading[k] }
        return chordHeading(from: s, to: s + chord)
    }
}
