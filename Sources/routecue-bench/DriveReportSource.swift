import DriveLab
import Foundation
import RouteCueCore

// The drive a `drive-report` replays: NMEA epochs paced for the feeder (sped up when asked), the route RouteCue is
// given (a file for `routecue ctl load`), and where there is one, the ground truth: where the car really was along
// that route at each original fix time.

struct DriveReportSource {
    var name: String
    /// The epochs as sent to gpsd (times compressed and speeds multiplied by `speed`).
    var epochs: [String]
    /// Seconds after `k × secondsPerEpoch` each epoch is sent (so the feeder follows the recording's own clock).
    var delays: [Double]
    /// Wall seconds between the moment each epoch was measured and its sending (the generated drive's delivery
    /// latency, divided by `speed`; 0 for a recording, whose delays only follow its own clock).
    var latencies: [Double]
    var secondsPerEpoch: Double
    var speed: Double
    /// The original fix time (UTC Unix seconds) of each epoch's RMC, nil where it has none.
    var originalTimes: [Double?]
    /// The file `routecue ctl load` gets.
    var routePath: String
    /// That file as the bench imports it (the daemon imports the same bytes: same maneuvers).
    var route: Route
    /// True metres along `route` at an original fix time (nil: no ground truth).
    var truth: (@Sendable (Double) -> Double)?
    /// Where the truth comes from, for the report.
    var truthLabel: String
    /// Lines describing the drive for the report.
    var notes: [String]

    /// Drive time (s) from the first to the last epoch.
    var driveSeconds: Double {
        let times = originalTimes.compactMap { $0 }
        guard let first = times.first, let last = times.last else { return Double(epochs.count) * secondsPerEpoch * speed }
        return last - first
    }

    static func load(_ options: DriveReportOptions, directory: String) throws -> DriveReportSource {
        if let trace = options.generatedTrace { return try generated(trace: trace, options: options) }
        return try recorded(options, directory: directory)
    }

    // MARK: A recorded drive

    private static func recorded(_ options: DriveReportOptions, directory: String) throws -> DriveReportSource {
        guard let data = FileManager.default.contents(atPath: options.drive) else { throw CarAudioBenchError("\(options.drive): cannot read") }
        // The GENIVI drive starts with a NUL byte (the receiver's power-up); NMEAFeeder drops any line not starting with
        // $ or !, so only that first $PSRFTXT line would go: take the NULs out instead.
        let text = String(decoding: data.filter { $0 != 0 }, as: UTF8.self)
        var epochs = NMEAFeeder.epochs(ofNMEA: text)
        var times = epochs.map(NMEATime.rmcTime(in:))
        let limit = limitCount(times: times, options: options)
        epochs = Array(epochs.prefix(limit))
        times = Array(times.prefix(limit))
        let duration = (times.compactMap { $0 }.last ?? 0) - (times.compactMap { $0 }.first ?? 0)
        let speed = options.speed ?? (duration > 1800 ? 10 : 1)
        let name = ((options.drive as NSString).lastPathComponent as NSString).deletingPathExtension
        var notes = ["recorded drive `\(options.drive)`: \(epochs.count) epochs, \(formatDuration(duration)) of drive time"
                     + (limit < NMEAFeeder.epochs(ofNMEA: text).count ? " (limited by --minutes/--epochs)" : "")]
        let psrf = epochs.reduce(0) { $0 + $1.components(separatedBy: "$PSRF").count - 1 }
        if psrf > 0 { notes.append("\(psrf) `$PSRF` lines passed to gpsd as recorded") }

        var routePath: String, route: Route, truth: (@Sendable (Double) -> Double)?, label: String
        if let given = options.route {
            routePath = given
            route = readRoute(given)
            truth = nil
            label = "none (a recorded drive on a route of its own: where the car really was is not known)"
        } else {
            // The drive's own track, from the same fixes RouteCue will get, as a tour of silent via points.
            let fixes = try FixReader.read(Array(text.utf8), name: options.drive).fixes
            let lastTime = times.compactMap { $0 }.last ?? .infinity
            let used = fixes.filter { ($0.time ?? 0) <= lastTime + 0.5 }
            let recorded = try RecordedDriveRoute(fixes: used, name: name)
            routePath = directory + "/route-tour.json"
            try Data(tourJSON(recorded.route.geometry.coordinates).utf8).write(to: URL(fileURLWithPath: routePath))
            route = readRoute(routePath)
            let agree = abs(route.length - recorded.route.length) < 1
            truth = agree ? { @Sendable t in recorded.trueDistanceAlong(atFixTime: t) } : nil
            label = agree ? "the recording itself (its positions placed on its own track, RecordedDriveRoute): approximate, the receiver's noise is in it"
                          : "none (the tour's length \(Int(route.length)) m differs from the track's \(Int(recorded.route.length)) m)"
            notes.append("route: the drive's own track as a tour of \(recorded.route.geometry.coordinates.count) silent via points (`route-tour.json`), \(route.maneuvers.count) maneuvers derived from its geometry, \(String(format: "%.1f", route.length / 1000)) km"
                         + (recorded.leftOut.isEmpty ? "" : "; fixes left out of the track: " + recorded.leftOut.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
        }
        let (scaled, delays) = NMEATime.scale(epochs, times: times, speed: speed)
        return DriveReportSource(name: name, epochs: scaled, delays: delays, latencies: delays.map { _ in 0 }, secondsPerEpoch: 1 / speed, speed: speed,
                                 originalTimes: times, routePath: routePath, route: route, truth: truth, truthLabel: label, notes: notes)
    }

    // MARK: A generated drive

    private static func generated(trace: String, options: DriveReportOptions) throws -> DriveReportSource {
        let routePath = options.route!
        let route = readRoute(routePath)
        let drive = generatedDrive(route, tracePath: trace, seed: options.seed, bench: "drive-report")
        var fixes = drive.fixes
        if let n = options.epochs { fixes = Array(fixes.prefix(n)) }
        if let minutes = options.minutes, let first = fixes.first?.time { fixes = fixes.filter { ($0.time ?? 0) - first <= minutes * 60 } }
        // Each fix reaches gpsd 300 ± 100 ms after it was measured, as simulate's default delivery has it.
        let delivery = SimulationOptions()
        let latency = zip(FixDelivery.arrivals(of: fixes, options: delivery), fixes).map { $0.received.seconds(since: $1.received) }
        let speed = options.speed ?? 1
        let epochs = fixes.map(DriveNMEA.sentences(for:))
        let times = epochs.map(NMEATime.rmcTime(in:))
        let (scaled, delays) = NMEATime.scale(epochs, times: times, speed: speed)
        let name = "generated-" + ((routePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let notes = ["generated drive (DriveLab, seed \(options.seed)) along `\(routePath)` (\(route.maneuvers.count) maneuvers, \(String(format: "%.1f", route.length / 1000)) km) with the speed of `\(trace)`: \(fixes.count) fixes at 1 Hz, ~3 m noise, 300 ± 100 ms delivery latency"
                     + (drive.outage.map { String(format: ", a GPS outage of %.0f s", $0.upperBound - $0.lowerBound) } ?? "")]
        return DriveReportSource(name: name, epochs: scaled, delays: zip(delays, latency).map { $0 + $1 / speed },
                                 latencies: latency.map { $0 / speed }, secondsPerEpoch: 1 / speed,
                                 speed: speed, originalTimes: times, routePath: routePath, route: route,
                                 truth: { @Sendable t in drive.trueDistanceAlong(atFixTime: t) },
                                 truthLabel: "the generated drive's (DriveLab's truth at every 0.1 s)", notes: notes)
    }

    /// How many epochs `--epochs` / `--minutes` leave.
    private static func limitCount(times: [Double?], options: DriveReportOptions) -> Int {
        var n = times.count
        if let e = options.epochs { n = min(n, e) }
        if let minutes = options.minutes, let first = times.compactMap({ $0 }).first,
           let cut = times.firstIndex(where: { ($0 ?? first) - first > minutes * 60 }) {
            n = min(n, cut)
        }
        return n
    }

    /// A tour (docs/route-format.md, "Tours") of one svp trace through `points`, WGS84, each point's course the bearing
    /// to the next.
    static func tourJSON(_ points: [Coordinate]) -> String {
        var out = "{\"srs\": \"EPSG:4326\", \"stations\": [{\"type\": \"svp\", \"points\": [\n"
        for (i, p) in points.enumerated() {
            let next = i + 1 < points.count ? points[i + 1] : p
            let previous = i > 0 ? points[i - 1] : p
            let course = i + 1 < points.count ? GeoMath.bearing(from: p, to: next) : GeoMath.bearing(from: previous, to: p)
            out += String(format: "{\"x\": %.7f, \"y\": %.7f, \"course\": %.1f}", p.longitude, p.latitude, course.isFinite ? course : 0)
            out += i + 1 < points.count ? ",\n" : "\n"
        }
        return out + "]}]}\n"
    }
}

func formatDuration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? String(format: "%d h %02d min %02d s", s / 3600, s / 60 % 60, s % 60) : String(format: "%d min %02d s", s / 60, s % 60)
}

// MARK: - Rewriting NMEA times

/// Reads and rewrites the time fields of NMEA sentences (RMC, GGA, GLL, ZDA) to replay a drive faster.
enum NMEATime {
    /// UTC Unix seconds of the first RMC of `epoch` with a time and a date.
    static func rmcTime(in epoch: String) -> Double? {
        for line in epoch.split(separator: "\r\n") where line.dropFirst(3).hasPrefix("RMC") {
            let fields = body(line).split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 9, let day = secondsOfDay(fields[1]), let date = days(fields[9]) else { continue }
            return Double(date) * 86_400 + day
        }
        return nil
    }

    /// The epochs with every time compressed toward the first by `speed` and RMC speeds multiplied by it, and the
    /// delay of each (seconds after k / speed) that sends it at its compressed time.
    static func scale(_ epochs: [String], times: [Double?], speed: Double) -> (epochs: [String], delays: [Double]) {
        let start = times.compactMap { $0 }.first ?? 0
        var delays: [Double] = []
        var lastDelay = 0.0
        for (k, time) in times.enumerated() {
            if let time { lastDelay = max(0, (time - start) / speed - Double(k) / speed) }
            delays.append(lastDelay)
        }
        guard speed != 1 else { return (epochs, delays) }
        var out: [String] = []
        out.reserveCapacity(epochs.count)
        var lastDate = Int((start / 86_400).rounded(.down))
        for (k, epoch) in epochs.enumerated() {
            let epochTime = times[k]
            if let t = epochTime { lastDate = Int((t / 86_400).rounded(.down)) }
            var text = ""
            for line in epoch.split(separator: "\r\n") {
                text += rewrite(String(line), date: lastDate, rmcTime: epochTime, start: start, speed: speed) + "\r\n"
            }
            out.append(text)
        }
        return (out, delays)
    }

    private static func rewrite(_ line: String, date: Int, rmcTime: Double?, start: Double, speed: Double) -> String {
        guard line.hasPrefix("$"), line.count > 6 else { return line }
        let type = line.dropFirst(3).prefix(3)
        guard ["RMC", "GGA", "GLL", "ZDA"].contains(type) else { return line }
        var fields = body(Substring(line)).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let timeIndex = type == "GLL" ? 5 : 1
        guard fields.count > timeIndex, let day = secondsOfDay(Substring(fields[timeIndex])) else { return line }
        var absolute = Double(date) * 86_400 + day
        // A sentence just after midnight in an epoch dated the day before (or the reverse).
        if let r = rmcTime {
            if absolute - r > 43_200 { absolute -= 86_400 } else if r - absolute > 43_200 { absolute += 86_400 }
        }
        let scaled = start + (absolute - start) / speed
        let inDay = scaled - (scaled / 86_400).rounded(.down) * 86_400
        let ms = Int((inDay * 1000).rounded())
        fields[timeIndex] = String(format: "%02d%02d%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        if type == "RMC" {
            if fields.count > 7, let knots = Double(fields[7]) { fields[7] = String(format: "%.3f", knots * speed) }
            if fields.count > 9, !fields[9].isEmpty {
                let d = CivilDate(daysSinceEpoch: Int((scaled / 86_400).rounded(.down)))
                fields[9] = String(format: "%02d%02d%02d", d.day, d.month, d.year % 100)
            }
        }
        return DriveNMEA.line(fields.joined(separator: ",")).trimmingCharacters(in: .newlines)
    }

    /// The sentence between `$` and `*`.
    private static func body(_ line: Substring) -> Substring {
        let start = line.index(after: line.startIndex)
        let end = line.lastIndex(of: "*") ?? line.endIndex
        return start <= end ? line[start..<end] : ""
    }

    /// `hhmmss[.sss]` as seconds of the day.
    private static func secondsOfDay(_ field: Substring) -> Double? {
        guard field.count >= 6, let h = Int(field.prefix(2)), let m = Int(field.dropFirst(2).prefix(2)),
              let s = Double(field.dropFirst(4)) else { return nil }
        return Double(h * 3600 + m * 60) + s
    }

    /// `ddmmyy` as days since 1970-01-01 (years 80–99 are 19xx).
    private static func days(_ field: Substring) -> Int? {
        guard field.count == 6, let d = Int(field.prefix(2)), let m = Int(field.dropFirst(2).prefix(2)), let y = Int(field.suffix(2)) else { return nil }
        return CivilDate(year: y >= 80 ? 1900 + y : 2000 + y, month: m, day: d)?.daysSinceEpoch
    }
}
