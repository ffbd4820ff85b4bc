import DriveLab
import EventLoopKit
import Foundation

/// Takes one drive's gpsd away for each of its outages, on a thread of its own: `kill -9` when the feeder's clock
/// reaches the outage's start, started again on the same port at its end (`FeederSchedule.absence`), while the
/// daemon's log (written with `--log-level debug`, so no repeat is left out) is followed to see when `routecue run`
/// had connected again and had its first fix.
final class GPSDOutageController: @unchecked Sendable {
    /// What happened around one outage (CLOCK_MONOTONIC nanoseconds).
    struct Outcome {
        /// When gpsd was killed.
        var killed: UInt64?
        /// When the new gpsd accepted connections.
        var listening: UInt64?
        /// When the daemon logged "gps: waiting for a fix" (connected again), and "gps: fix" (its first fix).
        var connected: UInt64?
        var firstFix: UInt64?
        /// Why gpsd could not be started again.
        var failure: String?
    }

    private let feeder: NMEAFeeder
    private let gpsd: GPSDProcess
    private let absences: [FeederAbsence]
    private let lock = NSLock()
    private var running = true
    private var outcomes: [Outcome]
    private let done = DispatchSemaphore(value: 0)

    /// Starts the thread taking `gpsd` away for each of `absences` (on `feeder`'s clock) and following the daemon's
    /// log at `log`.
    init(feeder: NMEAFeeder, gpsd: GPSDProcess, absences: [FeederAbsence], log: String) {
        self.feeder = feeder
        self.gpsd = gpsd
        self.absences = absences
        outcomes = Array(repeating: Outcome(), count: absences.count)
        let thread = Thread { [self] in
            defer { done.signal() }
            run(LogFollower(path: log))
        }
        thread.start()
    }

    /// Stops the thread (gpsd is left as it is) and gives each outage's outcome.
    func finish() -> [Outcome] {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { outcomes }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func run(_ follower: LogFollower) {
        var started: UInt64?
        while started == nil {
            guard isRunning else { return }
            started = feeder.startedAt
            usleep(10_000)
        }
        guard let started else { return }
        func at(_ seconds: Double) -> UInt64 { started + UInt64(max(0, seconds) * 1e9) }
        for (i, absence) in absences.enumerated() {
            guard sleep(until: at(absence.stop)) else { return }
            gpsd.kill9()
            let killed = MonotonicClock.nanoseconds()
            lock.withLock { outcomes[i].killed = killed }
            guard sleep(until: at(absence.restart)) else { return }
            follower.poll()
            let seen = follower.lines.count
            do {
                try gpsd.start()
                let listening = MonotonicClock.nanoseconds()
                lock.withLock { outcomes[i].listening = listening }
            } catch {
                lock.withLock { outcomes[i].failure = "\(error)" }
                continue
            }
            // The daemon's reconnect and first fix, until 10 s later or the next outage.
            let until = min(MonotonicClock.nanoseconds() + 10_000_000_000,
                            i + 1 < absences.count ? at(absences[i + 1].stop) : UInt64.max)
            while isRunning, MonotonicClock.nanoseconds() < until {
                follower.poll()
                let lines = follower.lines.dropFirst(seen)
                let connected = lines.first { $0.text.hasSuffix("gps: waiting for a fix") }?.at
                let fix = lines.first { $0.text.hasSuffix("gps: fix") }?.at
                lock.withLock {
                    outcomes[i].connected = connected
                    outcomes[i].firstFix = fix
                }
                if fix != nil { break }
                usleep(2_000)
            }
        }
    }

    /// Sleeps until `instant` (CLOCK_MONOTONIC ns); false when stopped meanwhile.
    private func sleep(until instant: UInt64) -> Bool {
        while true {
            guard isRunning else { return false }
            let now = MonotonicClock.nanoseconds()
            guard now < instant else { return true }
            usleep(UInt32(min(10_000_000, instant - now) / 1_000))
        }
    }
}
