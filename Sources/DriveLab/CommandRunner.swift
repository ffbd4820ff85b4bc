import Foundation

/// Runs the built `routecue` executable (and system tools) as a child process for tests and benches, capturing its
/// output.
public struct CommandRunner {
    /// What a finished command left behind.
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `routecue` binary: `$ROUTECUE_BINARY` when set (`make test-aarch64` names the aarch64 build there, run
    /// under qemu), else the one next to the test bundle (same build directory, also under `--scratch-path`), else
    /// the repository's `.build/debug/routecue`.
    public static var routecueBinary: URL {
        if let given = ProcessInfo.processInfo.environment["ROUTECUE_BINARY"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("routecue")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return RepositoryPaths.root.appendingPathComponent(".build/debug/routecue")
    }

    /// Runs `routecue` with `arguments`, in the repository root, and waits for it.
    public static func routecue(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = routecueBinary
        process.arguments = arguments
        process.currentDirectoryURL = RepositoryPaths.root
        return try capture(process)
    }

    /// Starts `process` with its standard output and error captured, and waits for it.
    public static func capture(_ process: Process) throws -> Result {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory for one test.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routecue-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
