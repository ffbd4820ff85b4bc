/// Reads recorded NMEA 0183 (gpsd regression logs, receiver captures) into fixes.
///
/// - RMC and GGA from any two-letter talker (`GP`, `GN`, `GL`, `GA`, `GB`, `IN`…) are used, and Garmin's
///   `PGRME` error estimates for the epoch they follow; other sentences are ignored. Every `$`/`!` line's checksum is verified: a bad or missing one skips the line with a
///   diagnostic, as does a malformed RMC/GGA field, a line that is not a sentence, or a line longer than
///   `ImportLimits.maxNMEALineBytes` (NMEA 0183 allows 82 characters; a longer line is not split into fields). `#` lines (gpsd log
///   comments) and empty lines are ignored; a `# Date: YYYY-MM-DD` header is remembered.
/// - Consecutive RMC and GGA with the same time of day form one epoch and one fix (see `NMEAEpoch`).
/// - Stray NUL bytes and CR, LF or CRLF line ends are accepted (`TextLines`).
/// - Start-up banners (`$PSRFTXT,Version…`, u-blox `$xxTXT` banners, MediaTek `$PMTK010/011`) after the
///   first epoch mark a receiver restart: a diagnostic, and the receive clock steps by a nominal epoch.
/// - Fix time going backwards keeps the fix in file order, with a `.timeWentBackwards` diagnostic.
/// - Dates and midnight rollover: see `NMEATimeline`.
public enum NMEAReader {
    /// Reads `bytes` as NMEA. Throws when the content is not NMEA at all (no valid sentence) or is binary.
    public static func read(_ bytes: [UInt8], options: FixReadOptions = FixReadOptions()) throws(InputError) -> FixReadResult {
        try InputError.checkSize(bytes.count, limit: options.maxBytes, input: .fixes)
        guard !TextLines.looksBinary(bytes) else {
            throw InputError(.unsupported, input: .fixes, location: "line 1", message: "binary data, not an NMEA 0183 log")
        }
        var diagnostics: [FixDiagnostic] = []
        var epochs: [NMEAEpoch] = []
        var current: NMEAEpoch?
        var headerDate: CivilDate?
        var validSentences = 0
        var firstContentLine: (Int, String)?
        var restartPending = false

        TextLines.forEach(in: bytes) { raw, lineNumber in
            let line = TextLines.trimmed(raw)
            guard let first = line.first else { return }
            if first == UInt8(ascii: "#") {
                if headerDate == nil { headerDate = parseDateHeader(line) }
                return
            }
            if firstContentLine == nil { firstContentLine = (lineNumber, TextLines.preview(line)) }
            guard line.count <= options.limits.maxNMEALineBytes else {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine,
                                                 reason: "line of \(line.count) bytes, over the limit of \(options.limits.maxNMEALineBytes) (import.max_nmea_line_bytes; an NMEA 0183 sentence has at most 82 characters)"))
                return
            }
            let sentence: NMEASentence
            switch NMEASentence.parse(line) {
            case .success(let s): sentence = s
            case .failure(let problem):
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: problem.reason))
                return
            }
            validSentences += 1
            if isRestartBanner(sentence) {
                if current != nil || !epochs.isEmpty {
                    restartPending = true
                    if let c = current { epochs.append(c); current = nil }
                    diagnostics.append(FixDiagnostic(line: lineNumber, kind: .receiverRestart,
                                                     reason: "receiver restart (\(TextLines.preview(line, limit: 30)))"))
                }
                return
            }
            if sentence.isAddress("PGRME") {
                do throws(FieldProblem) {
                    let record = try PGRMERecord(sentence)
                    if current != nil, current!.pgrme == nil { current!.pgrme = record }
                } catch {
                    diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine, reason: error.reason))
                }
                return
            }
            let isRMC = sentence.isStandard("RMC")
            guard isRMC || sentence.isStandard("GGA") else { return }
            var rmc: RMCRecord?
            var gga: GGARecord?
            do throws(FieldProblem) {
                if isRMC { rmc = try RMCRecord(sentence) } else { gga = try GGARecord(sentence) }
            } catch {
                diagnostics.append(FixDiagnostic(line: lineNumber, kind: .skippedLine,
                                                 reason: "\(String(decoding: sentence.address, as: UTF8.self)): \(error.reason)"))
                return
            }
            let tod = rmc?.timeOfDay ?? gga?.timeOfDay
            if current == nil || !current!.accepts(timeOfDay: tod, isRMC: isRMC) {
                if let c = current { epochs.append(c) }
                current = NMEAEpoch(timeOfDay: tod, line: lineNumber, afterRestart: restartPending)
                restartPending = false
            }
            if isRMC { current!.rmc = rmc } else { current!.gga = gga }
        }
        if let c = current { epochs.append(c) }

        guard validSentences > 0 else {
            if let (line, text) = firstContentLine {
                throw InputError(.syntax, input: .fixes, location: "line \(line)", message: "not NMEA 0183: no valid sentence found (starts with '\(text)')")
            }
            throw InputError(.empty, input: .fixes, message: "no NMEA 0183 sentences (file is empty or only comments)")
        }

        let timeline = NMEATimeline(epochs: epochs, fallbackDate: options.date ?? headerDate)
        if timeline.dateUnknown, let firstTimed = epochs.first(where: { $0.timeOfDay != nil }) {
            diagnostics.append(FixDiagnostic(line: firstTimed.line, kind: .timeUnknown,
                                             reason: "no date in the stream (GGA only): UTC times unknown; give a date to place them"))
        }
        var clock = VirtualReceiveClock()
        var fixes: [Fix] = []
        fixes.reserveCapacity(epochs.count)
        var previousTime: Double?
        for (i, epoch) in epochs.enumerated() {
            let t = timeline.clock[i]
            if let t, let p = previousTime, t < p {
                diagnostics.append(FixDiagnostic(line: epoch.line, kind: .timeWentBackwards,
                                                 reason: "fix time went back \(formatSeconds(p - t)) s (from \(clockText(p)) to \(clockText(t))); kept in file order"))
            }
            if t != nil { previousTime = t }
            if epoch.afterRestart { clock.noteRestart() }
            fixes.append(epoch.fix(time: timeline.utc[i], received: clock.next(time: t)))
        }
        diagnostics.sort { $0.line < $1.line }
        return FixReadResult(format: .nmea, fixes: fixes, diagnostics: diagnostics)
    }

    /// True for a receiver start-up banner.
    static func isRestartBanner(_ s: NMEASentence) -> Bool {
        if s.isAddress("PSRFTXT") { return s.field(1).starts(with: Array("Version".utf8)) }
        if s.isAddress("PMTK010") { return s.field(1).elementsEqual(Array("001".utf8)) }
        if s.isAddress("PMTK011") { return true }
        if s.isStandard("TXT") {
            // Older u-blox firmware writes `u-blox ag`, newer `u-blox AG` (both in the gpsd logs).
            let text = s.field(4)
            return text.count >= 9 && zip(text, "u-blox ag".utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        return false
    }

    /// The date of a `# Date: YYYY-MM-DD` gpsd log header line, if it is one.
    static func parseDateHeader(_ line: ArraySlice<UInt8>) -> CivilDate? {
        let key = Array("Date".utf8)
        var i = line.startIndex
        while i + key.count <= line.endIndex, !line[i..<(i + key.count)].elementsEqual(key) { i += 1 }
        guard i + key.count <= line.endIndex else { return nil }
        var rest = line[(i + key.count)...].drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }
        rest = rest.prefix(10)
        let parts = rest.split(separator: UInt8(ascii: "-"))
        guard rest.count == 10, parts.count == 3, let y = ASCIINumber.int(parts[0]), let m = ASCIINumber.int(parts[1]),
              let d = ASCIINumber.int(parts[2]) else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    private static func formatSeconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String((s * 1000).rounded() / 1000)
    }

    private static func clockText(_ seconds: Double) -> String {
        let tod = seconds - (seconds / CivilDate.secondsPerDay).rounded(.down) * CivilDate.secondsPerDay
        let whole = Int(tod)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let frac = tod - Double(whole)
        let fracText = frac > 0.0005 ? String(String((frac * 1000).rounded() / 1000).dropFirst(1)) : ""
        return "\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60))\(fracText)"
    }
}
