import Foundation
import RouteCueCore

/// The configuration file: where the head unit keeps it and how it is read (strict: an unknown key or a bad value is
/// an error naming the file and the key path).
public enum ConfigurationFile {
    /// Where the head unit keeps its configuration.
    public static let defaultPath = "/etc/routecue/routecue.json"
    /// The largest configuration file read.
    public static let maxBytes = 1 << 20

    /// The file to read for `path`: `path` itself, else the default path when it exists, else nil (the built-in
    /// defaults).
    public static func chosen(_ path: String?) -> String? {
        path ?? (FileManager.default.fileExists(atPath: defaultPath) ? defaultPath : nil)
    }

    /// The configuration at `path`, or at the default path when it exists, or the built-in defaults.
    public static func load(_ path: String?) throws(RouteImportError) -> RouteCueConfiguration {
        guard let chosen = chosen(path) else { return RouteCueConfiguration() }
        let bytes = try InputFile.read(chosen, maxBytes: maxBytes)
        do {
            return try RouteCueConfiguration.parse(bytes)
        } catch {
            throw error.inFile(chosen)
        }
    }
}
