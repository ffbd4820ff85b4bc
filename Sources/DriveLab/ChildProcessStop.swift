import Foundation
import EventLoopKit
#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Stops a child the test (or bench) started, by its PID only: SIGTERM, then SIGKILL if it has not exited within `grace`
    /// seconds; reaps it. Nothing happens once it has exited.
    public func terminateByPID(grace: Double) {
        guard isRunning else { return }
        let pid = processIdentifier
        _ = Glibc.kill(pid, SIGTERM)
        let end = MonotonicClock.nanoseconds() + UInt64(grace * 1e9)
        while isRunning, MonotonicClock.nanoseconds() < end { usleep(2_000) }
        if isRunning { _ = Glibc.kill(pid, SIGKILL) }
        waitUntilExit()
    }

    /// SIGKILL by its PID, as when the program crashes; reaps it.
    public func killByPID() {
        guard isRunning else { return }
        _ = Glibc.kill(processIdentifier, SIGKILL)
        waitUntilExit()
    }
}
