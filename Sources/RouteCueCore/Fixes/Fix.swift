/// One position report from the receiver (docs/architecture.md): when the receiver measured it (UTC,
/// fix time), when RouteCue received it (monotonic), where, how fast, which way, how good.
/// Unknown values are `nil`, never NaN: the measured values are set only through `init`, which filters them.
public struct Fix: Sendable, Equatable {
    /// When the receiver measured the fix: UTC Unix seconds. `nil` when the source does not say (an NMEA
    /// stream with GGA sentences only and no date, an epoch without a time field).
    public private(set) var time: Double?
    /// When RouteCue received the fix, on the monotonic clock. Recorded input gets a virtual receive clock
    /// (see `VirtualReceiveClock`).
    public var received: MonotonicInstant
    /// The position; `nil` when `mode` is `.noFix`.
    public private(set) var position: Coordinate?
    /// Altitude above mean sea level in metres.
    public private(set) var altitudeMSL: Double?
    /// Altitude above the WGS84 ellipsoid in metres.
    public private(set) var altitudeHAE: Double?
    /// Speed over ground in m/s.
    public private(set) var speed: Double?
    /// Course over ground: geographic degrees, north 0, clockwise, in [0, 360).
    public private(set) var course: Double?
    /// Vertical speed in m/s, up positive.
    public private(set) var climb: Double?
    /// No fix, 2D or 3D.
    public private(set) var mode: FixMode
    /// How the fix was obtained (plain GPS, differential, RTK, dead reckoning…).
    public private(set) var status: FixStatus
    /// The error estimates the source gives, and where the horizontal one comes from.
    public private(set) var errors: FixErrorEstimates
    /// Satellites used in the solution, where known.
    public private(set) var satellitesUsed: Int?

    /// Creates a fix; every measured quantity is optional and non-finite values become `nil`.
    public init(time: Double? = nil, received: MonotonicInstant, position: Coordinate? = nil,
                altitudeMSL: Double? = nil, altitudeHAE: Double? = nil, speed: Double? = nil, course: Double? = nil,
                climb: Double? = nil, mode: FixMode, status: FixStatus, errors: FixErrorEstimates = FixErrorEstimates(),
                satellitesUsed: Int? = nil) {
        self.time = time.finite
        self.received = received
        self.position = position.flatMap { $0.isValid ? $0 : nil }
        self.altitudeMSL = altitudeMSL.finite
        self.altitudeHAE = altitudeHAE.finite
        self.speed = speed.finite
        self.course = course.finite.flatMap(Course.normalized)
        self.climb = climb.finite
        self.mode = mode
        self.status = status
        self.errors = errors
        self.satellitesUsed = satellitesUsed
    }
}

/// The fix dimension, as gpsd's TPV `mode`.
public enum FixMode: Int, Sendable, Equatable, Codable {
    /// No position (gpsd modes 0 "unknown" and 1 "no fix").
    case noFix = 1
    /// Latitude and longitude only.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3

    /// The mode for a gpsd TPV `mode` value (0 and unknown values mean no fix).
    public init(gpsdMode: Int) {
        switch gpsdMode {
        case 2: self = .twoD
        case 3: self = .threeD
        default: self = .noFix
        }
    }
}

/// How a fix was obtained, as gpsd's TPV `status` (STATUS_* in gps.h, API 11+).
public enum FixStatus: String, Sendable, Equatable, Codable {
    /// Not said (gpsd 0).
    case unknown
    /// Plain GNSS (gpsd 1; NMEA GGA quality 1, RMC mode A).
    case gps
    /// Differential GNSS: DGPS or SBAS (gpsd 2; GGA quality 2, RMC mode D).
    case dgps
    /// RTK with fixed integers (gpsd 3; GGA quality 4, RMC mode R).
    case rtkFixed
    /// RTK with float integers (gpsd 4; GGA quality 5, RMC mode F).
    case rtkFloat
    /// Dead reckoning only (gpsd 5; GGA quality 6, RMC mode E).
    case deadReckoning
    /// GNSS combined with dead reckoning (gpsd 6).
    case gnssDeadReckoning
    /// Surveyed-in, time-only receiver (gpsd 7).
    case timeOnly
    /// Simulated (gpsd 8; GGA quality 8, RMC mode S).
    case simulated
    /// Precise positioning service, P(Y) code (gpsd 9; GGA quality 3, RMC mode P).
    case pps
    /// Position entered by hand (GGA quality 7, RMC mode M; gpsd has no code for it).
    case manual

    /// The status for a gpsd TPV `status` value.
    public init(gpsdStatus: Int) {
        switch gpsdStatus {
        case 1: self = .gps
        case 2: self = .dgps
        case 3: self = .rtkFixed
        case 4: self = .rtkFloat
        case 5: self = .deadReckoning
        case 6: self = .gnssDeadReckoning
        case 7: self = .timeOnly
        case 8: self = .simulated
        case 9: self = .pps
        default: self = .unknown
        }
    }
}

extension Optional where Wrapped == Double {
    /// The value when it is finite, otherwise nil: NaN and infinities never escape into a `Fix`.
    var finite: Double? {
        if let v = self, v.isFinite { return v }
        return nil
    }
}
