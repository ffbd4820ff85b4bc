/// Douglas–Peucker line simplification on planar points: keeps the points a line must pass through to
/// stay within `tolerance` metres of the original. Removes GPS jitter smaller than the tolerance and the
/// collinear points of routed geometry. Iterative (no recursion depth limit), and run on chunks of at most
/// `chunk` points (their end points are always kept), so a hostile line costs O(n · chunk), not O(n²).
enum DouglasPeucker {
    /// Longest run of points simplified at once.
    static let chunk = 2048

    /// Indices of the points kept, ascending; always includes the first and the last.
    static func simplify(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        let n = x.count
        guard n > 2 else { return Array(0..<n) }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        let limit = tolerance * tolerance
        var stack: [(Int, Int)] = []
        var start = 0
        while start < n - 1 {
            let end = min(n - 1, start + chunk)
            keep[end] = true
            stack.append((start, end))
            start = end
        }
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let ax = x[first], ay = y[first]
            let bx = x[last] - ax, by = y[last] - ay
            let length2 = bx * bx + by * by
            var farthest = -1.0
            var farthestIndex = first
            for k in (first + 1)..<last {
                let px = x[k] - ax, py = y[k] - ay
                var dx = px, dy = py
                if length2 > 0 {
                    let f = min(1, max(0, (px * bx + py * by) / length2))
                    dx = px - f * bx
                    dy = py - f * by
                }
                let d2 = dx * dx + dy * dy
                if d2 > farthest {
                    farthest = d2
                    farthestIndex = k
                }
            }
            if farthest > limit {
                keep[farthestIndex] = true
                stack.append((first, farthestIndex))
                stack.append((farthestIndex, last))
            }
        }
        var out: [Int] = []
        for i in 0..<n where keep[i] { out.append(i) }
        return out
    }
}
