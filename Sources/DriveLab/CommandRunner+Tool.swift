import Foundation

extension CommandRunner {
    /// Runs a system tool (a path, or a name looked up in `PATH`) with `arguments` and waits for it; standard input
    /// is empty. Throws only when it cannot be started.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(of: tool))
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        return try capture(process)
    }

    /// `tool` itself when it holds a `/`, else the first executable of that name in `PATH`.
    public static func path(of tool: String) throws -> String {
        if tool.contains("/") { return tool }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            return "\(directory)/\(tool)"
        }
        throw ToolNotFound(tool: tool)
    }

    /// A tool that is not installed.
    public struct ToolNotFound: Error, CustomStringConvertible {
        /// Its name.
        public let tool: String
        /// Says which.
        public var description: String { "\(tool) not found in PATH" }
    }
}
