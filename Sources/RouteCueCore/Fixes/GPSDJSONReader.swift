/// Reads gpsd JSON reports, one object per line as `gpspipe -w` prints them, into fixes.
///
/// Only `TPV` reports are used (`time` ISO 8601 or, from old gpsd, Unix seconds; `lat`, `lon`, `altMSL`/`alt`,
/// `altHAE`, `speed`, `track`, `climb`, `mode`, `status`, `eph`, `epx`, `epy`, `epv`, `eps`, `epd`, `ept`);
/// `VERSION`, `DEVICES`, `WATCH`, `SKY` and every other class are ignored. A line that is not valid JSON (or is over
/// the limits of `FixReadOptions.limits`: nesting, string length), a TPV with a wrongly typed or out-of-range value,
/// or a bad time is skipped with a diagnostic. `received`
/// follows `VirtualReceiveClock`; fix time going backwards is kept and flagged.
public enum GPSDJSONReader {
    /// Reads `bytes` as gpsd JSON. Throws when no line is a gpsd report at all, or the content is binary.
    public static func read(_ bytes: [UInt8], options: FixReadOptions = FixReadOptions()) throws(InputError) -> FixReadResult {
        try InputError.checkSize(bytes.count, limit: options.maxBytes, input: .fixes)
        guard !TextLines.looksBinary(bytes) else {
            throw InputError(.unsupported, input: .fixes, location: "line 1", message: "binary data, not gpsd JSON")
        }
        var diagnostics: [FixDiagnostic] = []
        var fixes: [Fix] = []
        var clock = VirtualReceiveClock()
        var reports = 0
        var firstContentLine: (Int, String)?
        var previousTime: Double?

        TextLines.forEach(in: bytes) { raw, lineNumber in
            let line = TextLines.trimmed(raw)
            guard let first = line.first, first != UInt8(ascii: "#") else { return }
            if firstContentLine == nil { firstContentLine = (lineNumber, TextLines.preview(line)) }
            guard first == UInt8(ascii: "{") else {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: "not a JSON report"))
                return
            }
            let node: JSONNode
            do throws(JSONParser.SyntaxError) {
                node = JSONNode(try JSONParser.parse(Array(line), limits: options.limits))
            } catch {
                let what = error.exceedsLimit ? "JSON over a limit" : "invalid JSON"
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: "\(what) at column \(error.column): \(error.reason)"))
                return
            }
            guard case .object = node.value, let cls = node["class"], case .string(let className) = cls.value else {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: "not a gpsd report (no \"class\")"))
                return
            }
            reports += 1
            guard className == "TPV" else { return }
            let tpv: TPV
            do throws(InputError) {
                tpv = try TPV(node)
            } catch {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: "TPV \(error.location ?? ""): \(error.message)"))
                return
            }
            if let t = tpv.time, let p = previousTime, t < p {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .timeWentBackwards,
                                                 reason: "fix time went back \(p - t) s; kept in file order"))
            }
            if let t = tpv.time { previousTime = t }
            fixes.append(tpv.fix(received: clock.next(time: tpv.time)))
        }
        guard reports > 0 else {
            if let (line, text) = firstContentLine {
                throw InputError(.syntax, input: .fixes, location: "line \(line)", message: "not gpsd JSON: no report with a \"class\" found (starts with '\(text)')")
            }
            throw InputError(.empty, input: .fixes, message: "no gpsd JSON reports (file is empty)")
        }
        return FixReadResult(format: .gpsdJSON, fixes: fixes, diagnostics: diagnostics)
    }

    /// The fields of one TPV report.
    private struct TPV {
        var time: Double?
        var fix: Fix

        init(_ n: JSONNode) throws(InputError) {
            if let t = n["time"] {
                switch t.value {
                case .number: time = try t.double()
                case .string(let text):
                    guard let seconds = ISO8601.unixSeconds(text) else { throw t.error(.invalidValue, "bad ISO 8601 time '\(text)'") }
                    time = seconds
                default: throw t.error(.invalidValue, "expected a time string, found \(t.value.typeName)")
                }
            }
            var position: Coordinate?
            if let lat = try n.optionalDouble("lat"), let lon = try n.optionalDouble("lon") {
                let c = Coordinate(latitude: lat, longitude: lon)
                guard c.isValid else { throw n.error(.invalidValue, "coordinate out of range: lat \(lat), lon \(lon)") }
                position = c
            }
            let gpsdMode = try n.optionalInt("mode")
            var mode = gpsdMode.map(FixMode.init(gpsdMode:)) ?? (position == nil ? .noFix : .twoD)
            if position == nil { mode = .noFix }
            if mode == .noFix { position = nil }
            let status: FixStatus
            if let code = try n.optionalInt("status") {
                status = FixStatus(gpsdStatus: code)
            } else {
                status = mode == .noFix ? .unknown : .gps
            }
            let errors = FixErrorEstimates(
                horizontal: try n.optionalDouble("eph"), longitude: try n.optionalDouble("epx"),
                latitude: try n.optionalDouble("epy"), vertical: try n.optionalDouble("epv"),
                speed: try n.optionalDouble("eps"), course: try n.optionalDouble("epd"),
                time: try n.optionalDouble("ept"), horizontalOrigin: .receiver)
            var altitudeMSL = try n.optionalDouble("altMSL")
            if altitudeMSL == nil { altitudeMSL = try n.optionalDouble("alt") }
            fix = Fix(time: time, received: .zero, position: position,
                      altitudeMSL: mode == .noFix ? nil : altitudeMSL,
                      altitudeHAE: mode == .noFix ? nil : try n.optionalDouble("altHAE"),
                      speed: try n.optionalDouble("speed"), course: try n.optionalDouble("track"),
                      climb: try n.optionalDouble("climb"), mode: mode, status: status, errors: errors)
        }

        func fix(received: MonotonicInstant) -> Fix {
            var f = fix
            f.received = received
            return f
        }
    }
}
