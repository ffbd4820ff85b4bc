/// Reads the track points of a GPX file (`trk`/`trkseg`/`trkpt`, GPX 1.0 or 1.1) into fixes.
///
/// Per point: `lat`/`lon` attributes, `time`, `ele` (taken as altitude above mean sea level), `speed` (m/s)
/// and `course` (degrees) where present — as direct children (GPX 1.0, GPSBabel) or inside `extensions`
/// (e.g. Garmin's `gpxtpx:speed`/`gpxtpx:course`) — `hdop` (the horizontal error is derived from it, marked
/// `.derivedFromHDOP`), `sat` and `fix` (`none` → no fix and no position, `2d`, `3d`, `dgps`, `pps`; without
/// `fix` the mode follows `ele` and the status is `.unknown`). Waypoints and routes are ignored. A point with a
/// missing or bad coordinate, or a bad time, is skipped with a diagnostic on its line.
public enum GPXTrackReader {
    /// Reads `bytes` as GPX. Throws on invalid XML, a root that is not `gpx`, or a file without any timed track point.
    public static func read(_ bytes: [UInt8], options: FixReadOptions = FixReadOptions()) throws(InputError) -> FixReadResult {
        try InputError.checkSize(bytes.count, limit: options.maxBytes, input: .fixes)
        let root: XMLElement
        do { root = try RouteReader.parseXML(bytes, limits: options.limits) } catch { throw error.as(.fixes) }
        guard root.localName == "gpx" else {
            throw InputError(.unsupported, input: .fixes, location: "line \(root.line)", message: "not GPX: the root element is <\(root.name)>")
        }
        var diagnostics: [FixDiagnostic] = []
        var fixes: [Fix] = []
        var clock = VirtualReceiveClock()
        var previousTime: Double?
        var points = 0
        var timed = 0
        let segments = root.elements(named: "trk").flatMap { $0.elements(named: "trkseg") }
        // Reserved up front: a long recording's fixes are large, and growing by doubling would hold two copies.
        fixes.reserveCapacity(segments.reduce(0) { $0 + $1.children.count })
        for segment in segments {
            for case .element(let point) in segment.children where point.localName == "trkpt" {
                points += 1
                let fix: Fix
                do throws(FieldProblem) {
                    fix = try makeFix(point)
                } catch {
                    diagnostics.append(FixDiagnostic(line: point.line, kind: .skippedLine, reason: "trkpt: \(error.reason)"))
                    continue
                }
                if let t = fix.time {
                    timed += 1
                    if let p = previousTime, t < p {
                        diagnostics.append(FixDiagnostic(line: point.line, kind: .timeWentBackwards,
                                                         reason: "fix time went back \(p - t) s; kept in file order"))
                    }
                    previousTime = t
                }
                var withClock = fix
                withClock.received = clock.next(time: fix.time)
                fixes.append(withClock)
            }
        }
        guard points > 0 else {
            throw InputError(.missing, input: .fixes, location: "line \(root.line)", message: "GPX file has no track points (trk/trkseg/trkpt)")
        }
        guard timed > 0 else {
            throw InputError(.missing, input: .fixes, location: "line \(root.line)", message: "GPX track has no times: not a recorded drive (read it as a route instead)")
        }
        return FixReadResult(format: .gpx, fixes: fixes, diagnostics: diagnostics)
    }

    private static func makeFix(_ point: XMLElement) throws(FieldProblem) -> Fix {
        guard let latText = point.attribute("lat"), let lonText = point.attribute("lon") else {
            throw FieldProblem("missing lat or lon attribute")
        }
        guard let lat = number(latText), let lon = number(lonText) else {
            throw FieldProblem("bad coordinate lat=\"\(latText)\" lon=\"\(lonText)\"")
        }
        let position = Coordinate(latitude: lat, longitude: lon)
        guard position.isValid else { throw FieldProblem("coordinate out of range: lat \(lat), lon \(lon)") }
        var time: Double?
        if let t = point.firstElement(named: "time") {
            guard let seconds = ISO8601.unixSeconds(t.text) else { throw FieldProblem("bad time '\(t.text)'") }
            time = seconds
        }
        let elevation = try optionalNumber(point.firstElement(named: "ele"))
        let speed = try optionalNumber(point.firstElement(named: "speed") ?? extensionElement(point, "speed"))
        let course = try optionalNumber(point.firstElement(named: "course") ?? extensionElement(point, "course"))
        let hdop = try optionalNumber(point.firstElement(named: "hdop"))
        let satValue = try optionalNumber(point.firstElement(named: "sat"))
        let sat = satValue.flatMap { $0 >= 0 && $0 < 1000 ? Int($0) : nil }
        var mode: FixMode = elevation == nil ? .twoD : .threeD
        var status = FixStatus.unknown
        if let fixText = point.firstElement(named: "fix")?.text.trimmedASCIISpaces {
            switch fixText {
            case "none": mode = .noFix
            case "2d": mode = .twoD; status = .gps
            case "3d": mode = .threeD; status = .gps
            case "dgps": status = .dgps
            case "pps": status = .pps
            default: throw FieldProblem("bad fix '\(fixText)' (expected none, 2d, 3d, dgps or pps)")
            }
        }
        if mode == .noFix {
            return Fix(time: time, received: .zero, mode: .noFix, status: .unknown, satellitesUsed: sat)
        }
        return Fix(time: time, received: .zero, position: position, altitudeMSL: elevation, speed: speed, course: course,
                   mode: mode, status: status, errors: .fromHDOP(hdop), satellitesUsed: sat)
    }

    /// The first element named `name` anywhere inside the point's `extensions`.
    private static func extensionElement(_ point: XMLElement, _ name: String) -> XMLElement? {
        guard let ext = point.firstElement(named: "extensions") else { return nil }
        var stack = ext.childElements
        var visited = 0
        while let e = stack.popLast(), visited < 1000 {
            visited += 1
            if e.localName == name { return e }
            stack.append(contentsOf: e.childElements)
        }
        return nil
    }

    private static func optionalNumber(_ element: XMLElement?) throws(FieldProblem) -> Double? {
        guard let element else { return nil }
        let text = element.text.trimmedASCIISpaces
        guard let v = number(text) else { throw FieldProblem("bad <\(element.name)> value '\(text)'") }
        return v
    }

    private static func number(_ text: String) -> Double? {
        let t = text.trimmedASCIISpaces
        guard !t.isEmpty, let v = Double(t), v.isFinite else { return nil }
        return v
    }
}
