import RouteCueCore

/// Measures a simulated drive's cues against the generated drive's ground truth: how far from its `target_m`
/// each distance-configured cue was really heard, cues heard after their maneuver, action cues that did not end
/// before it, overlaps, and maneuvers passed on route without an action cue or a logged reason.
public struct CueTimingEvaluation: Sendable {
    /// |true remaining distance at the first word − target_m| of every spoken range/reminder/distance cue.
    public private(set) var distanceErrors: [Double] = []
    /// Speed (m/s) at each of those cues.
    public private(set) var distanceCueSpeeds: [Double] = []
    /// The fix time (UTC) each of those cues' first word was heard, in the same order.
    public private(set) var distanceCueStarts: [Double] = []
    /// A description of each of those cues (label, error, speed), in the same order.
    public private(set) var distanceCueLabels: [String] = []
    /// Spoken approach or action cues whose first word was heard at or after their maneuver.
    public private(set) var heardAfterManeuver: [String] = []
    /// Action cues whose last word ended after the maneuver (or less than 0 s before it).
    public private(set) var actionsEndingLate: [String] = []
    /// Pairs of spoken cues that overlap in time.
    public private(set) var overlaps: [String] = []
    /// Announced maneuvers the car passed while on route with neither a spoken action cue nor a logged skip.
    public private(set) var maneuversWithoutAction: [Int] = []
    /// Announced maneuvers passed on route.
    public private(set) var maneuversPassed = 0
    /// Action cues spoken, and action stages skipped with a reason.
    public private(set) var actionsSpoken = 0
    /// Action stages skipped, with their reasons.
    public private(set) var actionsSkipped: [String] = []
    /// Seconds between the end of each action cue and the moment the car reached its maneuver.
    public private(set) var actionMargins: [Double] = []

    /// Evaluates `result` of driving `route` as `drive`.
    public init(result: DriveRecord, route: Route, drive: GeneratedDrive) {
        let spoken = result.log.filter { $0.event == .spoken }
        func fixTime(_ instant: MonotonicInstant?) -> Double? { instant.flatMap { result.mapping.fixTime(at: $0) } }
        for entry in spoken {
            guard let start = fixTime(entry.audioStart), let end = fixTime(entry.audioEnd) else { continue }
            let label = "#\(entry.seq) \(entry.stage?.rawValue ?? entry.kind.rawValue) m\(entry.maneuver ?? -1) \"\(entry.text)\""
            guard entry.kind != .warning, let m = entry.maneuver, entry.stage != .continue else { continue }
            let maneuver = route.maneuvers[m]
            let alongAtStart = drive.trueDistanceAlong(atFixTime: start)
            let alongAtEnd = drive.trueDistanceAlong(atFixTime: end)
            if alongAtStart >= maneuver.distanceAlong {
                heardAfterManeuver.append("\(label): heard \(Int(alongAtStart - maneuver.distanceAlong)) m after it")
            }
            if entry.stage == .action {
                actionsSpoken += 1
                if alongAtEnd >= maneuver.distanceAlong {
                    actionsEndingLate.append("\(label): ended \(Int(alongAtEnd - maneuver.distanceAlong)) m after it")
                } else if let reach = drive.fixTime(reachingDistance: maneuver.distanceAlong) {
                    actionMargins.append(reach - end)
                }
            } else if [.range, .reminder, .distance].contains(entry.stage), let target = entry.target {
                let error = maneuver.distanceAlong - alongAtStart - target
                distanceErrors.append(abs(error))
                distanceCueSpeeds.append(drive.trueSpeed(atFixTime: start))
                distanceCueStarts.append(start)
                let outage = drive.outage.map { start >= $0.lowerBound && start < $0.upperBound + 1 } ?? false
                distanceCueLabels.append("\(label): error \(Int((error * 10).rounded()) / 10) m at \(Int(drive.trueSpeed(atFixTime: start) * 3.6)) km/h\(outage ? " (GPS outage)" : "")")
            }
        }
        let ordered = spoken.sorted { ($0.audioStart ?? .zero) < ($1.audioStart ?? .zero) }
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            if let endA = a.audioEnd, let startB = b.audioStart, startB < endA {
                overlaps.append("#\(a.seq) \"\(a.text)\" and #\(b.seq) \"\(b.text)\"")
            }
        }
        let offRouteAlong = Self.offRouteStretches(result, drive: drive)
        for maneuver in route.maneuvers where maneuver.announced && maneuver.type != .depart {
            guard let reach = drive.fixTime(reachingDistance: maneuver.distanceAlong),
                  reach <= drive.arrivalTime + 1 else { continue }
            if offRouteAlong.contains(where: { $0.contains(maneuver.distanceAlong) }) { continue }
            maneuversPassed += 1
            let actions = result.log.filter { $0.maneuver == maneuver.index && $0.stage == .action }
            if actions.contains(where: { $0.event == .spoken }) { continue }
            if let skipped = actions.first(where: { $0.event == .skipped }) {
                actionsSkipped.append("m\(maneuver.index): \(skipped.reason ?? "")")
            } else {
                maneuversWithoutAction.append(maneuver.index)
            }
        }
    }

    /// Stretches of the route (true metres along) driven while the engine was off route.
    private static func offRouteStretches(_ result: DriveRecord, drive: GeneratedDrive) -> [ClosedRange<Double>] {
        var stretches: [ClosedRange<Double>] = []
        var start: Double?
        for (instant, event) in result.events {
            guard let t = result.mapping.fixTime(at: instant) else { continue }
            switch event {
            case .offRoute: start = drive.trueDistanceAlong(atFixTime: t)
            case .backOnRoute, .acquired:
                if let s = start { stretches.append(s...max(s, drive.trueDistanceAlong(atFixTime: t))); start = nil }
            default: break
            }
        }
        if let s = start { stretches.append(s...drive.routeLength) }
        return stretches
    }

    /// The `q` quantile (0…1) of `values` (nearest rank); nil when empty.
    public static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}
