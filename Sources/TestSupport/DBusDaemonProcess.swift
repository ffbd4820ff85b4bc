import EventLoopKit
import Foundation
import Glibc
import XCTest

/// A private `dbus-daemon` started for a test (`--config-file=F --nofork --print-address=1 --print-pid=1`, so
/// its PID is the child's own), listening on a unique abstract socket. It is stopped by that PID when the test
/// ends, also on failure (in `deinit`), and can be killed and started again on the same listen address.
public final class DBusDaemonProcess: @unchecked Sendable {
    /// Which policy the bus applies.
    public typealias Kind = DBusBusConfiguration.Kind

    /// Where Debian installs it (package dbus-daemon / dbus).
    public static let path = "/usr/bin/dbus-daemon"
    /// True when dbus-daemon is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Skips the calling test, printing why, when dbus-daemon is not installed.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isAvailable else {
            let message = "SKIPPED: \(path) not found (Debian package dbus-daemon): private-bus tests skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// Its policy.
    public let kind: Kind
    /// The address it listens on (`unix:abstract=routecue-dbus-…`), the same after `restart()`. A client that must
    /// reconnect to a restarted bus uses this one: `address` names the old bus's GUID, which libdbus and sd-bus check.
    public let listenAddress: String
    /// The address it printed at its last start (`listenAddress` plus `,guid=…` of that run).
    public private(set) var address: String = ""
    /// The PID of its last start (it may have exited since: see `isRunning`).
    public private(set) var pid: pid_t = 0
    /// The folder holding its configuration file and log.
    public let directory: URL
    private var process: Process?
    private var output: Pipe?

    /// Starts a bus of `kind` and waits (up to 5 s) until it has printed its address and PID.
    public init(_ kind: Kind = .session) throws {
        self.kind = kind
        listenAddress = "unix:abstract=routecue-dbus-\(getpid())-\(UUID().uuidString)"
        directory = try CommandRunner.temporaryDirectory()
        let configuration = DBusBusConfiguration(kind: kind, listenAddress: listenAddress)
        try Data(configuration.text.utf8).write(to: configurationFile)
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The configuration file it reads.
    public var configurationFile: URL { directory.appendingPathComponent("bus.conf") }

    /// Where its standard error goes (warnings, policy-load problems), across restarts.
    public var logFile: URL { directory.appendingPathComponent("dbus-daemon.log") }

    /// What it has written to standard error so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Whether the last started daemon still runs.
    public var isRunning: Bool { process?.isRunning == true }

    /// Stops it and starts it again on `listenAddress` (a new PID, a new GUID in `address`).
    public func restart() throws {
        stop()
        try start()
    }

    /// Stops it: SIGTERM, then SIGKILL if it has not exited within a second; reaps it.
    public func stop() { process?.terminateByPID(grace: 1) }

    /// SIGKILL: the bus goes away at once, as when it crashes; every client's connection closes.
    public func kill() { process?.killByPID() }

    private func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = ["--config-file=\(configurationFile.path)", "--nofork", "--print-address=1", "--print-pid=1"]
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        // Not the test's own stderr: `swift test` waits for it to close before it reaps a crashed test process.
        let log = try FileHandle(forWritingTo: logFile)
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        try? log.close()
        self.process = process
        self.output = output // kept open: a later write to a closed pipe would kill it with SIGPIPE
        pid = process.processIdentifier
        let printed = TimedLineReader.lines(2, from: output.fileHandleForReading.fileDescriptor, within: 5)
        guard printed.count == 2, printed[0].hasPrefix(listenAddress), printed[1] == String(pid) else {
            kill()
            throw DBusDaemonError(message: "dbus-daemon printed \(printed) instead of its address and PID \(pid); log: \(self.log)")
        }
        address = printed[0]
    }
}

/// A private dbus-daemon could not be started.
public struct DBusDaemonError: Error, CustomStringConvertible {
    /// Why.
    public let message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
