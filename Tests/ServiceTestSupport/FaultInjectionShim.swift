import Foundation
import Glibc
import TestSupport

/// `Tests/fixtures/fault-injection/statefaults.c` built as an `LD_PRELOAD` library for process tests: in a child
/// started with `LD_PRELOAD=<build()>`, `ROUTECUE_FAULT_ENOSPC=<substring>` makes writes to files whose path contains
/// it fail with ENOSPC, and `ROUTECUE_FAULT_PAUSE_RENAME=<substring>` with `ROUTECUE_FAULT_MARKER=<path>` stops a
/// rename onto such a path after writing the pid to the marker (up to 60 s, or until the marker is removed). Only
/// calls through the dynamic symbols are caught: glibc's stdio (bash's `echo`, coreutils' `echo`) writes past it.
public enum FaultInjectionShim {
    /// Writes to a path containing its value fail with ENOSPC.
    public static let enospcVariable = "ROUTECUE_FAULT_ENOSPC"
    /// A rename onto a path containing its value waits (with `markerVariable` set).
    public static let pauseRenameVariable = "ROUTECUE_FAULT_PAUSE_RENAME"
    /// The file a waiting rename creates, holding the pid; removing it lets the rename go on.
    public static let markerVariable = "ROUTECUE_FAULT_MARKER"

    /// Why the shim could not be built: no C compiler in `PATH`, or the compiler's complaint.
    public struct BuildError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, with the compiler's output.
        public let description: String
    }

    /// The path of the built library, compiled with `cc` (else `clang`) from `PATH` the first time it is asked for in
    /// this test process, into a temporary folder removed at exit.
    public static func build() throws -> String {
        try built.get()
    }

    private static let built: Result<String, BuildError> = {
        let source = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures/fault-injection/statefaults.c").path
        guard let compiler = ["cc", "clang"].lazy.compactMap({ try? CommandRunner.path(of: $0) }).first else {
            return .failure(BuildError(description: "cannot build the fault-injection shim: neither cc nor clang is in PATH"))
        }
        let folder = NSTemporaryDirectory() + "routecue-statefaults-\(getpid())"
        let library = folder + "/librc-statefaults.so"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "routecue-statefaults-\(getpid())") }
            let result = try CommandRunner.run(compiler, ["-std=c99", "-Wall", "-Wextra", "-shared", "-fPIC", "-O2",
                                                          "-o", library, source, "-ldl"])
            guard result.status == 0 else {
                return .failure(BuildError(description: "cannot build the fault-injection shim: \(compiler) exited with \(result.status): \(result.stderr)"))
            }
            return .success(library)
        } catch {
            return .failure(BuildError(description: "cannot build the fault-injection shim with \(compiler): \(error)"))
        }
    }()

    /// This process's environment with `LD_PRELOAD` naming the shim (`library`) and `settings` added, for a child.
    public static func environment(library: String, _ settings: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = library
        environment.merge(settings) { _, new in new }
        return environment
    }
}
