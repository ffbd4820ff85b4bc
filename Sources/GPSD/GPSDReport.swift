/// What gpsd reports to a watching client, translated from libgps's `gps_data_t` (NaN becomes nil).
public enum GPSDReport: Sendable, Equatable {
    /// A TPV (time-position-velocity) report.
    case tpv(GPSDFix)
    /// A DEVICE report: a receiver appeared, changed or went away (`activated` false: gpsd stopped reading it).
    case device(path: String, activated: Bool)
    /// The DEVICES list gpsd sends when the watch starts: the receivers it reads now.
    case devices([String])
    /// gpsd's VERSION banner.
    case version(release: String, protocol: String)
    /// Another report class RouteCue does not use (WATCH, SKY, …).
    case other(className: String)
}

/// gpsd's fix mode (TPV `mode`).
public enum GPSDMode: Int, Sendable, Equatable {
    /// Mode not seen yet (0).
    case notSeen = 0
    /// No fix (1).
    case noFix = 1
    /// Latitude and longitude (2).
    case twoD = 2
    /// With altitude (3).
    case threeD = 3
}

/// One TPV report's fields (libgps 3.22 `struct gps_fix_t`); unknown values are nil.
public struct GPSDFix: Sendable, Equatable {
    /// The receiver device that produced it.
    public var device: String
    /// No fix, 2D, 3D.
    public var mode: GPSDMode
    /// gpsd's fix status code (`STATUS_*`: 0 unknown, 1 GPS, 2 DGPS, …).
    public var status: Int
    /// UTC Unix seconds of the fix, when the report has a time.
    public var time: Double?
    /// Degrees.
    public var latitude: Double?
    /// Degrees.
    public var longitude: Double?
    /// Metres above mean sea level.
    public var altitudeMSL: Double?
    /// Metres above the WGS84 ellipsoid.
    public var altitudeHAE: Double?
    /// Metres per second over ground.
    public var speed: Double?
    /// Degrees from true north, clockwise.
    public var track: Double?
    /// Metres per second, up positive.
    public var climb: Double?
    /// Estimated horizontal position error, metres (gpsd `eph`).
    public var eph: Double?
    /// Longitude and latitude errors, metres (`epx`, `epy`).
    public var epx: Double?
    public var epy: Double?
    /// Vertical error, metres (`epv`).
    public var epv: Double?
    /// Speed error, m/s (`eps`).
    public var eps: Double?
    /// Track error, degrees (`epd`).
    public var epd: Double?
    /// Time error, seconds (`ept`).
    public var ept: Double?

    /// A fix with these values.
    public init(device: String = "", mode: GPSDMode, status: Int = 0, time: Double? = nil, latitude: Double? = nil,
                longitude: Double? = nil, altitudeMSL: Double? = nil, altitudeHAE: Double? = nil, speed: Double? = nil,
                track: Double? = nil, climb: Double? = nil, eph: Double? = nil, epx: Double? = nil, epy: Double? = nil,
                epv: Double? = nil, eps: Double? = nil, epd: Double? = nil, ept: Double? = nil) {
        self.device = device
        self.mode = mode
        self.status = status
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.altitudeHAE = altitudeHAE
        self.speed = speed
        self.track = track
        self.climb = climb
        self.eph = eph
        self.epx = epx
        self.epy = epy
        self.epv = epv
        self.eps = eps
        self.epd = epd
        self.ept = ept
    }
}
