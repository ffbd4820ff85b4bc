/// Lookup tables of one route, built once, so every estimate costs O(log n) whatever the route's length: the
/// maneuvers' distances along the route, the next announced maneuver from each, and the source's expected time
/// to reach each point (from its per-step durations, where it has them).
struct RouteTimeline: Sendable {
    private let along: [Double]
    private let legs: [Int]
    private let nextAnnounced: [Int?]
    private let elapsed: [Double]
    private let pace: [Double]
    /// Whether the source's durations cover the route well enough (90 %) to give remaining times.
    let hasDurations: Bool

    init(_ route: Route) {
        along = route.maneuvers.map(\.distanceAlong)
        legs = route.maneuvers.map(\.leg)
        var next: [Int?] = Array(repeating: nil, count: route.maneuvers.count)
        var following: Int?
        for i in route.maneuvers.indices.reversed() {
            // A leg's `depart` is never announced as a maneuver ahead: the start (or the waypoint) speaks for it.
            if route.maneuvers[i].announced, route.maneuvers[i].type != .depart { following = i }
            next[i] = following
        }
        nextAnnounced = next
        var elapsed: [Double] = []
        var pace: [Double] = []
        var total = 0.0, covered = 0.0
        for m in route.maneuvers {
            elapsed.append(total)
            if let d = m.sourceDistance, let s = m.sourceDuration, d > 0, s >= 0 {
                pace.append(s / d)
                total += s
                covered += d
            } else {
                pace.append(0)
            }
        }
        self.elapsed = elapsed
        self.pace = pace
        hasDurations = route.length > 0 && covered >= 0.9 * route.length
    }

    /// The first maneuver strictly ahead of `distance` (by more than 1 cm) in leg `leg` or later.
    func nextManeuver(after distance: Double, leg: Int) -> Int? {
        var lo = 0, hi = along.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if along[mid] > distance + 0.01 { hi = mid } else { lo = mid + 1 }
        }
        var i = lo
        while i < along.count, legs[i] < leg { i += 1 }
        return i < along.count ? i : nil
    }

    /// The first announced maneuver (not a `depart`) at or after index `i`.
    func nextAnnounced(from i: Int) -> Int? { i < nextAnnounced.count ? nextAnnounced[i] : nil }

    /// Seconds from the route start to `distance` at the source's pace.
    func expectedTime(at distance: Double) -> Double {
        guard !along.isEmpty else { return 0 }
        var lo = 0, hi = along.count - 1
        if distance <= along[0] { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if along[mid] <= distance { lo = mid } else { hi = mid - 1 }
        }
        let stretchEnd = lo + 1 < along.count ? along[lo + 1] : distance
        return elapsed[lo] + pace[lo] * (min(distance, stretchEnd) - along[lo])
    }
}
