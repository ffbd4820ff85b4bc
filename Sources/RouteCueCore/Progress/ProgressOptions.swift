/// Tunables of route progress: matching, prediction, outage, off-route and arrival. Defaults are what a car
/// head unit wants; `config/routecue.json` documents each one.
public struct ProgressOptions: Sendable, Equatable {
    /// The receiver-to-RouteCue delay of the fastest fixes, in seconds (see `FixClock`).
    public var fixLatencyFloorSeconds = 0.2
    /// A fix more than this many seconds after the previous one starts a GPS outage.
    public var outageAfterSeconds = 2.5
    /// Through an outage, progress is predicted from the last speed for at most this long; then it stops.
    public var maxPredictionSeconds = 45.0
    /// Cues that speak a distance wait once this many seconds have passed without a fix: the prediction can no
    /// longer vouch for the number (they are spoken when fixes return, if still true).
    public var outageSpeakSeconds = 5.0
    /// Through an outage the car may be ahead of the prediction by ½·a·t² (t: seconds since the last fix) with
    /// this acceleration (m/s², the p50–p90 of the speed-ups in the GENIVI and Delft drives); action cues come
    /// earlier by that much.
    public var outageAcceleration = 0.6
    /// The most that margin grows to (metres).
    public var outageMarginMaximum = 200.0
    /// Minimum corridor half-width in metres; the corridor is max(this, `corridorErrorFactor` × eph).
    public var corridorMinimumMetres = 25.0
    /// Multiple of the fix's horizontal error that widens the corridor.
    public var corridorErrorFactor = 3.0
    /// Seconds a position must stay outside the corridor before guidance goes off route.
    public var offRouteSeconds = 3.0
    /// Course difference (degrees) from the route that counts as a disagreeing heading.
    public var offRouteHeadingDegrees = 45.0
    /// Outside the corridor by this multiple, the heading is not needed (a parallel road, a car park).
    public var offRouteFarFactor = 3.0
    /// Back on route: inside this fraction of the corridor, heading agreeing, for `backOnRouteFixes` fixes.
    public var backOnRouteCorridorFraction = 0.6
    /// Consecutive agreeing fixes needed to come back on route.
    public var backOnRouteFixes = 2
    /// A course opposite to the route (more than this many degrees) while moving is a U-turn.
    public var wrongWayDegrees = 135.0
    /// Seconds of driving the wrong way before it counts as a real U-turn (off route, reroute).
    public var wrongWaySeconds = 4.0
    /// First wait before repeating a reroute request while still off route; it doubles each time.
    public var rerouteBackoffSeconds = 10.0
    /// The longest wait between reroute requests.
    public var rerouteBackoffMaxSeconds = 60.0
    /// Passing within this many metres of a waypoint, or passing it along the route, reaches it.
    public var arrivalRadiusMetres = 25.0
    /// Passing an intermediate waypoint within this many metres in a straight line also reaches it (graphhopper-maps
    /// uses 50 m), so a via point beside the road is not missed.
    public var viaPassMetres = 50.0
    /// A fix this many metres (beyond its error and the motion since the last one) from where the car must be
    /// is an outlier; `outlierConfirmFixes` consecutive outliers that agree with each other are believed.
    public var outlierMetres = 60.0
    /// Outliers in a row, agreeing with each other, after which they are taken as the truth.
    public var outlierConfirmFixes = 3
    /// Below this speed (m/s) the car counts as standing: no heading is trusted, time-based stages wait.
    public var standingSpeed = 0.7

    /// The defaults.
    public init() {}
}
