import EventLoopKit
import RouteCueCore

/// What systemd hears from the daemon (`SystemdNotifier`): READY=1 with the first status once started; STATUS= when
/// it changes while running (a change of state at once, with a log line; distances at most every 2 s); WATCHDOG=1 from
/// a loop timer until the end, so a blocked loop stops the pings; RELOADING=1 and READY=1 around a reload; STOPPING=1.
@RouteCueLoop
final class SystemdStatus {
    private let notifier = SystemdNotifier()
    private let scheduler: any LoopScheduler
    private let log: DaemonLog
    /// The status line now (`GuidanceStatus`).
    private let text: @RouteCueLoop () -> String
    /// Between READY=1 and STOPPING=1: status updates go out.
    private var running = false
    private var pinging = false
    private var last = ""
    /// Where a change of state is logged (the daemon passes it through its filter of repeated trouble).
    var logChange: @RouteCueLoop (String) -> Void
    private var lastAt = MonotonicInstant.zero
    private lazy var statusTimer = LoopTimer(on: scheduler) { [weak self] in self?.update(force: true) }
    private lazy var watchdogTimer = LoopTimer(on: scheduler) { [weak self] in self?.watchdogPing() }

    /// Notifications on `scheduler`'s clock, the status read from `text`.
    init(scheduler: any LoopScheduler, log: DaemonLog, text: @escaping @RouteCueLoop () -> String) {
        self.scheduler = scheduler
        self.log = log
        self.text = text
        logChange = { [log] line in log.info(line) }
    }

    /// READY=1 with the status, which it returns; the watchdog pings start when systemd asks for them.
    func ready() -> String {
        let status = text()
        notifier.ready(status: status)
        running = true
        last = status
        if let interval = notifier.watchdogInterval {
            log.debug("watchdog: pinging systemd every \(interval) s")
            pinging = true
            watchdogPing()
        }
        return status
    }

    /// Sends systemd the status when it changed: at once for a change of state (`force`, or another kind of status),
    /// at most every 2 s for distances.
    func update(force: Bool) {
        guard running else { return }
        let now = scheduler.now
        let text = text()
        guard text != last else { return }
        let kind = { (s: String) in s.prefix { $0 != ":" } }
        if !force, kind(text) == kind(last), now.seconds(since: lastAt) < 2 {
            statusTimer.set(lastAt.advanced(bySeconds: 2))
            return
        }
        if kind(text) != kind(last) { logChange("status: \(text)") }
        last = text
        lastAt = now
        notifier.status(text)
    }

    /// A reload begins (RELOADING=1).
    func reloading() { notifier.reloading() }

    /// A reload is over, applied or not (READY=1 with the status).
    func reloaded() { notifier.ready(status: text()) }

    /// Stopping: STOPPING=1; no more status updates (the watchdog pings go on until `ended`).
    func stopping() {
        running = false
        notifier.stopping(status: "stopping")
    }

    /// The end: no more pings.
    func ended() {
        running = false
        pinging = false
        watchdogTimer.set(nil)
    }

    private func watchdogPing() {
        guard pinging, let interval = notifier.watchdogInterval else { return }
        notifier.watchdog()
        watchdogTimer.set(scheduler.now.advanced(bySeconds: interval))
    }
}
