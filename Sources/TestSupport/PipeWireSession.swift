import DriveLab
import EventLoopKit
import Foundation
import Glibc
import XCTest

/// A real PipeWire session of a test's own, headless: `pipewire` and `wireplumber` (Debian 12: 0.3.65 and 0.4.13)
/// with a private `XDG_RUNTIME_DIR`, state and configuration folder and the test's session bus, a null sink
/// `car-speakers`, and WirePlumber's role-based policy switched on the way AGL does it: Navigation ducks Multimedia
/// to 0.2 of its level, Communication corks both. Started by the test, every process is stopped by its PID when the
/// session ends, also on failure (`stop()`, `deinit`).
public final class PipeWireSession: @unchecked Sendable {
    /// What a client needs in its environment to reach this session (pipewire-alsa, pw-play, mpv's `--ao=pipewire`).
    public let environment: [String: String]
    /// The session's folder: runtime, state, configuration and logs.
    public let directory: URL
    private var processes: [Process] = []

    /// WirePlumber 0.4's endpoints policy (policy.lua.d), as `/usr/share/wireplumber/policy.lua.d/50-endpoints-config.lua`
    /// shows it, AGL's levels. A role for `Audio/Source` is needed: without one, any capture stream (pw-record) makes
    /// `policy-endpoint-client.lua` fail ("Constraint: equals: expected constraint value") and no stream is linked.
    public static let rolePolicy = """
        default_policy.policy["duck.level"] = 0.2
        default_policy.policy.roles = {
          ["Capture"] = {
            ["alias"] = { "Multimedia", "Music", "Voice", "Capture" },
            ["priority"] = 25, ["action.default"] = "cork", ["action.capture"] = "mix", ["media.class"] = "Audio/Source",
          },
          ["Multimedia"] = {
            ["alias"] = { "Movie", "Music", "Game" },
            ["priority"] = 25, ["action.default"] = "cork",
          },
          ["Navigation"] = {
            ["priority"] = 50, ["action.default"] = "duck", ["action.Navigation"] = "mix",
          },
          ["Communication"] = {
            ["priority"] = 75, ["action.default"] = "cork", ["action.Communication"] = "mix",
          },
        }
        default_policy.endpoints = {
          ["endpoint.multimedia"] = { ["media.class"] = "Audio/Sink", ["role"] = "Multimedia" },
          ["endpoint.navigation"] = { ["media.class"] = "Audio/Sink", ["role"] = "Navigation" },
          ["endpoint.communication"] = { ["media.class"] = "Audio/Sink", ["role"] = "Communication" },
        }

        """

    /// The tools a session needs, with their Debian packages.
    static let tools = [("pipewire", "pipewire-bin"), ("wireplumber", "wireplumber"), ("pw-cli", "pipewire-bin"),
                        ("pw-dump", "pipewire-bin"), ("pw-play", "pipewire-bin"), ("pw-record", "pipewire-bin"),
                        ("pw-link", "pipewire-bin")]

    /// Skips the test, naming the Debian package, when a tool or pipewire-alsa's ALSA plugin is missing.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        for (tool, package) in tools where (try? CommandRunner.path(of: tool)) == nil {
            throw XCTSkip("\(tool) is not installed (Debian package \(package)): skipped", file: file, line: line)
        }
        let plugins = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"].map { $0 + "/alsa-lib/libasound_module_pcm_pipewire.so" }
        guard plugins.contains(where: FileManager.default.fileExists(atPath:)) else {
            throw XCTSkip("pipewire-alsa's ALSA plugin is not installed (Debian package pipewire-alsa): skipped", file: file, line: line)
        }
    }

    /// Starts `pipewire`, then `wireplumber` with `policy` (nil: Debian's own, no roles) on the session bus at
    /// `busAddress`, and makes the null sink `car-speakers`; returns once WirePlumber has made the role endpoints (with a
    /// policy) and the sink is there, within 10 s.
    public init(busAddress: String, policy: String? = PipeWireSession.rolePolicy) throws {
        directory = try CommandRunner.temporaryDirectory()
        let runtime = directory.appendingPathComponent("run"), state = directory.appendingPathComponent("state")
        let config = directory.appendingPathComponent("config/wireplumber/policy.lua.d")
        for folder in [runtime, state, config] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        chmod(runtime.path, 0o700)
        if let policy { try policy.write(to: config.appendingPathComponent("51-routecue-test-roles.lua"), atomically: true, encoding: .utf8) }
        environment = ["XDG_RUNTIME_DIR": runtime.path, "PIPEWIRE_RUNTIME_DIR": runtime.path, "XDG_STATE_HOME": state.path,
                       "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "DBUS_SESSION_BUS_ADDRESS": busAddress]
        do {
            try start("pipewire", [])
            guard PollingWait.until(timeout: 10, { FileManager.default.fileExists(atPath: runtime.appendingPathComponent("pipewire-0").path) }) else {
                throw DBusDaemonError(message: "pipewire made no socket within 10 s: \(log("pipewire"))")
            }
            try start("wireplumber", [])
            _ = try tool("pw-cli", ["create-node", "adapter",
                                    "{ factory.name=support.null-audio-sink node.name=car-speakers media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"])
            let ready = PollingWait.until(timeout: 10) {
                let names = (try? self.nodes().compactMap { $0["node.name"] as? String }) ?? []
                return names.contains("car-speakers") && (policy == nil || names.contains("control.endpoint.multimedia"))
            }
            guard ready else { throw DBusDaemonError(message: "no sink or role endpoints within 10 s: \(log("wireplumber"))") }
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops every process of the session, last started first, by its PID.
    public func stop() {
        for process in processes.reversed() { process.terminateByPID(grace: 2) }
        processes = []
    }

    /// Starts `tool` in the session (its output in `NAME.log` of the session's folder) and returns it; it is stopped
    /// with the session.
    @discardableResult
    public func start(_ tool: String, _ arguments: [String], name: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CommandRunner.path(of: tool))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let logFile = directory.appendingPathComponent("\(name ?? tool).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        processes.append(process)
        return process
    }

    /// Stops one process started with `start`, by its PID (SIGINT first: pw-record then finishes its file).
    public func stop(_ process: Process, interrupt: Bool = false) {
        if interrupt, process.isRunning {
            kill(process.processIdentifier, SIGINT)
            _ = PollingWait.until(timeout: 3) { !process.isRunning }
        }
        process.terminateByPID(grace: 2)
        processes.removeAll { $0 === process }
    }

    /// What `name` (a started tool) wrote so far.
    public func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
    }

    /// Runs `tool` in the session and waits for it; its standard output (a failure throws, with its status and stderr).
    @discardableResult
    public func tool(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CommandRunner.path(of: tool))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let result = try CommandRunner.capture(process)
        guard result.status == 0 else { throw DBusDaemonError(message: "\(tool) \(arguments.joined(separator: " ")): status \(result.status): \(result.stderr)") }
        return result.stdout
    }

    /// The properties of every node (`pw-dump`), with `object.id` added as `id`.
    public func nodes() throws -> [[String: Any]] {
        let data = Data(try tool("pw-dump", []).utf8)
        let objects = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
        return objects.compactMap { object in
            guard object["type"] as? String == "PipeWire:Interface:Node",
                  var props = (object["info"] as? [String: Any])?["props"] as? [String: Any] else { return nil }
            props["id"] = object["id"]
            return props
        }
    }

    /// The id of the node named `name`, if there is one.
    public func nodeID(named name: String) throws -> Int? {
        try nodes().first { $0["node.name"] as? String == name }?["id"] as? Int
    }

    /// The `monitorVolumes` of node `id` (`pw-cli enum-params ID Props`): a role endpoint's level, which the policy
    /// lowers while a higher role plays.
    public func monitorVolumes(ofNode id: Int) throws -> [Double] {
        let text = try tool("pw-cli", ["enum-params", String(id), "Props"])
        guard let start = text.range(of: "monitorVolumes") else { return [] }
        var volumes: [Double] = []
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            let words = line.split(separator: " ")
            if words.first == "Float", words.count == 2, let value = Double(words[1]) {
                volumes.append(value)
            } else if words.first == "Prop:" {
                break
            }
        }
        return volumes
    }

    /// Starts recording what `car-speakers` plays (its monitor) into `file`, 48 kHz stereo S16; stop it with
    /// `stop(_:interrupt: true)` so the file is finished.
    public func recordSpeakers(to file: URL) throws -> Process {
        let recorder = try start("pw-record", ["-P", "{ node.name=routecue-test-rec node.autoconnect=false }", "--rate", "48000",
                                               "--channels", "2", "--format", "s16", file.path], name: "pw-record")
        guard PollingWait.until(timeout: 5, { (try? self.nodeID(named: "routecue-test-rec")) != nil }) else {
            throw DBusDaemonError(message: "pw-record made no node: \(log("pw-record"))")
        }
        try tool("pw-link", ["car-speakers:monitor_FL", "routecue-test-rec:input_FL"])
        try tool("pw-link", ["car-speakers:monitor_FR", "routecue-test-rec:input_FR"])
        return recorder
    }
}
