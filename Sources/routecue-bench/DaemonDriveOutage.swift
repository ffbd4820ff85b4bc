import DriveLab
import Foundation
import RouteCueCore
import RouteCueService

// `routecue-bench daemon-drive … --outage S [--rounds N]`: GPS outages while braking through the real stack. Each
// drive's outages are placed on its clean simulate run as `routecue-bench outage` places them (`placeOutages`:
// before a distance cue heard while the car braked, at least 20 s apart). One live drive holds one set, so
// successive outages take the leads in turn (ending 2 or 1 s after, or 0.5, 1.5 or 3 s before the cue was due); with
// `--rounds N` each drive has N sets, the cycle starting one lead later in each, so a cue meets several leads (where
// it was braking for them), as in `outage`. Each set is driven live at the same time as the clean drives, its gpsd killed (`kill -9`)
// where each outage starts and started again on the same port where it ends (`GPSDOutageController`); `routecue run`
// reconnects by itself. The same outages go through simulate's wiring too (the fixes removed), so the cues each
// outage was placed for are measured live, through simulate with the same outages, and without an outage, side by
// side.

/// One drive's outages: where they are, the drive through simulate's wiring without their fixes, and the live
/// drive whose gpsd is taken away for each.
final class OutageDrive {
    let simulated: SimulatedDrive
    /// Which round of outages (the leads' cycle starts at `outageLeads[round % 5]`).
    let round: Int
    /// The clean simulate run the outages were placed on.
    let clean: CueTimingEvaluation
    /// The outages, and when on the feeder's clock gpsd is away for each (same order).
    let outages: [PlacedOutage]
    let absences: [FeederAbsence]
    /// The same drive through simulate's wiring without the outages' fixes, and its cues.
    let withoutFixesRecord: DriveRecord
    let withoutFixes: CueTimingEvaluation
    private(set) var live: DaemonDrive?
    private var controller: GPSDOutageController?
    /// After `stop()`: the live drive's record and cues, and what happened around each outage.
    private(set) var record: DriveRecord?
    private(set) var evaluation: CueTimingEvaluation?
    private(set) var outcomes: [GPSDOutageController.Outcome] = []
    /// The epochs the feeder sent: (epoch, measured, sent) in CLOCK_MONOTONIC nanoseconds.
    private(set) var sent: [(epoch: Int, measured: UInt64, at: UInt64)] = []

    var name: String { simulated.name + (round == 0 ? "" : ", round \(round + 1)") }

    /// Places outages of `seconds` on `simulated`'s clean run, the leads' cycle starting at `round`, and replays it
    /// through `simulator` without their fixes.
    init(planning simulated: SimulatedDrive, seconds: Double, round: Int = 0, simulator: DriveSimulator) throws {
        self.simulated = simulated
        self.round = round
        clean = simulated.evaluation
        let fixTimes = simulated.drive.fixes.compactMap(\.time)
        guard fixTimes.count == simulated.drive.fixes.count else { fail("daemon-drive --outage: \(simulated.name) has fixes without a time") }
        let schedule = FeederSchedule(fixTimes: fixTimes)
        let first = round % outageLeads.count
        let leads = Array(outageLeads[first...] + outageLeads[..<first])
        let placed = placeOutages(clean, drive: simulated.drive, seconds: seconds, leads: leads)
            .compactMap { outage in schedule.absence(from: outage.start, to: outage.end).map { (outage, $0) } }
        outages = placed.map(\.0)
        absences = placed.map(\.1)
        var engine = GuidanceEngine(route: simulated.route)
        withoutFixesRecord = try simulator.run(engine: &engine, fixes: simulated.drive.fixes.removing(outages), options: simulated.delivery)
        withoutFixes = CueTimingEvaluation(result: withoutFixesRecord, route: simulated.route, drive: simulated.drive)
    }

    /// Starts the live drive (its daemon logging at debug level, so every reconnect is written) and its outages.
    func start(binary: String, device: String) throws {
        let s = simulated
        let drive = try DaemonDrive(name: s.name, routePath: s.path, route: s.route, drive: s.drive, delivery: s.delivery,
                                    binary: binary, device: device, arguments: ["--log-level", "debug"])
        live = drive
        controller = GPSDOutageController(feeder: drive.feeder, gpsd: drive.gpsd, absences: absences, log: drive.log)
    }

    /// Ends the outages and the live drive, and reads its cue log.
    func stop() {
        if let controller { outcomes = controller.finish() }
        controller = nil
        guard let live else { return }
        live.stop()
        sent = live.feeder.sent
        do {
            let record = try live.record()
            self.record = record
            evaluation = CueTimingEvaluation(result: record, route: simulated.route, drive: simulated.drive)
        } catch {
            print("  \(name) with outages: the cue log cannot be read: \(error)")
        }
        live.removeFiles()
        self.live = nil
    }
}

/// The line saying what the outage drives do.
func printOutagePlan(_ drives: [OutageDrive], seconds: Double, rounds: Int) {
    let count = drives.reduce(0) { $0 + $1.outages.count }
    print("  … and \(rounds == 1 ? "the same" : "\(rounds) rounds of the same") drives at once with \(count) GPS outages of \(seconds) s while braking (gpsd killed -9 at each start, started again at its end; ending 2 or 1 s after, or 0.5, 1.5 or 3 s before the cue was due, in turn)")
}
