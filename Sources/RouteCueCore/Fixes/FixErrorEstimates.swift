/// The error estimates of a fix, named as gpsd names them (all in metres, m/s, degrees or seconds, at gpsd's
/// ~95 % confidence). `nil` where the source gives nothing; never NaN (values are set only through `init`).
public struct FixErrorEstimates: Sendable, Equatable {
    /// Horizontal position error in metres (`eph`). See `horizontalOrigin` for where it comes from.
    public private(set) var horizontal: Double?
    /// Longitude (east-west) error in metres (`epx`).
    public private(set) var longitude: Double?
    /// Latitude (north-south) error in metres (`epy`).
    public private(set) var latitude: Double?
    /// Vertical (altitude) error in metres (`epv`).
    public private(set) var vertical: Double?
    /// Speed error in m/s (`eps`).
    public private(set) var speed: Double?
    /// Course error in degrees (`epd`).
    public private(set) var course: Double?
    /// Time error in seconds (`ept`).
    public private(set) var time: Double?
    /// The horizontal dilution of precision, where the source gives it (NMEA GGA, GPX `hdop`).
    public private(set) var hdop: Double?
    /// Where `horizontal` comes from; `nil` when `horizontal` is nil.
    public private(set) var horizontalOrigin: ErrorEstimateOrigin?

    /// gpsd's user equivalent range error for a fix without differential corrections: `eph = hdop × 19 m`
    /// (gpsd's `P_UERE_NO_DGPS`, 95 % confidence). gpsd applies the same model to NMEA input.
    public static let hdopToHorizontalMetres = 19.0

    /// Creates error estimates; non-finite values become nil.
    public init(horizontal: Double? = nil, longitude: Double? = nil, latitude: Double? = nil, vertical: Double? = nil,
                speed: Double? = nil, course: Double? = nil, time: Double? = nil, hdop: Double? = nil,
                horizontalOrigin: ErrorEstimateOrigin? = nil) {
        self.horizontal = horizontal.finite
        self.longitude = longitude.finite
        self.latitude = latitude.finite
        self.vertical = vertical.finite
        self.speed = speed.finite
        self.course = course.finite
        self.time = time.finite
        self.hdop = hdop.finite
        self.horizontalOrigin = self.horizontal == nil ? nil : (horizontalOrigin ?? .receiver)
    }

    /// Estimates from an HDOP alone (NMEA, GPX): `horizontal` is `hdop × hdopToHorizontalMetres`, marked
    /// `.derivedFromHDOP`. An HDOP of zero or less is treated as unknown.
    public static func fromHDOP(_ hdop: Double?) -> FixErrorEstimates {
        guard let hdop = hdop.finite, hdop > 0 else { return FixErrorEstimates() }
        return FixErrorEstimates(horizontal: hdop * hdopToHorizontalMetres, hdop: hdop, horizontalOrigin: .derivedFromHDOP)
    }
}

/// Where a horizontal error estimate comes from.
public enum ErrorEstimateOrigin: String, Sendable, Equatable, Codable {
    /// The receiver or gpsd reported it (gpsd TPV `eph`).
    case receiver
    /// RouteCue computed it from the HDOP with gpsd's UERE model (`FixErrorEstimates.hdopToHorizontalMetres`).
    case derivedFromHDOP
}
