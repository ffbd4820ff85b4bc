/// A proleptic Gregorian calendar date (UTC), convertible to and from days since 1970-01-01.
public struct CivilDate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The year, e.g. 2010.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Seconds in a UTC day (leap seconds are not counted, as in Unix time).
    public static let secondsPerDay = 86_400.0

    /// The years a date may have: four digits, as ISO 8601 writes them. Much larger years would overflow
    /// `daysSinceEpoch`.
    public static let years = 0...9999

    /// Creates a date, or nil when the day does not exist (30 February, month 13…) or the year is outside `years`.
    public init?(year: Int, month: Int, day: Int) {
        guard CivilDate.years.contains(year), (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before it). Howard Hinnant's `civil_from_days`; the year
    /// is not checked against `years` (callers pass days of a representable date, as `ISO8601.format` does).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Decodes `{"year":…,"month":…,"day":…}`, rejecting a day that does not exist as `init(year:month:day:)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let year = try c.decode(Int.self, forKey: .year), month = try c.decode(Int.self, forKey: .month)
        let day = try c.decode(Int.self, forKey: .day)
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: "no such date: \(year)-\(month)-\(day)"))
        }
        self = date
    }

    private enum CodingKeys: String, CodingKey { case year, month, day }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Unix seconds at 00:00:00 UTC of this date.
    public var unixSeconds: Double { Double(daysSinceEpoch) * CivilDate.secondsPerDay }

    /// The number of days in a month.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(Self.zeroPadded(year, width: 4))-\(Self.zeroPadded(month, width: 2))-\(Self.zeroPadded(day, width: 2))"
    }

    /// `value` in decimal with leading zeros up to `width` digits (`7` → `"07"`).
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
