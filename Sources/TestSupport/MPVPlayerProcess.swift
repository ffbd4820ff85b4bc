import EventLoopKit
import Foundation
import Glibc
import XCTest

/// A real mpv with the mpv-mpris plugin on a test's private session bus:
/// `mpv --no-config --script=/usr/lib/mpv-mpris/mpris.so --no-video --ao=null --loop --idle=no --volume=V FILE`
/// with `DBUS_SESSION_BUS_ADDRESS` set to the bus (`--no-config` also stops the auto-loaded copy of the script in
/// /etc/mpv/scripts, hence the explicit `--script`). Started by the test, it is stopped by its PID when the test
/// ends, also on failure (in `deinit`). The first mpv on a bus owns `org.mpris.MediaPlayer2.mpv`, later ones
/// `org.mpris.MediaPlayer2.mpv.instancePID`. Readers and writers of its Volume here go through other processes
/// (gdbus, playerctl) and mpv's own IPC socket, never through RouteCue.
public final class MPVPlayerProcess: @unchecked Sendable {
    /// Where Debian installs mpv (package mpv).
    public static let mpvPath = "/usr/bin/mpv"
    /// The MPRIS plugin (package mpv-mpris).
    public static let scriptPath = "/usr/lib/mpv-mpris/mpris.so"
    /// The name the first mpv on a bus takes.
    public static let firstBusName = "org.mpris.MediaPlayer2.mpv"

    /// True when mpv and the mpv-mpris plugin are installed.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: mpvPath) && FileManager.default.fileExists(atPath: scriptPath)
    }

    /// Skips the calling test, printing why, when mpv or mpv-mpris is not installed.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isAvailable else {
            let missing = FileManager.default.isExecutableFile(atPath: mpvPath) ? "\(scriptPath) (Debian package mpv-mpris)"
                                                                                  : "\(mpvPath) (Debian package mpv)"
            let message = "SKIPPED: \(missing) not found: tests with a real MPRIS player skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// Skips the calling test, printing why, when playerctl is not installed.
    public static func requirePlayerctl(file: StaticString = #filePath, line: UInt = #line) throws {
        guard (try? CommandRunner.path(of: "playerctl")) != nil else {
            let message = "SKIPPED: playerctl not found (Debian package playerctl): test skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// mpv's PID.
    public let pid: pid_t
    /// The MPRIS name it took (`org.mpris.MediaPlayer2.mpv` or `….mpv.instancePID`).
    public private(set) var busName = ""
    /// Seconds from spawn until its MPRIS name was on the bus.
    public private(set) var secondsToBusName = 0.0
    /// The bus it is on.
    public let bus: DBusDaemonProcess
    /// What mpv printed (standard output and error).
    public let logFile: URL
    /// mpv's JSON IPC socket (`--input-ipc-server`), for reading its own properties.
    public let ipcSocket: URL
    private let process: Process
    private let directory: URL

    /// Starts mpv playing `file` on `bus` at startup volume `volume` (mpv percent: 100 is unchanged; MPRIS Volume is
    /// this / 100), to `--ao=null`, or with `audioDevice` to `--ao=alsa --audio-device=alsa/NAME`. `extraArguments`
    /// come last (mpv's last option wins: `--loop=no`, `--pause`, another `--ao`); `environment` is added to the
    /// test's. With `waitForBusName` (the default) it returns once its MPRIS name is on the bus (within 10 s).
    public init(on bus: DBusDaemonProcess, playing file: URL, volume: Double = 100, audioDevice: String? = nil,
                extraArguments: [String] = [], environment: [String: String] = [:], waitForBusName: Bool = true) throws {
        self.bus = bus
        directory = try CommandRunner.temporaryDirectory()
        logFile = directory.appendingPathComponent("mpv.log")
        ipcSocket = directory.appendingPathComponent("mpv.sock")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let output = audioDevice.map { ["--ao=alsa", "--audio-device=alsa/\($0)"] } ?? ["--ao=null"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.mpvPath)
        var arguments: [String] = ["--no-config", "--script=\(Self.scriptPath)", "--no-video"]
        arguments += output
        arguments += ["--loop", "--idle=no", "--volume=\(volume)", "--no-terminal", "--msg-level=all=info",
                      "--log-file=\(logFile.path)", "--input-ipc-server=\(ipcSocket.path)"]
        arguments += extraArguments
        arguments += ["--", file.path]
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // Not the test's own stderr: `swift test` would wait for it to close.
        process.standardError = FileHandle.nullDevice
        let started = MonotonicClock.nanoseconds()
        try process.run()
        self.process = process
        pid = process.processIdentifier
        guard waitForBusName else { return }
        guard let name = waitForName(within: 10) else {
            stop()
            throw DBusDaemonError(message: "mpv (PID \(pid)) took no MPRIS name within 10 s; log: \(log)")
        }
        busName = name
        secondsToBusName = Double(MonotonicClock.nanoseconds() - started) / 1e9
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What mpv logged so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Whether mpv still runs.
    public var isRunning: Bool { process.isRunning }

    /// `busName` without the MPRIS prefix, as playerctl's `--player` takes it (`mpv`, `mpv.instance4242`).
    public var playerctlName: String { String(busName.dropFirst("org.mpris.MediaPlayer2.".count)) }

    /// Stops it by its PID: SIGTERM, then SIGKILL if it has not exited within 2 s; reaps it.
    public func stop() { process.terminateByPID(grace: 2) }

    /// SIGKILL by its PID: it leaves the bus at once, as when it crashes; reaps it.
    public func kill() { process.killByPID() }

    /// Waits up to `seconds` for mpv to exit by itself (`--loop=no`); whether it did.
    public func waitForExit(within seconds: Double) -> Bool {
        PollingWait.until(timeout: seconds, interval: 0.01) { !process.isRunning }
    }

    // MARK: - Its name

    /// The MPRIS name mpv's own connection owns, once there is one (`busctl list` shows each name's PID).
    private func waitForName(within seconds: Double) -> String? {
        var found: String?
        let pid = String(self.pid)
        PollingWait.until(timeout: seconds, interval: 0.02) {
            guard process.isRunning else { return true }
            let listing = (try? bus.busctl(["list", "--no-legend", "--no-pager", "--acquired"]))?.stdout ?? ""
            for line in listing.split(separator: "\n") {
                let columns: [Substring] = line.split(separator: " ")
                if columns.count >= 2, columns[0].hasPrefix(Self.firstBusName), columns[1] == pid {
                    found = String(columns[0])
                }
            }
            return found != nil
        }
        return found
    }

    // MARK: - Its volume, from outside RouteCue

    /// MPRIS Volume as another connection reads it (`gdbus call … Properties.Get`, which prints all 17 digits).
    public func mprisVolume() throws -> Double {
        let reply = try bus.gdbusCall(destination: busName, path: "/org/mpris/MediaPlayer2",
                                      method: "org.freedesktop.DBus.Properties.Get",
                                      ["org.mpris.MediaPlayer2.Player", "Volume"])
        // `(<0.69999999999999996>,)`
        let text = reply.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "(<>,)"))
        guard reply.status == 0, let volume = Double(text) else {
            throw DBusDaemonError(message: "gdbus read no Volume of \(busName): \(reply.stdout) \(reply.stderr)")
        }
        return volume
    }

    /// Sets MPRIS Volume from another connection, as a user's volume control would (`gdbus call … Properties.Set`).
    public func setMPRISVolumeAsUser(_ volume: Double) throws {
        let reply = try bus.gdbusCall(destination: busName, path: "/org/mpris/MediaPlayer2",
                                      method: "org.freedesktop.DBus.Properties.Set",
                                      ["org.mpris.MediaPlayer2.Player", "Volume", "<\(volume)>"])
        guard reply.status == 0 else {
            throw DBusDaemonError(message: "gdbus could not set Volume of \(busName): \(reply.stderr)")
        }
    }

    /// Runs `playerctl --player=NAME ARGUMENTS` against this mpv on its bus (`volume 0.4`, `pause`, `status`).
    public func playerctl(_ arguments: [String]) throws -> CommandRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CommandRunner.path(of: "playerctl"))
        process.arguments = ["--player=\(playerctlName)"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        return try CommandRunner.capture(process)
    }

    /// One of mpv's own properties (`volume`, `pause`) read through its JSON IPC socket, as mpv prints it
    /// (`50.000000`: mpv's JSON writer gives doubles six decimals).
    public func mpvProperty(_ name: String, timeout: Double = 5) throws -> String {
        let reply = try ipcRequest("{\"command\":[\"get_property\",\"\(name)\"]}\n", timeout: timeout)
        // {"data":50.000000,"request_id":0,"error":"success"}
        guard reply.contains("\"error\":\"success\""), let start = reply.range(of: "\"data\":") else {
            throw DBusDaemonError(message: "mpv IPC answered \(reply) for \(name)")
        }
        let rest = reply[start.upperBound...]
        let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
        return String(rest[..<end]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    private func ipcRequest(_ request: String, timeout: Double) throws -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError.last("socket") }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(ipcSocket.path.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw DBusDaemonError(message: "socket path too long: \(ipcSocket.path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
            raw[path.count] = 0
        }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw SystemCallError.last("connect \(ipcSocket.path)") }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw SystemCallError.last("send to mpv")
        }
        // mpv may send event lines too; the reply is the line with "request_id".
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw DBusDaemonError(message: "mpv IPC gave no reply: \(String(decoding: received, as: UTF8.self))") }
            received += buffer[0..<count]
            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
            if let line = lines.first(where: { $0.contains("\"request_id\"") }) { return String(line) }
        }
    }

    // MARK: - Something to play

    /// Writes a stereo 16-bit WAV of a sine tone (what `sox -n -r 48000 -c 2 -b 16 tone.wav synth 10 sine 440 vol 0.5`
    /// makes), so the tests need no sox: `amplitude` is the peak, 1.0 being full scale.
    public static func writeTone(to url: URL, seconds: Double = 10, frequency: Double = 440, amplitude: Double = 0.5,
                                 sampleRate: Int = 48_000) throws {
        let frames = Int(seconds * Double(sampleRate))
        let dataBytes = frames * 4
        var data = Data(capacity: 44 + dataBytes)
        func le32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        le32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le32(16)
        le16(1)              // PCM
        le16(2)              // channels
        le32(sampleRate)
        le32(sampleRate * 4) // bytes per second
        le16(4)              // bytes per frame
        le16(16)             // bits per sample
        data.append(contentsOf: Array("data".utf8))
        le32(dataBytes)
        var samples = [Int16](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let value = amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate))
            let sample = Int16(max(-32768, min(32767, (value * 32767).rounded())))
            samples[2 * frame] = sample.littleEndian
            samples[2 * frame + 1] = sample.littleEndian
        }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: url)
    }
}
