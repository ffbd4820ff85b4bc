/// Reads a recorded-fix file of any supported kind: checks the size limit, detects NMEA 0183, gpsd JSON or
/// GPX from the content (unless a format is forced) and hands it to that reader. Errors carry the file name.
public enum FixReader {
    /// Reads `bytes` (named `name` in errors).
    public static func read(_ bytes: [UInt8], name: String, options: FixReadOptions = FixReadOptions()) throws(InputError) -> FixReadResult {
        do throws(InputError) {
            try InputError.checkSize(bytes.count, limit: options.maxBytes, input: .fixes)
            let format: FixFormat
            if let forced = options.format { format = forced } else { format = try detectFormat(bytes) }
            switch format {
            case .nmea: return try NMEAReader.read(bytes, options: options)
            case .gpsdJSON: return try GPSDJSONReader.read(bytes, options: options)
            case .gpx: return try GPXTrackReader.read(bytes, options: options)
            }
        } catch {
            throw error.as(.fixes).inFile(name)
        }
    }

    /// Detects the format: `<` first → GPX; otherwise, among the first 200 lines that are neither empty nor `#`
    /// comments, more lines starting with `{` than with `$`/`!` → gpsd JSON, else NMEA when any such line
    /// starts with `$`/`!`. Binary content and anything else throw.
    public static func detectFormat(_ bytes: [UInt8]) throws(InputError) -> FixFormat {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { throw InputError(.empty, input: .fixes, message: "file is empty") }
        if bytes[i] == UInt8(ascii: "<") { return .gpx }
        guard !TextLines.looksBinary(bytes) else {
            throw InputError(.unsupported, input: .fixes, location: "line 1", message: "binary data, not a recorded-fix log (NMEA 0183, gpsd JSON or GPX)")
        }
        var json = 0
        var nmea = 0
        var seen = 0
        var firstLine: (Int, String)?
        let sample = Array(bytes.prefix(262_144))
        TextLines.forEach(in: sample) { raw, lineNumber in
            let line = TextLines.trimmed(raw)
            guard seen < 200, let first = line.first, first != UInt8(ascii: "#") else { return }
            if firstLine == nil { firstLine = (lineNumber, TextLines.preview(line)) }
            seen += 1
            if first == UInt8(ascii: "{") { json += 1 }
            if first == UInt8(ascii: "$") || first == UInt8(ascii: "!") { nmea += 1 }
        }
        if json > nmea { return .gpsdJSON }
        if nmea > 0 { return .nmea }
        if let (line, text) = firstLine {
            throw InputError(.unsupported, input: .fixes, location: "line \(line)",
                             message: "unknown format: not NMEA 0183, gpsd JSON or GPX (starts with '\(text)')")
        }
        throw InputError(.empty, input: .fixes, message: "no fixes: the file holds only comments")
    }
}
