import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// Issue 3, "What must be shown", second point: recorded drives with routes derived from the drives themselves.
/// Each drive's positions are written as a GPX `trk` and imported like a user's track (maneuvers derived from the
/// geometry), then the same recorded fixes are replayed through `routecue simulate`'s engine (espeak-ng
/// durations, 300 ± 100 ms fix latency). The truth: at a fix time the car was where that fix lies on the route.
final class RecordedDriveGuidanceTests: XCTestCase {
    /// What one replay gave, measured against the drive's own truth.
    struct Outcome {
        var name: String
        var maneuvers = 0
        var passedOnRoute = 0
        var actionsSpoken = 0
        var spoken = 0
        var skippedByReason: [String: [Int]] = [:]
        var withoutAction: [String] = []
        var heardAfterManeuver: [String] = []
        var actionsEndingLate: [String] = []
        var overlaps: [String] = []
        var spokenWhileOffRoute: [String] = []
        var offRouteEpisodes: [String] = []
        var actionMargins: [Double] = []
        var rejectedFixes = 0
        var gpsLost = 0
        var reasonExamples: [String: String] = [:]
    }

    func test_swissDrive_asItsOwnTrk_everyManeuverCuedInTime_noOverlap_nothingOffRoute() throws {
        try check(try Self.replay("nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt"), minimumManeuvers: 10)
    }

    func test_swissDriveExcerpt_fromAReceiverRestart_asItsOwnTrk_meetsTheSameRules() throws {
        try check(try Self.replay("nmea-extra/genivi-positioning/20100403_Z205_Switzerland_short.txt"), minimumManeuvers: 1)
    }

    func test_delftDrive_1HzGPXWithHdop_asItsOwnTrk_everyManeuverCuedInTime_noOverlap_nothingOffRoute() throws {
        try check(try Self.replay("tracks/gpsbabel/sbn-v13.gpx"), minimumManeuvers: 10)
    }

    private func check(_ o: Outcome, minimumManeuvers: Int) throws {
        print("\(o.name): \(o.maneuvers) announced derived maneuvers, \(o.passedOnRoute) passed on route; "
              + "\(o.spoken) cues spoken, \(o.actionsSpoken) action cues; "
              + "\(o.skippedByReason.values.map(\.count).reduce(0, +)) actions skipped with a reason; "
              + "\(o.offRouteEpisodes.count) off-route episodes; \(o.gpsLost) GPS outages, \(o.rejectedFixes) fixes rejected")
        if let p50 = CueTimingEvaluation.quantile(o.actionMargins, 0.5) {
            print("  action end → maneuver: min \(o.actionMargins.min()!) s, p50 \(p50) s")
        }
        for (reason, maneuvers) in o.skippedByReason.sorted(by: { $0.value.count > $1.value.count }) {
            print("  skipped ×\(maneuvers.count): \(reason) e.g. \"\(o.reasonExamples[reason] ?? "")\" (m\(maneuvers.prefix(12).map(String.init).joined(separator: ", m"))\(maneuvers.count > 12 ? ", …" : ""))")
        }
        for episode in o.offRouteEpisodes { print("  off route: \(episode)") }
        XCTAssertGreaterThanOrEqual(o.maneuvers, minimumManeuvers, "the deriver found turns in the drive")
        XCTAssertGreaterThan(o.passedOnRoute, 0)
        XCTAssertEqual(o.withoutAction, [], "\(o.name): maneuvers passed on route with no action cue and no logged reason")
        XCTAssertEqual(o.heardAfterManeuver, [], o.name)
        XCTAssertEqual(o.actionsEndingLate, [], o.name)
        XCTAssertEqual(o.overlaps, [], o.name)
        XCTAssertEqual(o.spokenWhileOffRoute, [], o.name)
        XCTAssertEqual(o.offRouteEpisodes, [], "\(o.name): the car drives its own route, so it never leaves it")
    }

    /// Reads `path`, builds its own route and replays its fixes through the engine.
    static func replay(_ path: String) throws -> Outcome {
        try SharedData.require()
        let read = try FixReader.read(SharedData.bytes(path), name: path)
        let drive = try RecordedDriveRoute(fixes: read.fixes, name: path)
        let route = drive.route
        print("\(path): \(read.fixes.count) fixes, trk of \(route.geometry.count) points, \(Int(route.length / 100) / 10) km; left out: "
              + drive.leftOut.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        var engine = GuidanceEngine(route: route)
        let result = try DriveSimulator(voice: "en-us").run(engine: &engine, fixes: read.fixes, options: SimulationOptions())
        return evaluate(result, drive: drive, name: path.split(separator: "/").last.map(String.init) ?? path)
    }

    static func evaluate(_ result: DriveRecord, drive: RecordedDriveRoute, name: String) -> Outcome {
        let route = drive.route
        var o = Outcome(name: name)
        func fixTime(_ instant: MonotonicInstant?) -> Double? { instant.flatMap { result.mapping.fixTime(at: $0) } }
        func describe(_ instant: MonotonicInstant) -> String {
            guard let t = fixTime(instant) else { return "?" }
            return "t+\(Int(t - drive.timeSpan.lowerBound)) s at \(Int(drive.trueDistanceAlong(atFixTime: t))) m"
        }

        // Off-route episodes on the virtual clock, from the engine's own progress events.
        var offRoute: [Range<MonotonicInstant>] = []
        var offSince: (MonotonicInstant, OffRouteReason)?
        for (instant, event) in result.events {
            switch event {
            case .offRoute(let reason):
                if offSince == nil { offSince = (instant, reason) }
            case .backOnRoute, .acquired:
                if let (start, reason) = offSince {
                    offRoute.append(start..<max(start, instant))
                    o.offRouteEpisodes.append("\(describe(start)) → \(describe(instant)): \(reason)")
                    offSince = nil
                }
            case .fixRejected: o.rejectedFixes += 1
            case .gpsLost: o.gpsLost += 1
            default: break
            }
        }
        if let (start, reason) = offSince {
            offRoute.append(start..<MonotonicInstant(nanoseconds: .max))
            o.offRouteEpisodes.append("\(describe(start)) → end: \(reason)")
        }
        func isOffRoute(_ instant: MonotonicInstant) -> Bool { offRoute.contains { $0.contains(instant) } }

        let spoken = result.log.filter { $0.event == .spoken }
        o.spoken = spoken.count
        for entry in spoken {
            guard let audioStart = entry.audioStart, let start = fixTime(entry.audioStart), let end = fixTime(entry.audioEnd) else { continue }
            let label = "#\(entry.seq) \(entry.stage?.rawValue ?? entry.kind.rawValue) m\(entry.maneuver ?? -1) \"\(entry.text)\" (\(describe(audioStart)))"
            if entry.kind == .maneuver, isOffRoute(audioStart) {
                o.spokenWhileOffRoute.append(label)
            }
            guard entry.kind != .warning, entry.kind != .reroute, let m = entry.maneuver, entry.stage != .continue else { continue }
            let maneuver = route.maneuvers[m]
            let alongAtStart = drive.trueDistanceAlong(atFixTime: start)
            if alongAtStart >= maneuver.distanceAlong {
                o.heardAfterManeuver.append("\(label): heard \(Int(alongAtStart - maneuver.distanceAlong)) m after it")
            }
            if entry.stage == .action {
                o.actionsSpoken += 1
                let alongAtEnd = drive.trueDistanceAlong(atFixTime: end)
                if alongAtEnd >= maneuver.distanceAlong {
                    o.actionsEndingLate.append("\(label): ended \(Int(alongAtEnd - maneuver.distanceAlong)) m after it")
                } else if let reach = drive.fixTime(reachingDistance: maneuver.distanceAlong) {
                    o.actionMargins.append(reach - end)
                }
            }
        }
        let ordered = spoken.sorted { ($0.audioStart ?? .zero) < ($1.audioStart ?? .zero) }
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            if let endA = a.audioEnd, let startB = b.audioStart, startB < endA {
                o.overlaps.append("#\(a.seq) \"\(a.text)\" and #\(b.seq) \"\(b.text)\"")
            }
        }

        for maneuver in route.maneuvers where maneuver.announced && maneuver.type != .depart {
            o.maneuvers += 1
            guard let reach = drive.fixTime(reachingDistance: maneuver.distanceAlong),
                  reach < drive.timeSpan.upperBound || maneuver.type == .arrive,
                  let instant = result.mapping.instant(atFixTime: reach), !isOffRoute(instant) else { continue }
            o.passedOnRoute += 1
            let actions = result.log.filter { $0.maneuver == maneuver.index && $0.stage == .action }
            if actions.contains(where: { $0.event == .spoken }) { continue }
            if let skipped = actions.first(where: { $0.event != .spoken }), let reason = skipped.reason {
                o.skippedByReason[Self.grouped(reason), default: []].append(maneuver.index)
                o.reasonExamples[Self.grouped(reason)] = o.reasonExamples[Self.grouped(reason)] ?? reason
            } else {
                o.withoutAction.append("m\(maneuver.index) \(maneuver.type.rawValue) \(maneuver.modifier?.rawValue ?? "") at \(Int(maneuver.distanceAlong)) m, reached t+\(Int(reach - drive.timeSpan.lowerBound)) s")
            }
        }
        return o
    }

    /// A skip reason with its figures removed, so that the same reason groups together.
    static func grouped(_ reason: String) -> String {
        var out = ""
        var inNumber = false
        for c in reason {
            if c.isNumber || (inNumber && c == ".") {
                if !inNumber { out.append("#") }
                inNumber = true
            } else {
                inNumber = false
                out.append(c)
            }
        }
        return out
    }
}
