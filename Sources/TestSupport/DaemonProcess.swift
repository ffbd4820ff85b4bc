import DriveLab
import EventLoopKit
import Foundation
import Glibc

/// `routecue run` started by a test as a child process: its standard error is collected line by line (each line
/// with the monotonic instant it arrived), it can be sent signals, and it is stopped by PID (SIGKILL as the last
/// resort) when the test ends, also on failure.
public final class DaemonProcess: @unchecked Sendable {
    /// One line of its standard error.
    public struct Line: Sendable {
        public let text: String
        public let at: UInt64
    }

    /// The child's PID.
    public let pid: Int32
    private let process: Process
    /// The lines read so far, shared with the reading thread.
    private final class Lines: Sendable {
        let all = LockedValue<[Line]>([])
    }

    private let lines = Lines()
    private let reader: Thread

    /// Starts `routecue run` with `arguments` in the repository root, with `environment` added to the test's (and
    /// `NOTIFY_SOCKET`/`WATCHDOG_*`/`JOURNAL_STREAM` removed unless given). With `journal`, `JOURNAL_STREAM` names its
    /// standard error, as systemd sets it for a unit logging to the journal. Without a `--bus` argument it runs with
    /// `--bus none`: a test never reaches for the machine's own system bus.
    public init(_ arguments: [String], environment: [String: String] = [:], journal: Bool = false) throws {
        let process = Process()
        process.executableURL = CommandRunner.routecueBinary
        process.arguments = ["run"] + arguments + (arguments.contains("--bus") ? [] : ["--bus", "none"])
        process.currentDirectoryURL = SharedData.repositoryRoot
        var env = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM"] { env[key] = nil }
        env.merge(environment) { $1 }
        let err = Pipe()
        if journal {
            var info = stat()
            guard fstat(err.fileHandleForWriting.fileDescriptor, &info) == 0 else { throw SystemCallError.last("fstat") }
            env["JOURNAL_STREAM"] = "\(info.st_dev):\(info.st_ino)"
        }
        process.environment = env
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        self.process = process
        pid = process.processIdentifier
        let lines = self.lines
        let handle = err.fileHandleForReading
        reader = Thread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending += chunk
                while let newline = pending.firstIndex(of: 10) {
                    let text = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    let at = MonotonicClock.nanoseconds()
                    lines.all.withLock { $0.append(Line(text: text, at: at)) }
                }
            }
        }
        reader.start()
    }

    deinit { kill() }

    /// Its standard error so far.
    public var stderr: [Line] { lines.all.withLock { $0 } }

    /// Its standard error as one text.
    public var stderrText: String { stderr.map(\.text).joined(separator: "\n") }

    /// The first line containing `text`, waiting up to `timeout` seconds (times `SanitizerRun.slowdown`).
    public func line(containing text: String, within timeout: Double) -> Line? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * SanitizerRun.slowdown * 1e9)
        while true {
            if let found = stderr.first(where: { $0.text.contains(text) }) { return found }
            if MonotonicClock.nanoseconds() > end || !process.isRunning {
                return stderr.first { $0.text.contains(text) }
            }
            usleep(5_000)
        }
    }

    /// Sends `signal` (SIGTERM, SIGHUP, …).
    public func send(_ signal: Int32) {
        if process.isRunning { _ = Glibc.kill(pid, signal) }
    }

    /// Waits up to `timeout` seconds (times `SanitizerRun.slowdown`) for it to exit; its status, or nil if it still
    /// runs.
    public func waitForExit(within timeout: Double) -> Int32? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * SanitizerRun.slowdown * 1e9)
        while process.isRunning {
            if MonotonicClock.nanoseconds() > end { return nil }
            usleep(5_000)
        }
        return process.terminationStatus
    }

    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }

    /// Stops it at once (SIGKILL) if it still runs, and reaps it.
    public func kill() {
        if process.isRunning {
            _ = Glibc.kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}
