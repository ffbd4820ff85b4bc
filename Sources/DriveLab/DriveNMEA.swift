import Foundation
import RouteCueCore

extension GeneratedDrive {
    /// The fixes as an NMEA 0183 log: per fix a dated `$GPRMC` and a `$GPGGA` (quality 1, satellites, HDOP,
    /// altitude), with valid checksums and CRLF line ends, so `routecue` and `gpsfake` can replay the drive.
    /// Positions are written to a millionth of a minute (under 2 mm), times to a hundredth of a second.
    public func nmeaText() -> String {
        var out = ""
        out.reserveCapacity(fixes.count * 150)
        for fix in fixes { out += DriveNMEA.sentences(for: fix) }
        return out
    }
}

/// Writes one fix as NMEA sentences.
public enum DriveNMEA {
    /// The RMC and GGA lines (CRLF-terminated) for `fix`; nothing for a fix without time or position.
    public static func sentences(for fix: Fix) -> String {
        guard let time = fix.time, let position = fix.position else { return "" }
        let centiseconds = Int((time * 100).rounded())
        let days = centiseconds >= 0 ? centiseconds / 8_640_000 : (centiseconds - 8_639_999) / 8_640_000
        let inDay = centiseconds - days * 8_640_000
        let date = CivilDate(daysSinceEpoch: days)
        let clock = String(format: "%02d%02d%02d.%02d", inDay / 360_000, inDay / 6000 % 60, inDay / 100 % 60, inDay % 100)
        let dateField = String(format: "%02d%02d%02d", date.day, date.month, date.year % 100)
        let lat = angle(position.latitude, degreeDigits: 2, positive: "N", negative: "S")
        let lon = angle(position.longitude, degreeDigits: 3, positive: "E", negative: "W")
        let knots = (fix.speed ?? 0) / (1852.0 / 3600.0)
        let course = fix.course.map { String(format: "%.2f", $0) } ?? ""
        let rmc = "GPRMC,\(clock),A,\(lat),\(lon),\(String(format: "%.3f", knots)),\(course),\(dateField),,,A"
        let hdop = fix.errors.hdop.map { String(format: "%.2f", $0) } ?? ""
        let altitude = fix.altitudeMSL.map { String(format: "%.1f", $0) } ?? ""
        let satellites = fix.satellitesUsed.map { String(format: "%02d", $0) } ?? ""
        let gga = "GPGGA,\(clock),\(lat),\(lon),1,\(satellites),\(hdop),\(altitude),M,,M,,"
        return line(rmc) + line(gga)
    }

    /// `$body*CS\r\n` with the XOR checksum of `body`.
    public static func line(_ body: String) -> String {
        var checksum: UInt8 = 0
        for byte in body.utf8 { checksum ^= byte }
        return "$" + body + "*" + String(format: "%02X", checksum) + "\r\n"
    }

    /// `ddmm.mmmmmm,H` (latitude) or `dddmm.mmmmmm,H` (longitude).
    static func angle(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let microMinutes = Int((abs(value) * 60_000_000).rounded())
        let degrees = microMinutes / 60_000_000
        let rest = microMinutes % 60_000_000
        let text = String(format: "%0\(degreeDigits)d%02d.%06d", degrees, rest / 1_000_000, rest % 1_000_000)
        return text + "," + (value < 0 ? negative : positive)
    }
}
