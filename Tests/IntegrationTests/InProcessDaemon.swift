import DBusKit
import EventLoopKit
import Foundation
import Glibc
@testable import RouteCueService
import ServiceTestSupport
import Speech

/// `routecue run`'s daemon in the test's process: its timers, its audio (a virtual sink, espeak-ng inline) and its bus
/// connections' timeouts on a `ManualLoop` whose clock moves only when the test advances it; the jobs other threads and
/// bus traffic hand that loop run at once (`ManualLoopPump`). Buses and mocks are real processes on private addresses.
@RouteCueLoop
final class InProcessDaemon {
    /// The daemon's clock.
    nonisolated let loop = ManualLoop()
    /// Everything it logged (debug and up).
    nonisolated let log = DaemonLog(level: .debug, descriptor: open("/dev/null", O_WRONLY), keepLines: true)
    /// The daemon.
    private(set) var daemon: GuidanceDaemon!
    private let pump: ManualLoopPump
    private let exitStatus = Awaited<DaemonExit>()

    private init() {
        pump = ManualLoopPump(loop)
    }

    /// Starts a daemon per `options` (its audio on the virtual sink, its speech rendered by `speech`), called from the
    /// test's thread.
    nonisolated static func start(_ options: DaemonOptions, speech: InlineSpeech = InlineSpeech()) throws -> InProcessDaemon {
        try RouteCueLoop.runAndWait {
            let made = InProcessDaemon()
            let loop = made.loop
            let environment = DaemonEnvironment(scheduler: loop) { settings in
                AudioOutputService.virtual(settings: settings, loop: loop, speech: speech).0
            }
            let exitStatus = made.exitStatus
            made.daemon = GuidanceDaemon(options: options, log: made.log, environment: environment) { status in
                exitStatus.set(status)
            }
            made.daemon.start()
            made.pump.start()
            return made
        }
    }

    /// The options every in-process test starts from: the configuration file `config` holds, no gpsd (a closed
    /// port), the virtual sink, no session bus, the control interface on `bus` (nil: none).
    nonisolated static func options(config: String, in directory: URL, bus: String?) throws -> DaemonOptions {
        let path = directory.appendingPathComponent("routecue.json")
        try config.write(to: path, atomically: true, encoding: .utf8)
        var options = DaemonOptions()
        options.configPath = path.path
        options.bus = bus.map { .address($0) }
        options.sessionBus = "none"
        options.gpsd = "127.0.0.1:9"
        options.device = "virtual"
        return options
    }

    /// Moves the daemon's clock on by `seconds` (from the test's thread), running what falls due.
    nonisolated func advance(bySeconds seconds: Double) throws {
        let loop = loop
        try RouteCueLoop.runAndWait { loop.advance(bySeconds: seconds) }
    }

    /// The exit status, once it has ended.
    nonisolated var exit: DaemonExit? { exitStatus.value }

    /// Stops the daemon as SIGTERM does and runs its clock until it has ended (from the test's thread). Work on the
    /// daemon's threads takes no virtual time: the journal's last write lands before the clock moves on (else the
    /// stop's 0.8 s bound, a microsecond of real time away on this clock, would end the daemon first).
    nonisolated func stop() throws {
        try RouteCueLoop.runAndWait {
            self.daemon.stop("the test")
            _ = self.loop.settle { !self.daemon.journalFlushing }
            while self.daemon.phase != .ended, self.loop.runNextTimer() {}
            self.pump.stop()
        }
    }

    /// Cuts the power, from the test's thread: from now on nothing of the daemon runs — not its clock, not the jobs
    /// its threads and bus traffic hand the loop (a write already under way on a thread may still reach the disk, as
    /// it would in the instant before a real cut). No SIGTERM, no last journal write, no exit status; the daemon is
    /// left as it was. Settle first (`loop.settle`) whatever must have landed before the cut.
    nonisolated func cutPower() throws {
        try RouteCueLoop.runAndWait { self.pump.stop() }
    }
}

/// Runs a `ManualLoop`'s jobs on RouteCue's loop every millisecond (what bus traffic and other threads hand it), while
/// its clock moves only when the test advances it.
@RouteCueLoop
final class ManualLoopPump {
    private let loop: ManualLoop
    private var timer: LoopTimerID?
    private var stopped = false

    init(_ loop: ManualLoop) { self.loop = loop }

    func start() { tick() }

    func stop() {
        stopped = true
        if let timer { RouteCueLoop.loop.cancel(timer: timer) }
    }

    private func tick() {
        loop.runPending()
        guard !stopped else { return }
        timer = try? RouteCueLoop.loop.schedule(atNanoseconds: RouteCueLoop.loop.nowNanoseconds + 1_000_000) {
            RouteCueLoop.assumeIsolated { [weak self] in self?.tick() }
        }
    }
}
