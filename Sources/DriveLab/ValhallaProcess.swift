import EventLoopKit
import Foundation
import HTTPKit
import Glibc

/// A real Valhalla routing engine (3.9.1, the executables of the pyvalhalla wheel that `tools/fetch-valhalla.sh`
/// unpacks) serving a test's map: `valhalla_service CONFIG 1` on a free 127.0.0.1 port, with private `ipc://` paths for
/// its loopback and interrupt sockets (the defaults in /tmp collide between services) and a drain of 0 s (else SIGTERM
/// takes 29 s). Tiles come from `ValhallaTiles` (built once per map text and cached). Started by the test, it is
/// stopped by its PID when the test (or bench) ends, also on failure (in `deinit`).
///
/// ```swift
/// try ValhallaProcess.require()
/// let valhalla = try ValhallaProcess(map: TestMap.town)
/// let (status, body) = try valhalla.post("/route", json: #"{"locations": …, "costing": "auto"}"#)
/// ```
public final class ValhallaProcess: @unchecked Sendable {
    /// The Valhalla release the tests run.
    public static let version = "3.9.1"

    /// RouteCue's cache folder: `${XDG_CACHE_HOME:-$HOME/.cache}/routecue` (the engine and the tiles live below it).
    public static var cacheRoot: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("routecue")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/routecue")
    }

    /// Where the unpacked wheel is: `ROUTECUE_VALHALLA_DIR`, else `cacheRoot/valhalla-3.9.1` (as in fetch-valhalla.sh).
    public static var installDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["ROUTECUE_VALHALLA_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return cacheRoot.appendingPathComponent("valhalla-\(version)")
    }

    /// The folder of the executables (`valhalla_service`, `valhalla_build_tiles`, `valhalla_build_admins`).
    public static var binDirectory: URL { installDirectory.appendingPathComponent("valhalla/bin") }
    /// The wheel's plain-Python config writer.
    public static var buildConfigScript: URL { installDirectory.appendingPathComponent("valhalla/valhalla_build_config.py") }
    /// The script that downloads the engine.
    public static let fetchScript = RepositoryPaths.root.appendingPathComponent("tools/fetch-valhalla.sh")

    /// An executable of the engine.
    public static func tool(_ name: String) -> URL { binDirectory.appendingPathComponent(name) }

    /// Whether the engine and the tools the tiles need are there, and if not why; found (running
    /// `tools/fetch-valhalla.sh` when the engine is missing) once per test process.
    public static let availability: Result<URL, ValhallaError> = findEngine()

    /// True when tests with a real engine can run.
    public static var isAvailable: Bool { (try? availability.get()) != nil }

    // MARK: - One service

    /// Its URL, `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }
    /// The port it listens on.
    public let port: UInt16
    /// Its PID.
    public let pid: pid_t
    /// The tiles it serves.
    public let tiles: ValhallaTiles
    /// Its configuration file (private listen address and ipc paths).
    public let configFile: URL
    /// What it printed (standard output and error).
    public let logFile: URL
    /// Seconds from spawn until it answered `GET /status`.
    public let secondsToReady: Double
    private let process: Process
    private let directory: URL

    /// Builds (or reuses) the tiles of the OSM XML `map` and starts a service on them.
    public convenience init(map: String) throws {
        try self.init(tiles: try ValhallaTiles.forMap(map))
    }

    /// Starts `valhalla_service CONFIG 1` on `tiles`, on a free port (another one if that port was taken meanwhile),
    /// and waits (up to 10 s) until it answers `GET /status`.
    public init(tiles: ValhallaTiles) throws {
        _ = try Self.availability.get()
        self.tiles = tiles
        directory = try CommandRunner.temporaryDirectory()
        logFile = directory.appendingPathComponent("valhalla_service.log")
        configFile = directory.appendingPathComponent("valhalla.json")
        var lastError = ValhallaError(message: "valhalla_service did not start")
        for _ in 0..<3 {
            let port = try LoopbackSocket.freePort()
            try ValhallaTiles.writeConfig(to: configFile, tiles: tiles, listen: "tcp://127.0.0.1:\(port)",
                                          socketFolder: directory)
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            let process = Process()
            process.executableURL = Self.tool("valhalla_service")
            process.arguments = [configFile.path, "1"]
            process.standardInput = FileHandle.nullDevice
            let logHandle = try FileHandle(forWritingTo: logFile)
            process.standardOutput = logHandle
            // Not the test's own stderr: `swift test` would wait for it to close.
            process.standardError = logHandle
            let started = MonotonicClock.nanoseconds()
            try ChildProcessCleanup.run(process)
            try? logHandle.close()
            var answered = false
            PollingWait.until(timeout: 10, interval: 0.005) {
                guard process.isRunning else { return true }
                answered = (try? Self.request("GET", "/status", body: nil, port: port, timeout: 1))?.status == 200
                return answered
            }
            if answered {
                self.port = port
                self.process = process
                pid = process.processIdentifier
                secondsToReady = Double(MonotonicClock.nanoseconds() - started) / 1e9
                return
            }
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if process.isRunning {
                _ = Glibc.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                lastError = ValhallaError(message: "valhalla_service (PID \(process.processIdentifier)) did not answer GET /status on port \(port) within 10 s; log: \(log)")
                break
            }
            process.waitUntilExit()
            // Exited by itself: most likely the port was taken between freePort() and its bind. Try another.
            lastError = ValhallaError(message: "valhalla_service exited with status \(process.terminationStatus) on port \(port); log: \(log)")
        }
        try? FileManager.default.removeItem(at: directory)
        throw lastError
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }

    /// What it logged so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops it by its PID: SIGTERM, then SIGKILL if it has not exited within 2 s; reaps it.
    public func stop() { process.terminateByPID(grace: 2) }

    /// SIGKILL by its PID, as when the engine crashes; reaps it.
    public func kill() { process.killByPID() }

    /// How it ended: the signal or exit status (`process.terminationReason` as text), nil while it runs.
    public var termination: String? {
        guard !process.isRunning else { return nil }
        return process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
    }

    // MARK: - Requests

    /// POSTs `json` to `path` (`/route`, `/trace_attributes`, …) and waits for the answer: its HTTP status and body.
    public func post(_ path: String, json: String, timeout: Double = 10) throws -> (status: Int, body: [UInt8]) {
        let response = try Self.request("POST", path, body: Array(json.utf8), port: port, timeout: timeout)
        return (response.status, response.body)
    }

    /// POSTs a JSON object (serialized with JSONSerialization) to `path`.
    public func post(_ path: String, object: Any, timeout: Double = 10) throws -> (status: Int, body: [UInt8]) {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return try post(path, json: String(decoding: data, as: UTF8.self), timeout: timeout)
    }

    /// GETs `path` (`/status`): its HTTP status and body.
    public func get(_ path: String, timeout: Double = 10) throws -> (status: Int, body: [UInt8]) {
        let response = try Self.request("GET", path, body: nil, port: port, timeout: timeout)
        return (response.status, response.body)
    }

    /// One exchange with 127.0.0.1:`port` through RouteCue's own HTTP client (`HTTPExchange`): its status and body.
    static func request(_ method: String, _ path: String, body: [UInt8]?, port: UInt16,
                        timeout: Double) throws -> (status: Int, body: [UInt8]) {
        let endpoint = try HTTPEndpoint("http://127.0.0.1:\(port)")
        switch HTTPExchange.perform(HTTPRequest(method: method, path: path, body: body ?? []), at: endpoint, timeout: timeout) {
        case .success(let response): return (response.status, response.body)
        case .failure(let error): throw ValhallaError(message: "\(method) \(path): \(error)")
        }
    }

    // MARK: - Finding the engine

    private static func findEngine() -> Result<URL, ValhallaError> {
        if !engineRuns() {
            guard FileManager.default.fileExists(atPath: fetchScript.path) else {
                return .failure(ValhallaError(message: "Valhalla \(version) not found in \(installDirectory.path) and no \(fetchScript.path) to fetch it"))
            }
            print("ValhallaProcess: Valhalla \(version) not in \(installDirectory.path): running tools/fetch-valhalla.sh")
            let fetch = Process()
            fetch.executableURL = URL(fileURLWithPath: "/bin/sh")
            fetch.arguments = [fetchScript.path]
            fetch.standardInput = FileHandle.nullDevice
            guard let result = try? CommandRunner.capture(fetch) else {
                return .failure(ValhallaError(message: "cannot run /bin/sh \(fetchScript.path)"))
            }
            guard result.status == 0, engineRuns() else {
                let reason = result.stderr.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
                return .failure(ValhallaError(message: "Valhalla \(version) could not be fetched (\(reason))"))
            }
        }
        guard (try? CommandRunner.path(of: "osmium")) != nil else {
            return .failure(ValhallaError(message: "osmium not found (Debian package osmium-tool), needed to build Valhalla tiles"))
        }
        guard (try? CommandRunner.path(of: "python3")) != nil else {
            return .failure(ValhallaError(message: "python3 not found (Debian package python3), needed for valhalla_build_config.py"))
        }
        return .success(binDirectory)
    }

    /// The unpacked engine is complete and `valhalla_service --version` prints the expected version.
    private static func engineRuns() -> Bool {
        let fm = FileManager.default
        guard fm.fileExists(atPath: installDirectory.appendingPathComponent(".complete").path),
              fm.fileExists(atPath: buildConfigScript.path),
              ["valhalla_service", "valhalla_build_tiles", "valhalla_build_admins"].allSatisfy({ fm.isExecutableFile(atPath: tool($0).path) }),
              let result = try? CommandRunner.run(tool("valhalla_service").path, ["--version"]) else { return false }
        return result.status == 0 && result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == version
    }
}

/// Why the engine, its tiles or a request failed.
public struct ValhallaError: Error, CustomStringConvertible, Sendable {
    /// Why.
    public let message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
