/// The fields of an RMC sentence (recommended minimum: time, status, position, speed, course, date).
struct RMCRecord {
    var timeOfDay: Double?
    var valid: Bool
    var position: Coordinate?
    var speed: Double?
    var course: Double?
    var date: CivilDate?
    /// NMEA 2.3 FAA mode indicator (`A`, `D`, `E`, `F`, `M`, `N`, `P`, `R`, `S`), when present.
    var modeIndicator: UInt8?

    init(_ s: NMEASentence) throws(FieldProblem) {
        timeOfDay = try NMEAFields.timeOfDay(s.field(1)).get()
        let status = s.field(2)
        valid = status.count == 1 && status.first == UInt8(ascii: "A")
        let lat = try NMEAFields.angle(s.field(3), s.field(4), latitude: true).get()
        let lon = try NMEAFields.angle(s.field(5), s.field(6), latitude: false).get()
        if let lat, let lon { position = Coordinate(latitude: lat, longitude: lon) }
        speed = try NMEAFields.number(s.field(7), "speed").get().map { $0 * NMEAFields.knotsToMetresPerSecond }
        course = try NMEAFields.number(s.field(8), "course").get()
        date = try NMEAFields.date(s.field(9)).get()
        modeIndicator = s.field(12).count == 1 ? s.field(12).first : nil
        if modeIndicator == UInt8(ascii: "N") { valid = false }
    }

    /// The fix status the mode indicator gives (plain GPS when there is none).
    var status: FixStatus {
        switch modeIndicator {
        case UInt8(ascii: "D"): return .dgps
        case UInt8(ascii: "E"): return .deadReckoning
        case UInt8(ascii: "F"): return .rtkFloat
        case UInt8(ascii: "R"): return .rtkFixed
        case UInt8(ascii: "P"): return .pps
        case UInt8(ascii: "M"): return .manual
        case UInt8(ascii: "S"): return .simulated
        default: return .gps
        }
    }
}

/// The fields of a GGA sentence (fix data: time, position, quality, satellites, HDOP, altitude).
struct GGARecord {
    var timeOfDay: Double?
    var position: Coordinate?
    var quality: Int?
    var satellites: Int?
    var hdop: Double?
    var altitudeMSL: Double?
    var geoidSeparation: Double?

    init(_ s: NMEASentence) throws(FieldProblem) {
        timeOfDay = try NMEAFields.timeOfDay(s.field(1)).get()
        let lat = try NMEAFields.angle(s.field(2), s.field(3), latitude: true).get()
        let lon = try NMEAFields.angle(s.field(4), s.field(5), latitude: false).get()
        if let lat, let lon { position = Coordinate(latitude: lat, longitude: lon) }
        quality = try NMEAFields.integer(s.field(6), "fix quality").get()
        satellites = try NMEAFields.integer(s.field(7), "satellite count").get()
        hdop = try NMEAFields.number(s.field(8), "HDOP").get()
        altitudeMSL = try NMEAFields.number(s.field(9), "altitude").get()
        geoidSeparation = try NMEAFields.number(s.field(11), "geoid separation").get()
    }

    /// True when the quality says there is a position (quality 1–8).
    var valid: Bool { (quality ?? 0) > 0 && position != nil }

    /// The fix status for the GGA quality indicator.
    var status: FixStatus {
        switch quality {
        case 1: return .gps
        case 2: return .dgps
        case 3: return .pps
        case 4: return .rtkFixed
        case 5: return .rtkFloat
        case 6: return .deadReckoning
        case 7: return .manual
        case 8: return .simulated
        default: return .unknown
        }
    }
}

/// Garmin's `PGRME` estimated position errors (horizontal, vertical, spherical; metres). Garmin does not say
/// what confidence they are; like gpsd we take them as 50 % CEP and scale them to gpsd's 95 %
/// (`CEP95_SIGMA / CEP50_SIGMA` = 2.45 / 1.18), splitting the horizontal one evenly into `epx`/`epy`.
struct PGRMERecord {
    /// gpsd's scale from Garmin's (assumed CEP50) figures to its 95 % reports.
    static let scale = 2.45 / 1.18

    var horizontal: Double?
    var vertical: Double?

    init(_ s: NMEASentence) throws(FieldProblem) {
        let metres = Array("M".utf8)
        guard s.field(2).elementsEqual(metres), s.field(4).elementsEqual(metres) else {
            throw FieldProblem("PGRME units are not metres")
        }
        horizontal = try NMEAFields.number(s.field(1), "horizontal error").get()
        vertical = try NMEAFields.number(s.field(3), "vertical error").get()
    }

    /// The error estimates, keeping the GGA's HDOP alongside.
    func estimates(hdop: Double?) -> FixErrorEstimates {
        let h = horizontal.map { $0 * PGRMERecord.scale }
        let axis = h.map { $0 / 2.0.squareRoot() }
        return FixErrorEstimates(horizontal: h, longitude: axis, latitude: axis, vertical: vertical.map { $0 * PGRMERecord.scale },
                                 hdop: hdop, horizontalOrigin: .receiver)
    }
}
