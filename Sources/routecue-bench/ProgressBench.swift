import Foundation
import RouteCueCore

// `routecue-bench progress LONG_ROUTE SHORT_ROUTE`: fixes per second through the guidance engine (matching,
// filter, timing, cue decisions, the timer ticks between fixes) on a very long route and on a short one, in the same
// run. The per-fix cost must not grow with the route: the ratio long ÷ short is the figure (target ≤ 1.5).
//
// Both drives are made the same way: 1 Hz fixes along the route geometry at 25 m/s with ±3 m of deterministic noise
// and 300 ms latency. The long route is driven over a 40 km stretch from its middle; the short one is driven from
// start to end again and again with a fresh engine each time. Each drive's first fix (acquisition, a whole-route
// search) is not counted.

/// Fixes along `route` from `start` metres for `count` seconds at `speed`, with small deterministic noise.
func benchFixes(on route: Route, from start: Double, count: Int, speed: Double = 25, seed: UInt64) -> [Fix] {
    var state = seed
    func noise() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return (Double(state >> 11) / Double(1 << 53) - 0.5) * 6
    }
    var fixes: [Fix] = []
    for i in 0..<count {
        let along = min(route.length, start + Double(i) * speed)
        let p = route.geometry.coordinate(atDistance: along)
        let ahead = route.geometry.coordinate(atDistance: min(route.length, along + 5))
        let course = along + 5 <= route.length ? GeoMath.bearing(from: p, to: ahead) : nil
        let noisy = Coordinate(latitude: p.latitude + noise() / 111_000,
                               longitude: p.longitude + noise() / (111_000 * cos(p.latitude * .pi / 180)))
        fixes.append(Fix(time: 1_700_000_000 + Double(i), received: MonotonicInstant(seconds: Double(i) + 0.3),
                         position: noisy, speed: speed, course: course, mode: .threeD, status: .gps,
                         errors: FixErrorEstimates(horizontal: 5)))
    }
    return fixes
}

/// Runs `fixes` through `engine` (with the ticks it asks for between fixes); returns seconds spent, first fix excluded.
func drive(_ engine: inout GuidanceEngine, _ fixes: [Fix], clock: ContinuousClock) -> (seconds: Double, fixes: Int) {
    var spent = 0.0
    for (i, fix) in fixes.enumerated() {
        let start = clock.now
        var inputs: [GuidanceInput] = [.fix(fix)]
        var now = fix.received
        while !inputs.isEmpty {
            for action in engine.handle(inputs.removeFirst(), at: now) {
                if case .render(let text) = action { inputs.append(.rendered(text: text, seconds: CueDurations().seconds(text))) }
            }
            if inputs.isEmpty, i + 1 < fixes.count, let wake = engine.nextWakeup, wake < fixes[i + 1].received, wake > now {
                now = wake
                inputs.append(.tick)
            }
        }
        if i > 0 { spent += seconds(clock.now - start) }
    }
    return (spent, max(0, fixes.count - 1))
}

/// The progress benchmark.
func progressBench(_ args: [String]) {
    func load(_ path: String) -> Route {
        guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read") }
        do { return try RouteReader.read([UInt8](data), name: path) } catch { fail("\(error)") }
    }
    let long = load(args[0]), short = load(args[1])
    let clock = ContinuousClock()
    var rounds: [(long: Double, short: Double)] = []
    for round in 0..<5 {
        var engine = GuidanceEngine(route: long)
        let fixes = benchFixes(on: long, from: long.length / 2, count: 1600, seed: UInt64(round + 1))
        let l = drive(&engine, fixes, clock: clock)
        var shortSpent = 0.0, shortFixes = 0
        let perDrive = Int(short.length / 25) + 1
        for lap in 0..<max(1, 1600 / perDrive) {
            var e = GuidanceEngine(route: short)
            let s = drive(&e, benchFixes(on: short, from: 0, count: perDrive, seed: UInt64(1000 + lap)), clock: clock)
            shortSpent += s.seconds
            shortFixes += s.fixes
        }
        rounds.append((l.seconds / Double(l.fixes), shortSpent / Double(max(1, shortFixes))))
    }
    let longCost = median(rounds.map(\.long)), shortCost = median(rounds.map(\.short))
    print(String(format: "bench progress: %@ %.0f km (%d points, %d maneuvers) vs %@ %.2f km (%d points)",
                 (args[0] as NSString).lastPathComponent, long.length / 1000, long.geometry.count, long.maneuvers.count,
                 (args[1] as NSString).lastPathComponent, short.length / 1000, short.geometry.count))
    print(String(format: "  long route   %.1f µs per fix, %.0f fixes/s (median of 5 rounds of 1599 fixes)", longCost * 1e6, 1 / longCost))
    print(String(format: "  short route  %.1f µs per fix, %.0f fixes/s (same run)", shortCost * 1e6, 1 / shortCost))
    print(String(format: "  per-fix cost long ÷ short = %.2f (target ≤ 1.5)", longCost / shortCost))
}
