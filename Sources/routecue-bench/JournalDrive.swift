import Foundation
import RouteCueCore

// The drive the journal bench replays: its NMEA epochs as recorded (NUL bytes and non-NMEA lines taken out), the
// time of each, the instant simulate's virtual clock delivers each (what `--power-cut S` counts from), and the route
// RouteCue guides along (a file: given, or the drive's own track as a tour of silent via points, as drive-report makes
// it). Parts of it are written as NMEA files for `routecue simulate --fixes`.

struct JournalDrive {
    var name: String
    /// The epochs, one RMC each.
    var epochs: [String]
    /// Seconds since the first epoch's fix time (nil for an epoch without an RMC time).
    var offsets: [Double?]
    /// Seconds after the first fix arrives at which simulate delivers each epoch's fix (nil where none is matched).
    /// Not the fix time: simulate's receive clock steps by one epoch over a receiver restart's gap (the GENIVI drive
    /// has two), as it does when the time goes backwards.
    var arrivals: [Double?]
    /// The route file RouteCue gets.
    var routePath: String
    var route: Route
    var notes: [String]

    /// Drive time from the first epoch to the last.
    var seconds: Double { offsets.compactMap { $0 }.last ?? 0 }
    /// Seconds from the first fix's arrival to the last's, on simulate's clock.
    var arrivalSeconds: Double { arrivals.compactMap { $0 }.last ?? 0 }

    static func load(_ path: String, route: String?, binary: String, directory: String) throws -> JournalDrive {
        let options = DriveReportOptions([binary, "--drive", path, "--speed", "1"] + (route.map { ["--route", $0] } ?? []), command: "journal")
        let source = try DriveReportSource.load(options, directory: directory)
        let first = source.originalTimes.compactMap { $0 }.first ?? 0
        var notes = source.notes
        if let route { notes.append("route: `\(route)`, \(source.route.maneuvers.count) maneuvers, \(String(format: "%.1f", source.route.length / 1000)) km") }
        let arrivals = try Self.arrivals(of: source.epochs, times: source.originalTimes)
        return JournalDrive(name: source.name, epochs: source.epochs, offsets: source.originalTimes.map { $0.map { $0 - first } },
                            arrivals: arrivals, routePath: source.routePath, route: source.route, notes: notes)
    }

    /// When simulate delivers each epoch's fix, as it reads the epochs written out (`FixReader`, `FixDelivery` with
    /// simulate's defaults), seconds after the first arrival: each epoch matched to the next fix of its RMC time.
    private static func arrivals(of epochs: [String], times: [Double?]) throws -> [Double?] {
        let fixes = try FixReader.read(Array(epochs.joined().utf8), name: "the drive").fixes
        let delivered = FixDelivery.arrivals(of: fixes, options: SimulationOptions())
        guard let zero = delivered.first?.received.seconds else { return epochs.map { _ in nil } }
        var next = 0
        return times.map { time -> Double? in
            guard let time else { return nil }
            // The fix of this epoch: among the next few (GGA-only epochs make fixes of their own).
            for j in next..<min(delivered.count, next + 20) {
                if let t = delivered[j].time, abs(t - time) < 0.0005 {
                    next = j + 1
                    return delivered[j].received.seconds - zero
                }
            }
            return nil
        }
    }

    /// The index of the first epoch delivered at or after `seconds` after the first arrival (epochs.count when none is).
    func index(arrivingAt seconds: Double) -> Int {
        arrivals.firstIndex { ($0 ?? -1) >= seconds } ?? epochs.count
    }

    /// The index of the first epoch at or after `seconds` of drive time (epochs.count when none is).
    func index(at seconds: Double) -> Int {
        var last = 0.0
        for (k, offset) in offsets.enumerated() {
            if let offset { last = offset }
            if last >= seconds { return k }
        }
        return epochs.count
    }

    /// Writes epochs `range` as an NMEA file at `path`; the number of epochs written.
    @discardableResult
    func writeNMEA(_ range: Range<Int>, path: String) throws -> Int {
        try Data(epochs[range].joined().utf8).write(to: URL(fileURLWithPath: path))
        return range.count
    }

    /// The epochs of the first `seconds` of drive time, their RMC times for `NMEATime.scale`.
    func excerpt(seconds: Double) -> (epochs: [String], times: [Double?]) {
        let part = Array(epochs[0..<index(at: seconds)])
        return (part, part.map(NMEATime.rmcTime(in:)))
    }
}
