#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A polyline in local planar metres (x east, y north), built by chaining a local equirectangular
/// projection from point to point: every step is locally exact, only the far-away drift accumulates,
/// which does not matter for the local headings and distances the turn detector measures.
/// Points closer than `minimumStep` to the previous kept point (duplicates, standstill) are dropped;
/// `sourceIndex` maps each kept point back to the caller's coordinate index.
struct PlanarTrace {
    /// East coordinate in metres per kept point.
    var x: [Double] = []
    /// North coordinate in metres per kept point.
    var y: [Double] = []
    /// Index in the original coordinate list of each kept point.
    var sourceIndex: [Int] = []

    /// Number of kept points.
    var count: Int { x.count }

    /// Projects `coordinates`, skipping invalid ones and steps shorter than `minimumStep` metres.
    init(_ coordinates: [Coordinate], minimumStep: Double) {
        var last: Coordinate?
        x.reserveCapacity(coordinates.count)
        y.reserveCapacity(coordinates.count)
        sourceIndex.reserveCapacity(coordinates.count)
        for (i, c) in coordinates.enumerated() where c.isValid {
            guard let previous = last else {
                x.append(0); y.append(0); sourceIndex.append(i); last = c
                continue
            }
            let k = cos(GeoMath.radians((previous.latitude + c.latitude) / 2))
            var dLon = c.longitude - previous.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            let dx = GeoMath.radians(dLon) * k * GeoMath.earthRadius
            let dy = GeoMath.radians(c.latitude - previous.latitude) * GeoMath.earthRadius
            guard (dx * dx + dy * dy).squareRoot() >= minimumStep else { continue }
            x.append(x[x.count - 1] + dx)
            y.append(y[y.count - 1] + dy)
            sourceIndex.append(i)
            last = c
        }
    }

    /// The trace with each run of points lying within `radius` metres of the run's first point replaced by
    /// the run's centroid (source index: the run's middle point). Averages away the jitter of a dense
    /// recording before simplification, which would otherwise keep its most extreme points as vertices.
    func averaged(within radius: Double) -> PlanarTrace {
        var out = PlanarTrace([], minimumStep: 0)
        var runStart = 0
        func flush(_ end: Int) {
            guard end > runStart else { return }
            var sx = 0.0, sy = 0.0
            for i in runStart..<end { sx += x[i]; sy += y[i] }
            let n = Double(end - runStart)
            out.x.append(sx / n)
            out.y.append(sy / n)
            out.sourceIndex.append(sourceIndex[(runStart + end - 1) / 2])
        }
        for i in 0..<count where hypot(x[i] - x[runStart], y[i] - y[runStart]) >= radius {
            flush(i)
            runStart = i
        }
        flush(count)
        return out
    }

    /// How rough the line is, in metres: the median distance of a point from the chord joining its two
    /// neighbours, over points whose neighbours are both within `neighbourhood` metres. Routed geometry
    /// (exact road shapes) gives a few decimetres; a recorded GPS trace gives its jitter. Nil when fewer
    /// than `minimumSamples` points qualify (too short or too sparse to tell).
    func roughness(neighbourhood: Double = 30, minimumSamples: Int = 10) -> Double? {
        guard count >= 3 else { return nil }
        var samples: [Double] = []
        for i in 1..<(count - 1) {
            let ax = x[i - 1], ay = y[i - 1]
            let l1 = hypot(x[i] - ax, y[i] - ay), l2 = hypot(x[i + 1] - x[i], y[i + 1] - y[i])
            guard l1 <= neighbourhood, l2 <= neighbourhood else { continue }
            let bx = x[i + 1] - ax, by = y[i + 1] - ay
            let chord = hypot(bx, by)
            guard chord > 1e-9 else { continue }
            samples.append(abs((x[i] - ax) * by - (y[i] - ay) * bx) / chord)
        }
        guard samples.count >= minimumSamples else { return nil }
        samples.sort()
        return samples[samples.count / 2]
    }
}
