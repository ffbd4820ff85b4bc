import EventLoopKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The children a bench started (gpsd, `routecue run`), stopped when the bench itself is interrupted. Foundation's
/// `Process` starts each child in a process group of its own, so the SIGINT of a Ctrl-C or the SIGTERM of a timeout
/// reaches the bench only, and without this its gpsd and daemons would go on running after it.
///
/// `install()` sets the handler once (SIGINT, SIGTERM, SIGHUP): it sends SIGTERM to every registered PID, then lets
/// the signal end the bench as it would have. The handler only reads a fixed table and calls `kill` and `raise`,
/// which are async-signal-safe. A PID is registered when its child is started and removed once it is reaped.
public enum ChildProcessCleanup {
    /// The most children tracked at once; more are started normally but not stopped on an interrupt.
    public static let capacity = 256
    /// PIDs, 0 where a slot is free. Written under `slotsLock` by the threads that start and reap children, read by the
    /// signal handler (an aligned 32-bit load each).
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    private static let slotsLock = LockedValue(())

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP (once is enough; again does no harm).
    public static func install() {
        _ = table
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                ChildProcessCleanup.terminateAll()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Runs `process` (as `Process.run()`) and tracks it until it is reaped: its `terminationHandler` is chained to
    /// forget the PID once Foundation has reaped the child.
    public static func run(_ process: Process) throws {
        let previous = process.terminationHandler
        process.terminationHandler = { process in
            remove(process.processIdentifier)
            previous?(process)
        }
        try process.run()
        register(process.processIdentifier)
        if !process.isRunning { remove(process.processIdentifier) }
    }

    /// Tracks `pid` until `remove(_:)`.
    public static func register(_ pid: Int32) {
        guard pid > 0 else { return }
        slotsLock.withLock { _ in
            if let free = (0..<capacity).first(where: { table[$0] == 0 }) { table[free] = pid }
        }
    }

    /// Stops tracking `pid` (its child was reaped: the PID may be reused).
    public static func remove(_ pid: Int32) {
        slotsLock.withLock { _ in
            for slot in 0..<capacity where table[slot] == pid { table[slot] = 0 }
        }
    }

    /// The PIDs tracked now.
    public static var registered: [Int32] {
        slotsLock.withLock { _ in (0..<capacity).map { table[$0] }.filter { $0 != 0 } }
    }

    /// SIGTERM to every tracked PID (the signal handler's work; async-signal-safe).
    static func terminateAll() {
        for slot in 0..<capacity {
            let pid = table[slot]
            if pid > 0 { _ = kill(pid, SIGTERM) }
        }
    }
}
