import RouteCueCore
import TestSupport
import XCTest

/// Synthetic routes, drives and runs for the guidance behaviour tests: routes of straight stretches joined by
/// turns (assembled through `RouteBuilder` like every importer), 1 Hz fixes driven along them with exact ground
/// truth, and runs of the engine on a virtual clock with deterministic cue durations (no synthesis).
enum GuidanceFixtures {
    /// Where synthetic routes start.
    static let origin = Coordinate(latitude: 50, longitude: 8)
    /// Fix time (Unix seconds) of monotonic second 0.
    static let epoch = 1_700_000_000.0

    // MARK: Routes

    /// A route starting east from `origin`: `lead` metres to the first turn (default `spacing`), `spacing` metres
    /// between turns, `tail` metres after the last one (default `spacing`), ending in an arrival. Each turn is a
    /// `turn` maneuver (90° for left/right, 180° for a U-turn modifier, 45° for the slight ones).
    /// `legEnds` are distances along the route where an announced via waypoint ends a leg (ends of straights);
    /// `silentVia` are distances along where a silent via point lies (a tour's `svp`, no leg break).
    /// `edit` may change a maneuver (road class, landmarks, announcements) before the route is built.
    static func makeRoute(turns: [ManeuverModifier], spacing: Double, lead: Double? = nil, tail: Double? = nil,
                          legEnds: [Double] = [], silentVia: [Double] = [], warnings: [(kind: String, along: Double)] = [],
                          format: RouteFormat = .osrm, roadClass: String? = nil, origin: Coordinate = GuidanceFixtures.origin,
                          heading initialHeading: Double = 90, edit: ((inout Maneuver) -> Void)? = nil) throws -> Route {
        // Straight stretches and the heading of each.
        var lengths = [lead ?? spacing] + Array(repeating: spacing, count: max(0, turns.count - 1))
        if !turns.isEmpty { lengths.append(tail ?? spacing) }
        var heading = initialHeading
        var headings: [Double] = [heading]
        for t in turns {
            heading = GeoMath.normalizedBearing(heading + angle(t))
            headings.append(heading)
        }
        // Corner points, with cumulative distance; leg breaks become extra points.
        var points: [(c: Coordinate, along: Double)] = [(origin, 0)]
        var cornerIndex: [Int] = []
        var along = 0.0
        let breaks = legEnds.sorted()
        for (i, length) in lengths.enumerated() {
            let start = points.last!.c
            let startAlong = along
            for b in breaks where b > startAlong + 0.5 && b < startAlong + length - 0.5 {
                points.append((GeoMath.destination(from: start, bearing: headings[i], distance: b - startAlong), b))
            }
            along += length
            points.append((GeoMath.destination(from: start, bearing: headings[i], distance: length), along))
            if i < turns.count { cornerIndex.append(points.count - 1) }
        }
        // Split into legs at the breaks.
        var legBounds: [Int] = [0]
        for b in breaks {
            if let i = points.firstIndex(where: { abs($0.along - b) < 0.5 }) { legBounds.append(i) }
        }
        legBounds.append(points.count - 1)
        var builder = RouteBuilder(source: RouteSource(format: format))
        builder.addWaypoint(Waypoint(name: "Start", location: origin, role: .start))
        var step = 0
        for leg in 0..<(legBounds.count - 1) {
            let from = legBounds[leg], to = legBounds[leg + 1]
            let coordinates = points[from...to].map(\.c)
            var maneuvers: [(Maneuver, RouteBuilder.Placement)] = []
            func provenance() -> Provenance {
                defer { step += 1 }
                return Provenance(kind: .step, sourceLeg: leg, sourceIndex: step, sourcePath: "legs[\(leg)].steps[\(step)]")
            }
            var depart = Maneuver(type: .depart, location: coordinates[0], provenance: provenance())
            depart.roadName = "Start Street"
            maneuvers.append((depart, .legIndex(0)))
            for (k, corner) in cornerIndex.enumerated() where corner > from && corner < to {
                var m = Maneuver(type: .turn, modifier: turns[k], location: points[corner].c, provenance: provenance())
                m.bearingBefore = headings[k]
                m.bearingAfter = headings[k + 1]
                m.approachRoadClass = roadClass
                edit?(&m)
                maneuvers.append((m, .legIndex(corner - from)))
            }
            maneuvers.append((Maneuver(type: .arrive, location: coordinates.last!, provenance: provenance()),
                              .legIndex(coordinates.count - 1)))
            builder.addLeg(coordinates: coordinates, maneuvers: maneuvers, path: "legs[\(leg)]")
            let last = leg == legBounds.count - 2
            var w = Waypoint(name: last ? "Home" : "Stop \(leg + 1)", location: coordinates.last!,
                             role: last ? .destination : .via)
            w.legEnding = leg
            // Silent via points of this leg come before its end.
            for s in silentVia where s > points[from].along && s < points[to].along {
                builder.addWaypoint(Waypoint(location: coordinate(points, at: s), role: .silentVia))
            }
            builder.addWaypoint(w)
        }
        for w in warnings {
            builder.addWarning(RouteWarning(kind: w.kind, location: coordinate(points, at: w.along)))
        }
        return try builder.build()
    }

    private static func angle(_ m: ManeuverModifier) -> Double {
        switch m {
        case .left: return -90
        case .right: return 90
        case .slightLeft: return -45
        case .slightRight: return 45
        case .sharpLeft: return -135
        case .sharpRight: return 135
        case .uTurn: return 180
        case .straight: return 0
        }
    }

    private static func coordinate(_ points: [(c: Coordinate, along: Double)], at distance: Double) -> Coordinate {
        let geometry = RouteGeometry(coordinates: points.map(\.c))
        return geometry.coordinate(atDistance: distance)
    }

    // MARK: Drives

    /// What the car does at one instant: its speed along the route (negative: against it) and its lateral
    /// offset from the route in metres (positive: to the right).
    struct Motion {
        var speed: Double
        var lateral: Double = 0
    }

    /// A synthetic drive: the fixes, and the exact truth every 50 ms.
    struct Drive {
        var fixes: [Fix]
        /// Monotonic seconds of the truth samples.
        var times: [Double]
        /// Metres along the route at each truth sample.
        var alongs: [Double]

        /// True metres along the route at monotonic `seconds` (linear between samples).
        func along(at seconds: Double) -> Double {
            guard let first = times.first, seconds > first else { return alongs.first ?? 0 }
            guard seconds < times.last! else { return alongs.last! }
            let i = min(times.count - 2, Int((seconds - first) / GuidanceFixtures.step))
            let f = (seconds - times[i]) / (times[i + 1] - times[i])
            return alongs[i] + f * (alongs[i + 1] - alongs[i])
        }

        /// True metres along the route at `instant`.
        func along(at instant: MonotonicInstant) -> Double { along(at: instant.seconds) }

        /// The fixes without those measured in `window` (monotonic seconds): a GPS outage.
        func dropping(_ window: ClosedRange<Double>) -> Drive {
            var d = self
            d.fixes = fixes.filter { !window.contains($0.received.seconds) }
            return d
        }
    }

    static let step = 0.05

    /// Drives `route` from `start` metres along, with `control` deciding the motion from the time since the start
    /// and the true distance along. Fixes come at 1 Hz from monotonic second `startTime`, measured at their
    /// `received` instant (`GuidanceSimulation` adds the delivery latency), with Gaussian position noise of
    /// `noise` metres from a seeded generator. Fix time runs `timeScale` times faster than the monotonic clock
    /// (gpsfake -c 0.1 gives 10) and the fix speed is scaled alike. The drive ends after `duration` seconds or
    /// `standAtEnd` seconds after reaching the end of the route.
    static func drive(_ route: Route, start: Double = 0, startTime: Double = 10, duration: Double? = nil,
                      noise: Double = 0, seed: UInt64 = 7, timeScale: Double = 1, eph: Double = 5,
                      standAtEnd: Double = 3, control: (_ t: Double, _ along: Double) -> Motion) -> Drive {
        var rng = SeededNoise(seed: seed)
        var fixes: [Fix] = []
        var times: [Double] = [], alongs: [Double] = []
        var along = start
        var lateral = control(0, start).lateral
        var lastFixLateral = lateral
        var reachedEndAt: Double?
        var n = 0
        while true {
            let t = Double(n) * step
            if let duration, t > duration + 1e-9 { break }
            if let r = reachedEndAt, t > r + standAtEnd + 1e-9 { break }
            if t > 7200 { break }
            let motion = control(t, along)
            if n % Int((1 / step).rounded()) == 0 {
                let geometryBearing = bearing(route, at: along)
                var p = route.geometry.coordinate(atDistance: along)
                if lateral != 0 { p = GeoMath.destination(from: p, bearing: geometryBearing + 90, distance: lateral) }
                if noise > 0 {
                    p = GeoMath.destination(from: p, bearing: 0, distance: noise * rng.gaussian())
                    p = GeoMath.destination(from: p, bearing: 90, distance: noise * rng.gaussian())
                }
                let lateralRate = lateral - lastFixLateral
                lastFixLateral = lateral
                let v = motion.speed
                let speed = (v * v + lateralRate * lateralRate).squareRoot()
                let course = GeoMath.normalizedBearing(geometryBearing + GeoMath.degrees(atan2(lateralRate, v)))
                fixes.append(Fix(time: epoch + t * timeScale, received: MonotonicInstant(seconds: startTime + t),
                                 position: p, speed: speed / timeScale, course: speed > 0.05 ? course : nil,
                                 mode: .threeD, status: .gps, errors: FixErrorEstimates(horizontal: eph)))
            }
            times.append(startTime + t)
            alongs.append(along)
            along = min(route.length, max(0, along + motion.speed * step))
            lateral = motion.lateral
            if reachedEndAt == nil, along >= route.length - 0.01 { reachedEndAt = t }
            n += 1
        }
        return Drive(fixes: fixes, times: times, alongs: alongs)
    }

    /// Drives `route` at a constant `speed` (m/s).
    static func drive(_ route: Route, speed: Double, start: Double = 0, noise: Double = 0, seed: UInt64 = 7,
                      timeScale: Double = 1) -> Drive {
        drive(route, start: start, noise: noise, seed: seed, timeScale: timeScale) { _, _ in Motion(speed: speed) }
    }

    /// The route's direction of travel at `along`.
    static func bearing(_ route: Route, at along: Double) -> Double {
        let g = route.geometry
        let i = min(g.count - 2, g.segmentIndex(atDistance: along))
        return GeoMath.bearing(from: g.coordinates[i], to: g.coordinates[i + 1])
    }

    /// A copy of `fix` with another fix time or position.
    static func changed(_ fix: Fix, time: Double? = nil, position: Coordinate? = nil, course: Double? = nil) -> Fix {
        Fix(time: time ?? fix.time, received: fix.received, position: position ?? fix.position, speed: fix.speed,
            course: course ?? fix.course, mode: fix.mode, status: fix.status, errors: fix.errors)
    }

    /// `fixes` as they arrive: each `latency` ± `jitter` seconds (uniform, seeded) after it was measured, in order.
    static func arriving(_ fixes: [Fix], latency: Double = 0.3, jitter: Double = 0.1, seed: UInt64 = 11) -> [Fix] {
        var rng = SeededNoise(seed: seed)
        var last = MonotonicInstant.zero
        return fixes.map { fix in
            var f = fix
            f.received = max(last, fix.received.advanced(bySeconds: latency + jitter * (2 * rng.uniform() - 1)))
            last = f.received
            return f
        }
    }

    // MARK: Runs

    /// The outcome of a run: the simulation result and the engine as it ended.
    struct Run {
        var result: GuidanceSimulation.Result
        var engine: GuidanceEngine

        var spoken: [Cue] { result.spoken }
        var skipped: [CueLogEntry] { result.log.filter { $0.event == .skipped } }
        var events: [ProgressEvent] { result.events.map(\.event) }

        /// Spoken cues of maneuver `m` and `stage`.
        func spoken(_ m: Int, _ stage: CueStage) -> [Cue] { spoken.filter { $0.maneuver == m && $0.stage == stage } }
        /// Skipped log entries of maneuver `m` and `stage`.
        func skipped(_ m: Int, _ stage: CueStage) -> [CueLogEntry] { skipped.filter { $0.maneuver == m && $0.stage == stage } }
    }

    /// Spoken seconds of a text, deterministic (the engine's own estimate; no synthesis).
    static func render(_ text: String) -> Double { CueDurations().seconds(text) }

    /// Runs the engine over `drive` with `GuidanceSimulation` (fix latency `latency` ± `jitter`).
    static func run(_ route: Route, _ drive: Drive, timing: TimingOptions = TimingOptions(),
                    progress: ProgressOptions = ProgressOptions(), audio: AudioRouteTiming = AudioRouteTiming(),
                    latency: Double = 0.3, jitter: Double = 0.1, seed: UInt64 = 1,
                    router: GuidanceSimulation.Router? = nil) -> Run {
        var engine = GuidanceEngine(route: route, progress: progress, timing: timing, audio: audio)
        var options = SimulationOptions()
        options.fixLatency = latency
        options.fixJitter = jitter
        options.seed = seed
        let result = GuidanceSimulation.run(engine: &engine, fixes: drive.fixes, options: options,
                                            render: { render($0) }, router: router)
        return Run(result: result, engine: engine)
    }

    /// Steps a `GuidanceEngine` by hand on a virtual clock: fixes and commands at chosen instants, every timer
    /// the engine asks for fired in between, rendering answered at once.
    struct Stepper {
        var engine: GuidanceEngine
        var now = MonotonicInstant.zero
        var actions: [(instant: MonotonicInstant, action: GuidanceAction)] = []

        init(_ engine: GuidanceEngine) { self.engine = engine }

        /// Fires the engine's timers up to `instant`, then moves the clock there.
        mutating func advance(to instant: MonotonicInstant) {
            while let wake = engine.nextWakeup, wake <= instant {
                now = max(now, wake)
                deliver(.tick)
            }
            now = max(now, instant)
        }

        /// Delivers `input` at `instant` (after firing the timers before it).
        mutating func send(_ input: GuidanceInput, at instant: MonotonicInstant) {
            advance(to: instant)
            deliver(input)
        }

        private mutating func deliver(_ input: GuidanceInput) {
            var pending = [input]
            while !pending.isEmpty {
                for a in engine.handle(pending.removeFirst(), at: now) {
                    actions.append((now, a))
                    if case .render(let text) = a { pending.append(.rendered(text: text, seconds: render(text))) }
                }
            }
        }

        var spoken: [Cue] { actions.compactMap { if case .speak(let c) = $0.action { return c } else { return nil } } }
        var events: [ProgressEvent] { actions.compactMap { if case .progress(let e) = $0.action { return e } else { return nil } } }
        var reroutes: [(instant: MonotonicInstant, request: RerouteRequest)] {
            actions.compactMap { if case .reroute(let r) = $0.action { return ($0.instant, r) } else { return nil } }
        }
        var logged: [CueLogEntry] { actions.compactMap { if case .logged(let e) = $0.action { return e } else { return nil } } }
    }
}

/// Seeded noise for the fixtures (RouteCue's `SplitMix64`), with a Gaussian from the sum of uniforms.
struct SeededNoise {
    private var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func uniform() -> Double { generator.nextUnit() }

    /// Approximately standard normal (Irwin–Hall of 12 uniforms).
    mutating func gaussian() -> Double {
        var s = 0.0
        for _ in 0..<12 { s += uniform() }
        return s - 6
    }
}

extension ProgressEvent {
    var isOffRoute: Bool { if case .offRoute = self { return true } else { return false } }
    var isReroute: Bool { if case .rerouteRequested = self { return true } else { return false } }
    var isArrived: Bool { if case .arrived = self { return true } else { return false } }
    var isGPSLost: Bool { if case .gpsLost = self { return true } else { return false } }
    var isGPSRegained: Bool { if case .gpsRegained = self { return true } else { return false } }
    var isBackOnRoute: Bool { if case .backOnRoute = self { return true } else { return false } }
    var isRejected: Bool { if case .fixRejected = self { return true } else { return false } }
    var reachedLeg: Int? { if case .waypointReached(let leg, _) = self { return leg } else { return nil } }
}
