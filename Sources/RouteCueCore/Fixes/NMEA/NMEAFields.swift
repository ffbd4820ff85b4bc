/// Decoders for the NMEA 0183 field types RMC and GGA use. Each returns `.success(nil)` for an empty field
/// and `.failure(reason)` for a malformed one.
enum NMEAFields {
    /// Knots to metres per second (1852 m / 3600 s).
    static let knotsToMetresPerSecond = 1852.0 / 3600.0

    /// `hhmmss[.sss]` as seconds since midnight.
    static func timeOfDay(_ f: ArraySlice<UInt8>) -> Result<Double?, FieldProblem> {
        guard !f.isEmpty else { return .success(nil) }
        // Two digits of seconds: `1234.5` or `1234+5` is no time, not 12:34:00.5 or 12:34:05.
        guard f.count >= 6, isDigit(f[f.startIndex + 4]), isDigit(f[f.startIndex + 5]), let hh = ASCIINumber.int(f.prefix(2)), let mm = ASCIINumber.int(f.dropFirst(2).prefix(2)),
              let ss = ASCIINumber.double(f.dropFirst(4)), hh < 24, mm < 60, ss >= 0, ss < 61 else {
            return .failure(FieldProblem("bad UTC time '\(TextLines.preview(f))'"))
        }
        return .success(Double(hh * 3600 + mm * 60) + ss)
    }

    /// `ddmmyy` as a date; two-digit years 80–99 are 1980–1999, 00–79 are 2000–2079.
    static func date(_ f: ArraySlice<UInt8>) -> Result<CivilDate?, FieldProblem> {
        guard !f.isEmpty else { return .success(nil) }
        guard f.count == 6, let dd = ASCIINumber.int(f.prefix(2)), let mo = ASCIINumber.int(f.dropFirst(2).prefix(2)),
              let yy = ASCIINumber.int(f.dropFirst(4)),
              let date = CivilDate(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: mo, day: dd) else {
            return .failure(FieldProblem("bad date '\(TextLines.preview(f))'"))
        }
        return .success(date)
    }

    /// A `ddmm.mmmm`/`dddmm.mmmm` angle with its hemisphere letter as signed degrees; both empty is `nil`.
    /// The whole degrees and minutes must be there (3–4 digits before the point for latitude, 3–5 for
    /// longitude): a receiver that cuts the field short (`03` instead of `00138.8013`) still sends a valid
    /// checksum, and that position would be off by tens of kilometres.
    static func angle(_ value: ArraySlice<UInt8>, _ hemisphere: ArraySlice<UInt8>, latitude: Bool) -> Result<Double?, FieldProblem> {
        if value.isEmpty && hemisphere.isEmpty { return .success(nil) }
        let what = latitude ? "latitude" : "longitude"
        let integerDigits = (value.firstIndex(of: UInt8(ascii: ".")) ?? value.endIndex) - value.startIndex
        guard integerDigits >= 3, integerDigits <= (latitude ? 4 : 5), isDigit(value[value.startIndex]),
              let raw = ASCIINumber.double(value), raw >= 0, hemisphere.count == 1 else {
            return .failure(FieldProblem("bad \(what) '\(TextLines.preview(value)),\(TextLines.preview(hemisphere))'"))
        }
        let degrees = (raw / 100).rounded(.down)
        let minutes = raw - degrees * 100
        guard minutes < 60 else { return .failure(FieldProblem("bad \(what) '\(TextLines.preview(value))': minutes ≥ 60")) }
        var result = degrees + minutes / 60
        switch (hemisphere.first!, latitude) {
        case (UInt8(ascii: "N"), true), (UInt8(ascii: "E"), false): break
        case (UInt8(ascii: "S"), true), (UInt8(ascii: "W"), false): result = -result
        default: return .failure(FieldProblem("bad \(what) hemisphere '\(TextLines.preview(hemisphere))'"))
        }
        guard abs(result) <= (latitude ? 90 : 180) else {
            return .failure(FieldProblem("\(what) out of range: \(result)"))
        }
        return .success(result)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// A plain decimal number; `nil` when empty.
    static func number(_ f: ArraySlice<UInt8>, _ what: String) -> Result<Double?, FieldProblem> {
        guard !f.isEmpty else { return .success(nil) }
        guard let v = ASCIINumber.double(f), v.isFinite else { return .failure(FieldProblem("bad \(what) '\(TextLines.preview(f))'")) }
        return .success(v)
    }

    /// A non-negative integer; `nil` when empty.
    static func integer(_ f: ArraySlice<UInt8>, _ what: String) -> Result<Int?, FieldProblem> {
        guard !f.isEmpty else { return .success(nil) }
        guard let v = ASCIINumber.int(f) else { return .failure(FieldProblem("bad \(what) '\(TextLines.preview(f))'")) }
        return .success(v)
    }
}

/// Why one field of a sentence could not be decoded.
struct FieldProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
