import EventLoopKit
import Glibc

extension ManualLoop {
    /// Runs the jobs other threads hand this loop (the import thread's results, the HTTP client's answers) until
    /// `done` holds; false after `timeout` seconds of real time without it. No virtual time passes.
    @RouteCueLoop
    public func settle(timeout: Double = 10, until done: () -> Bool) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while !done() {
            guard MonotonicClock.nanoseconds() < deadline else { return false }
            if pendingJobCount == 0 { usleep(1000) }
            runPending()
        }
        return true
    }
}
