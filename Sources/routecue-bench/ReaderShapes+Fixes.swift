import Foundation
import RouteCueCore

extension ReaderShapes {
    /// Recorded-fix files through `FixReader` (`routecue simulate --fixes`, `routecue fixes inspect`).
    static var fixes: [ReaderShape] {
        let read: ([UInt8]) throws -> Void = { _ = try FixReader.read($0, name: "bench") }
        return [
            ReaderShape(reader: "NMEA", shape: "many RMC+GGA epochs", make: { scale in
                var text = ""
                for (i, p) in stairs(3_000 * scale).enumerated() {
                    let time = clock(i), lat = nmeaAngle(p.latitude, 2), lon = nmeaAngle(p.longitude, 3)
                    text += nmea("GPRMC,\(time),A,\(lat),N,\(lon),E,38.9,90.0,290326,,,A")
                    text += nmea("GPGGA,\(time),\(lat),N,\(lon),E,1,08,0.9,100.0,M,47.0,M,,")
                }
                return Array(text.utf8)
            }, read: read),
            ReaderShape(reader: "NMEA", shape: "long TXT sentences (900 bytes)", make: { scale in
                var text = nmea("GPRMC,100000.00,A,5000.0000,N,00800.0000,E,38.9,90.0,290326,,,A")
                let words = String(repeating: "word ", count: 180)
                for _ in 0..<(300 * scale) { text += nmea("GPTXT,01,01,02,\(words)") }
                return Array(text.utf8)
            }, read: read),
            ReaderShape(reader: "gpsd JSON", shape: "many TPV reports", make: { scale in
                var text = ""
                for (i, p) in stairs(3_000 * scale).enumerated() {
                    text += String(format: #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"%@","lat":%.7f,"lon":%.7f,"alt":100.0,"speed":10.0,"track":90.0,"eph":5.0}"#,
                                   isoTime(i), p.latitude, p.longitude) + "\n"
                }
                return Array(text.utf8)
            }, read: read),
            ReaderShape(reader: "GPX track", shape: "many trkpts with time", make: { scale in
                var body = "<trk><trkseg>"
                for (i, p) in stairs(3_000 * scale).enumerated() { body += "<trkpt \(latLon(p))><ele>100.0</ele><time>\(isoTime(i))</time></trkpt>" }
                return gpx(body + "</trkseg></trk>")
            }, read: read),
        ]
    }

    /// `$body*HH` with its checksum, and CR LF.
    static func nmea(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", sum))\r\n"
    }

    /// `hhmmss.00` of second `i` after 10:00:00.
    static func clock(_ i: Int) -> String {
        let s = 36_000 + i
        return String(format: "%02d%02d%02d.00", s / 3600 % 24, s / 60 % 60, s % 60)
    }

    /// ISO 8601 UTC of second `i` after 2026-03-29T10:00:00Z.
    static func isoTime(_ i: Int) -> String {
        let s = 36_000 + i
        return String(format: "2026-03-%02dT%02d:%02d:%02dZ", 29 + s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60)
    }

    /// An angle as NMEA `dddmm.mmmm` with `degreeDigits` digits of whole degrees.
    static func nmeaAngle(_ degrees: Double, _ degreeDigits: Int) -> String {
        let whole = Int(degrees)
        let minutes = (degrees - Double(whole)) * 60
        return String(format: "%0\(degreeDigits)d%07.4f", whole, minutes)
    }
}
