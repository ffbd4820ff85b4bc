import RouteCueCore
import TestSupport
import XCTest

/// Drives a `GuidanceEngine` by hand on a manual monotonic clock for the graphhopper-maps navigation cases:
/// fixes at given positions, `.tick` at every `nextWakeup` in between, `.render` answered with
/// `CueDurations().seconds`, and everything the engine says recorded in order.
struct GraphHopperNavigationDrive {
    /// The folder of graphhopper-maps' own test routes in the shared data.
    static let folder = "routes/graphhopper/graphhopper-maps/"

    /// Reads one of graphhopper-maps' test routes.
    static func route(_ file: String) throws -> Route {
        let path = folder + file
        return try RouteReader.read(SharedData.bytes(path), name: path)
    }

    /// The engine under test.
    var engine: GuidanceEngine
    /// The manual monotonic clock, in seconds.
    private(set) var now: Double = 0
    /// Cues spoken, in order.
    private(set) var spoken: [Cue] = []
    /// Reroute requests, in order, with the clock reading when each was asked for.
    private(set) var reroutes: [(at: Double, request: RerouteRequest)] = []
    /// Progress events, in order.
    private(set) var events: [ProgressEvent] = []
    /// Stages skipped, with their reasons.
    private(set) var logged: [CueLogEntry] = []

    /// A drive on `route` with the default options.
    init(route: Route, progress: ProgressOptions = ProgressOptions(), timing: TimingOptions = TimingOptions()) {
        engine = GuidanceEngine(route: route, progress: progress, timing: timing)
    }

    /// The texts spoken so far.
    var spokenTexts: [String] { spoken.map(\.text) }

    /// Lets time pass up to `seconds` on the clock, ticking at every wakeup the engine asks for.
    mutating func advance(to seconds: Double) {
        var guardCount = 0
        while let wake = engine.nextWakeup, wake.seconds <= seconds, guardCount < 10_000 {
            guardCount += 1
            now = max(now, wake.seconds)
            take(engine.handle(.tick, at: MonotonicInstant(seconds: now)), at: now)
        }
        now = max(now, seconds)
    }

    /// Delivers a fix at clock reading `at` (after ticking up to it): position, speed m/s, heading degrees.
    mutating func fix(at seconds: Double, _ latitude: Double, _ longitude: Double, speed: Double, heading: Double,
                      horizontalError: Double = 5) {
        advance(to: seconds)
        let fix = Fix(time: 1_700_000_000 + seconds, received: MonotonicInstant(seconds: seconds),
                      position: Coordinate(latitude: latitude, longitude: longitude), speed: speed, course: heading,
                      mode: .threeD, status: .gps, errors: FixErrorEstimates(horizontal: horizontalError))
        take(engine.handle(.fix(fix), at: MonotonicInstant(seconds: now)), at: now)
    }

    /// Drives the engine's current route from `from` to `to` metres along it at `speed` m/s, one fix per second
    /// starting at clock reading `start`, heading along the geometry; returns the clock reading of the last fix.
    @discardableResult
    mutating func driveAlongRoute(from: Double, to: Double, speed: Double, start: Double) -> Double {
        let geometry = engine.route.geometry
        var t = start, s = from
        while true {
            let i = geometry.segmentIndex(atDistance: min(s, geometry.length - 0.01))
            let heading = GeoMath.bearing(from: geometry.coordinates[i], to: geometry.coordinates[i + 1])
            let p = geometry.coordinate(atDistance: s)
            fix(at: t, p.latitude, p.longitude, speed: speed, heading: heading)
            if s >= to { return t }
            s = min(to, s + speed)
            t += 1
        }
    }

    /// `count` fixes one second apart from clock reading `start`, moving from `origin` on `bearing` at `speed` m/s
    /// (speed 0 keeps reporting the same place with the case's `reportedSpeed`); returns the last clock reading.
    @discardableResult
    mutating func driveStraight(from origin: Coordinate, bearing: Double, speed: Double, reportedSpeed: Double? = nil,
                                start: Double, count: Int) -> Double {
        var t = start
        for k in 0..<count {
            let p = GeoMath.destination(from: origin, bearing: bearing, distance: speed * Double(k))
            fix(at: t, p.latitude, p.longitude, speed: reportedSpeed ?? speed, heading: bearing)
            t += 1
        }
        return t - 1
    }

    /// Spoken cues of `kind`.
    func spoken(_ kind: CueKind) -> [Cue] { spoken.filter { $0.kind == kind } }

    /// Metres along `route` of the point nearest `position` within `window` (no heading), for placing a case's
    /// fix on the drive.
    static func along(_ latitude: Double, _ longitude: Double, on route: Route, window: ClosedRange<Double>) -> Double {
        RouteMatcher.match(Coordinate(latitude: latitude, longitude: longitude), course: nil, on: route.geometry,
                           window: window, expectedAlong: nil)?.distanceAlong ?? .nan
    }

    /// Gives the engine a new route (a reroute's answer) now.
    mutating func newRoute(_ route: Route) {
        take(engine.handle(.newRoute(route), at: MonotonicInstant(seconds: now)), at: now)
    }

    /// Asks to skip the next destination now.
    mutating func skipToNextDestination() {
        take(engine.handle(.skipToNextDestination, at: MonotonicInstant(seconds: now)), at: now)
    }

    /// The engine's progress estimate now.
    var estimate: ProgressEstimate { engine.progress.estimate(at: MonotonicInstant(seconds: now)) }

    private mutating func take(_ actions: [GuidanceAction], at seconds: Double) {
        for action in actions {
            switch action {
            case .speak(let cue): spoken.append(cue)
            case .logged(let entry): logged.append(entry)
            case .reroute(let request): reroutes.append((seconds, request))
            case .progress(let event): events.append(event)
            case .render(let text):
                let more = engine.handle(.rendered(text: text, seconds: CueDurations().seconds(text)),
                                         at: MonotonicInstant(seconds: seconds))
                take(more, at: seconds)
            }
        }
    }
}
