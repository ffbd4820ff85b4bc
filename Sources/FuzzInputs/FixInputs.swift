import RouteCueCore

extension FuzzInputs {
    /// A recorded-fix file of any kind, detected from its content (`FixReader.read`, as `--fixes`).
    @discardableResult
    public static func fixesAuto(_ bytes: [UInt8]) -> FuzzOutcome { fixes(bytes, format: nil) }

    /// NMEA 0183 (`NMEAReader`), forced.
    @discardableResult
    public static func fixesNMEA(_ bytes: [UInt8]) -> FuzzOutcome { fixes(bytes, format: .nmea) }

    /// gpsd JSON lines (`GPSDJSONReader`), forced.
    @discardableResult
    public static func fixesGPSDJSON(_ bytes: [UInt8]) -> FuzzOutcome { fixes(bytes, format: .gpsdJSON) }

    /// A GPX track (`GPXTrackReader`), forced.
    @discardableResult
    public static func fixesGPX(_ bytes: [UInt8]) -> FuzzOutcome { fixes(bytes, format: .gpx) }

    /// Reads `bytes`, then checks what `Fix` and the readers promise: the format asked for, positions valid, courses in
    /// [0, 360), receive instants in file order, diagnostics on real line numbers.
    static func fixes(_ bytes: [UInt8], format: FixFormat?) -> FuzzOutcome {
        let result: FixReadResult
        do {
            result = try FixReader.read(bytes, name: "fuzz input", options: FixReadOptions(format: format))
        } catch {
            return .rejected("\(error)")
        }
        check(format == nil || result.format == format, "read as \(result.format), asked for \(String(describing: format))")
        for fix in result.fixes {
            check(fix.position?.isValid ?? true, "a fix at an invalid position \(String(describing: fix.position))")
            check(fix.course.map { $0 >= 0 && $0 < 360 } ?? true, "a course of \(String(describing: fix.course))°")
        }
        for (previous, next) in zip(result.fixes, result.fixes.dropFirst()) {
            check(next.received >= previous.received, "a fix received before the fix ahead of it in the file")
        }
        check(result.diagnostics.allSatisfy { $0.line >= 1 }, "a diagnostic on line 0 or less")
        return .accepted
    }
}
