/// Finds junction turns in a polyline (see `ManeuverDeriver.turns(in:)` for the method in words).
struct TurnDetector {
    /// The detector's thresholds; the defaults are the ones RouteCue uses.
    struct Parameters {
        /// Points closer than this to the previous one are dropped (duplicates, standstill), metres.
        var minimumStep = 0.5
        /// Simplification tolerance for exact (routed) geometry, metres.
        var minimumTolerance = 1.0
        /// Tolerance per metre of measured roughness (a noisy trace is simplified more).
        var tolerancePerRoughness = 2.5
        /// Upper bound of the simplification tolerance, metres.
        var maximumTolerance = 10.0
        /// Roughness up to this is the rounding of exact geometry, not jitter, metres: coordinates rounded to
        /// 5 decimals (a grid of about 1.1 m, as in precision-5 polylines) give up to about half a metre.
        var maximumRoundingRoughness = 0.5
        /// Half-width of the window a turn must happen in to count as concentrated, metres.
        var coreHalfWidth = 10.0
        /// Chord measured for a heading where segments are short, metres (at least `chordPerTolerance` × tolerance).
        var chord = 20.0
        /// Chord length per metre of tolerance: the line may stray by the tolerance at either end.
        var chordPerTolerance = 8.0
        /// Shortest chord trusted for a heading, metres (at least `minimumChordPerTolerance` × tolerance).
        var minimumChord = 5.0
        /// Shortest trusted chord per metre of tolerance.
        var minimumChordPerTolerance = 5.0
        /// Smallest turn reported, degrees.
        var minimumTurn = 45.0
        /// Heading change a window of ±`coreHalfWidth` must hold for the turn to be concentrated, degrees.
        var minimumCoreTurn = 45.0
        /// Candidates closer than this along the line belong to one maneuver, metres.
        var mergeGap = 30.0
        /// Longest stretch merged into one maneuver (a large roundabout), metres.
        var maximumSpan = 150.0
        /// Length of the stretch either side of a maneuver whose curvature is compared with it, metres.
        var shoulder = 30.0
        /// Shortest straight inside a staggered junction trusted for its heading, metres (≥ 4 × tolerance).
        var minimumStaggerSegment = 5.0
        /// Heading change against the turn direction that makes a maneuver a roundabout, degrees.
        var minimumCircling = 60.0
        /// Entry and exit turns around that circling, degrees.
        var minimumCirclingFlank = 15.0
        /// Roundabouts are only recognised on lines at least this precise (tolerance), metres.
        var maximumCirclingTolerance = 3.0
        /// A vertex turning at least this much marks where a merged maneuver starts, degrees.
        var locationTurn = 10.0
    }

    /// The parameters in use.
    var parameters = Parameters()

    /// Turns of `coordinates`, in order.
    func turns(in coordinates: [Coordinate]) -> [ManeuverDeriver.DerivedTurn] {
        let p = parameters
        var trace = PlanarTrace(coordinates, minimumStep: p.minimumStep)
        guard trace.count >= 3 else { return [] }
        var tolerance = p.minimumTolerance
        if let roughness = trace.roughness(), roughness > p.maximumRoundingRoughness {
            tolerance = max(p.minimumTolerance, min(p.maximumTolerance, p.tolerancePerRoughness * roughness))
        }
        if tolerance > p.minimumTolerance {
            // A noisy recording: average its jitter away, and trust only long chords for headings.
            trace = trace.averaged(within: tolerance)
            guard trace.count >= 3 else { return [] }
        }
        let chord = max(p.chord, p.chordPerTolerance * tolerance)
        let minimumChord = min(chord, max(p.minimumChord, p.minimumChordPerTolerance * tolerance))
        let line = SimplifiedLine(trace, tolerance: tolerance, minimumChord: minimumChord, chord: chord)
        let m = line.count
        guard m >= 3 else { return [] }

        // Heading change over a short window around each vertex.
        let w = p.coreHalfWidth
        var core = [Double](repeating: 0, count: m)
        for k in 1..<(m - 1) {
            if let before = line.headingArriving(at: line.along[k] - w),
               let after = line.headingLeaving(at: line.along[k] + w) {
                core[k] = GeoMath.turnAngle(from: before, to: after)
            }
        }

        // Group nearby candidates: a roundabout or a staggered junction is one maneuver.
        var groups: [[Int]] = []
        var current: [Int] = []
        for k in 1..<(m - 1) where abs(core[k]) >= p.minimumTurn / 2 {
            if let last = current.last, let first = current.first,
               line.along[k] - line.along[last] > p.mergeGap || line.along[k] - line.along[first] > p.maximumSpan {
                groups.append(current)
                current = []
            }
            current.append(k)
        }
        if !current.isEmpty { groups.append(current) }

        var out: [ManeuverDeriver.DerivedTurn] = []
        for group in groups {
            if let turn = evaluate(group, line: line, core: core, tolerance: tolerance) {
                var t = turn
                t.index = trace.sourceIndex[line.traceIndex[t.index]]
                out.append(t)
            }
        }
        return out
    }

    /// Decides whether a group of candidate vertices is a maneuver; the returned turn's `index` is a
    /// vertex index of `line` (the caller maps it back).
    private func evaluate(_ group: [Int], line: SimplifiedLine, core: [Double],
                          tolerance: Double) -> ManeuverDeriver.DerivedTurn? {
        let p = parameters
        let w = p.coreHalfWidth
        let start = line.along[group[0]] - w
        let end = line.along[group[group.count - 1]] + w
        let circling = tolerance <= p.maximumCirclingTolerance && isCircling(line, from: start, to: end)
        let strongestCore = group.map { abs(core[$0]) }.max() ?? 0
        // A bend spreads its heading change; a junction concentrates it.
        guard circling || strongestCore >= p.minimumCoreTurn else { return nil }
        guard let before = line.headingArriving(at: start), let after = line.headingLeaving(at: end) else { return nil }
        let net = GeoMath.turnAngle(from: before, to: after)

        // The curvature of the road either side, in the turn's direction, explains part of the change.
        var ambient = 0.0
        if let shoulderBefore = line.headingArriving(at: start - p.shoulder) {
            let change = GeoMath.turnAngle(from: shoulderBefore, to: before)
            if change * net > 0 { ambient = max(ambient, abs(change) / p.shoulder) }
        }
        if let shoulderAfter = line.headingLeaving(at: end + p.shoulder) {
            let change = GeoMath.turnAngle(from: after, to: shoulderAfter)
            if change * net > 0 { ambient = max(ambient, abs(change) / p.shoulder) }
        }
        let excess = abs(net) - ambient * (end - start + line.chord)

        var shape = ManeuverDeriver.DerivedTurn.Shape.simple
        var bearingAfter = after
        if abs(net) >= p.minimumTurn && excess >= p.minimumTurn {
            if circling { shape = .circling }
        } else if circling {
            shape = .circling
        } else if abs(net) < p.minimumTurn {
            // Staggered junction: a straight inside the group heads far from the approach, then turns back.
            let minimumSegment = max(p.minimumStaggerSegment, 4 * tolerance)
            var best = 0.0
            var bestHeading = after
            for k in group[0]..<group[group.count - 1]
            where line.along[k + 1] - line.along[k] >= minimumSegment {
                let t = GeoMath.turnAngle(from: before, to: line.segmentHeading[k])
                if abs(t) > abs(best) {
                    best = t
                    bestHeading = line.segmentHeading[k]
                }
            }
            guard abs(best) >= p.minimumTurn else { return nil }
            shape = .staggered
            bearingAfter = bestHeading
        } else {
            return nil
        }

        var location = group[0]
        for k in group where abs(line.vertexTurn[k]) >= p.locationTurn {
            location = k
            break
        }
        return ManeuverDeriver.DerivedTurn(index: location, angle: GeoMath.turnAngle(from: before, to: bearingAfter),
                                           bearingBefore: before, bearingAfter: bearingAfter, shape: shape)
    }

    /// True when the vertex turns between `start` and `end` go one way, then strongly the other way,
    /// then the first way again: the path around a roundabout.
    private func isCircling(_ line: SimplifiedLine, from start: Double, to end: Double) -> Bool {
        let p = parameters
        let lo = max(1, line.firstVertex(after: start))
        let hi = min(line.count - 2, line.firstVertex(atOrAfter: end))
        guard lo <= hi else { return false }
        var runs: [Double] = []
        for k in lo...hi {
            let v = line.vertexTurn[k]
            guard abs(v) >= 3 else { continue }
            if let last = runs.last, last * v > 0 { runs[runs.count - 1] += v } else { runs.append(v) }
        }
        guard runs.count >= 3 else { return false }
        var j = 0
        for i in runs.indices where abs(runs[i]) > abs(runs[j]) { j = i }
        guard j > 0, j < runs.count - 1, abs(runs[j]) >= p.minimumCircling else { return false }
        let entry = runs[..<j].map { abs($0) }.max() ?? 0
        let exit = runs[(j + 1)...].map { abs($0) }.max() ?? 0
        return entry >= p.minimumCirclingFlank && exit >= p.minimumCirclingFlank
    }
}
