import EventLoopKit
import Foundation
import Glibc
import XCTest

/// python-dbusmock with one of its templates (`bluez5`, `ofono`, or a template file of ours such as
/// `Tests/fixtures/dbusmock/bluealsa.py`) on a private bus, started by the test and stopped by
/// its PID when the test ends (also on failure, in `deinit`). Debian's `/usr/bin/python3` with python3-dbusmock.
public final class DBusMockProcess: @unchecked Sendable {
    /// Debian's interpreter, which has python3-dbus and python3-dbusmock.
    public static let python = "/usr/bin/python3"
    private let process: Process
    /// The name the template owns (`org.bluez`).
    public let name: String
    /// The mock's output (its log of calls), for failure messages.
    public let logFile: URL

    /// Skips the calling test, printing why, when python3-dbusmock is not installed.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        let probe = try CommandRunner.run(python, ["-c", "import dbusmock"])
        guard probe.status == 0 else {
            let message = "SKIPPED: python3-dbusmock not installed (Debian package python3-dbusmock): mock-service tests skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// Starts `template` (a template name, or the absolute path of a template `.py` file) on `bus` as its system bus
    /// (`--system`, `DBUS_SYSTEM_BUS_ADDRESS`) and waits until it owns `name`.
    public init(template: String, owning name: String, on bus: DBusDaemonProcess) throws {
        self.name = name
        let templateName = template.split(separator: "/").last.map(String.init) ?? template
        logFile = bus.directory.appendingPathComponent("dbusmock-\(templateName).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-m", "dbusmock", "--system", "-t", template]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let log = try FileHandle(forWritingTo: logFile)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        guard bus.waitForOwner(of: name, within: 10) else {
            stop()
            throw DBusDaemonError(message: "dbusmock -t \(template) did not take \(name) within 10 s: \(self.log)")
        }
    }

    /// What the mock wrote.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops it by its PID (SIGTERM, then SIGKILL after a second).
    public func stop() { process.terminateByPID(grace: 1) }

    deinit { stop() }
}
