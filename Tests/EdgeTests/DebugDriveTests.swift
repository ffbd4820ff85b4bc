import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

final class DebugDriveTests: XCTestCase {
    func test_debug() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["DEBUG_ROUTE"] else { throw XCTSkip("no DEBUG_ROUTE") }
        let trace = try SpeedTrace.shared(env["DEBUG_TRACE"] == "swiss" ? SpeedTrace.swissDrive : SpeedTrace.delftDrive)
        let route = try RouteReader.read(SharedData.bytes(path), name: path)
        var options = DriveOptions()
        options.seed = UInt64(env["DEBUG_SEED"].flatMap(Int.init) ?? 1)
        options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
        let drive = try DriveGenerator.drive(route, trace: trace, options: options)
        var engine = GuidanceEngine(route: route)
        var sim = SimulationOptions(); sim.seed = UInt64(env["DEBUG_SIMSEED"].flatMap(Int.init) ?? 1)
        let result = try DriveSimulator(voice: "en-us").run(engine: &engine, fixes: drive.fixes, options: sim)
        for m in route.maneuvers { print("m\(m.index) \(m.type.rawValue) \(m.modifier?.rawValue ?? "-") along \(Int(m.distanceAlong)) ann \(m.announced) leg \(m.leg)") }
        for (i, e) in result.events { print("event t=\(i.seconds) \(e)") }
        for entry in result.log {
            let t = (entry.audioStart ?? entry.trigger).flatMap { result.mapping.fixTime(at: $0) }
            let truth = t.map { drive.trueDistanceAlong(atFixTime: $0) }
            let trueRemaining = entry.maneuver.flatMap { m in truth.map { route.maneuvers[m].distanceAlong - $0 } }
            print("#\(entry.seq) \(entry.event.rawValue) \(entry.stage?.rawValue ?? entry.kind.rawValue) m\(entry.maneuver ?? -1) t=\(t.map { $0 - drive.startTime } ?? -1) engine=\(entry.distance ?? -1) true=\(trueRemaining ?? -1) target=\(entry.target ?? -1) v=\(entry.speed) \"\(entry.text)\" \(entry.reason ?? "")")
        }
    }
}

extension DebugDriveTests {
    func test_debugTruth() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["DEBUG_ROUTE"], let from = env["DEBUG_FROM"].flatMap(Double.init) else { throw XCTSkip("no DEBUG_FROM") }
        let trace = try SpeedTrace.shared(env["DEBUG_TRACE"] == "swiss" ? SpeedTrace.swissDrive : SpeedTrace.delftDrive)
        let route = try RouteReader.read(SharedData.bytes(path), name: path)
        var options = DriveOptions()
        options.seed = UInt64(env["DEBUG_SEED"].flatMap(Int.init) ?? 1)
        options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
        let drive = try DriveGenerator.drive(route, trace: trace, options: options)
        for k in 0..<12 {
            let t = drive.startTime + from + Double(k) * 0.5
            print("truth t=\(from + Double(k) * 0.5) along \(drive.trueDistanceAlong(atFixTime: t)) v \(drive.trueSpeed(atFixTime: t))")
        }
        for f in drive.fixes where f.time! >= drive.startTime + from - 3 && f.time! <= drive.startTime + from + 6 {
            print("fix t=\(f.time! - drive.startTime) v \(f.speed ?? -1)")
        }
    }
}

extension DebugDriveTests {
    func test_debugState() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["DEBUG_ROUTE"], let until = env["DEBUG_UNTIL"].flatMap(Double.init) else { throw XCTSkip("no DEBUG_UNTIL") }
        let trace = try SpeedTrace.shared(env["DEBUG_TRACE"] == "swiss" ? SpeedTrace.swissDrive : SpeedTrace.delftDrive)
        let route = try RouteReader.read(SharedData.bytes(path), name: path)
        var options = DriveOptions()
        options.seed = UInt64(env["DEBUG_SEED"].flatMap(Int.init) ?? 1)
        options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
        let drive = try DriveGenerator.drive(route, trace: trace, options: options)
        for cut in stride(from: until - 4, through: until, by: 1.0) {
            var engine = GuidanceEngine(route: route)
            var sim = SimulationOptions(); sim.seed = UInt64(env["DEBUG_SIMSEED"].flatMap(Int.init) ?? 1); sim.tailSeconds = 0.6
            let fixes = drive.fixes.filter { $0.time! <= drive.startTime + cut }
            _ = GuidanceSimulation.run(engine: &engine, fixes: fixes, options: sim, render: { CueDurations().seconds($0) })
            let m = engine.progress.lastMatch
            let f = fixes.last!
            print("cut \(cut): state \(engine.progress.state) leaving \(engine.progress.leavingRoute) leg \(engine.progress.leg) match along \(m?.distanceAlong ?? -1) offset \(m?.offset ?? -1) headingDiff \(m?.headingDifference ?? -1) fix course \(f.course ?? -1) v \(f.speed ?? -1) truth \(drive.trueDistanceAlong(atFixTime: f.time!))")
        }
    }
}
