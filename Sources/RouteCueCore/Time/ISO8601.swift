/// A small parser for ISO 8601 / RFC 3339 timestamps as GPX and gpsd write them:
/// `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]`. A missing zone is taken as UTC (GPX 1.0 files omit it).
public enum ISO8601 {
    /// Unix seconds for `text`, or nil when it is not such a timestamp or names an impossible date or time.
    public static func unixSeconds(_ text: String) -> Double? {
        unixSeconds(Array(text.utf8)[...])
    }

    /// Unix seconds for the bytes of a timestamp (surrounding spaces allowed), or nil.
    public static func unixSeconds(_ bytes: ArraySlice<UInt8>) -> Double? {
        var s = bytes
        while let f = s.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { s = s.dropFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 || l == 0x0A || l == 0x0D { s = s.dropLast() }
        var i = s.startIndex
        func digits(_ n: Int) -> Int? {
            guard s.endIndex - i >= n else { return nil }
            var v = 0
            for k in i..<(i + n) {
                let d = Int(s[k]) - 48
                guard d >= 0, d <= 9 else { return nil }
                v = v * 10 + d
            }
            i += n
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < s.endIndex, s[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              let date = CivilDate(year: year, month: month, day: day) else { return nil }
        guard i < s.endIndex, s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2),
              hour <= 24, minute <= 59, second <= 60 else { return nil }
        var fraction = 0.0
        if i < s.endIndex, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
            i += 1
            var mantissa = 0
            var divisor = 1.0
            var any = false
            while i < s.endIndex, s[i] >= 48, s[i] <= 57 {
                if divisor < 1e15 {
                    mantissa = mantissa * 10 + Int(s[i] - 48)
                    divisor *= 10
                }
                any = true
                i += 1
            }
            fraction = Double(mantissa) / divisor
            guard any else { return nil }
        }
        var offsetSeconds = 0
        if i < s.endIndex {
            let c = s[i]
            if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
                i += 1
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                i += 1
                guard let oh = digits(2) else { return nil }
                _ = expect(":")
                guard let om = digits(2), oh <= 23, om <= 59 else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (c == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == s.endIndex else { return nil }
        if hour == 24 && (minute != 0 || second != 0 || fraction != 0) { return nil }
        let whole = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(whole) + fraction
    }

    /// Unix seconds at 0000-01-01T00:00:00Z and at 10000-01-01T00:00:00Z: the span four-digit years cover.
    static let representableSeconds = -62_167_219_200.0..<253_402_300_800.0

    /// Formats Unix seconds as `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC, milliseconds). A value outside years 0000–9999,
    /// or not finite, has no such form and is written as plain seconds (`1e+300 s`), never trapping: fix times
    /// are data (a gpsd JSON `time` may be any number).
    public static func format(_ unixSeconds: Double) -> String {
        guard representableSeconds.contains(unixSeconds) else { return "\(unixSeconds) s" }
        let millis = Int((unixSeconds * 1000).rounded(.down))
        let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let inDay = millis - days * 86_400_000
        let date = CivilDate(daysSinceEpoch: days)
        func pad(_ v: Int, _ n: Int) -> String { CivilDate.zeroPadded(v, width: n) }
        let h = inDay / 3_600_000, m = inDay / 60_000 % 60, sec = inDay / 1000 % 60, ms = inDay % 1000
        return "\(date)T\(pad(h, 2)):\(pad(m, 2)):\(pad(sec, 2)).\(pad(ms, 3))Z"
    }
}
