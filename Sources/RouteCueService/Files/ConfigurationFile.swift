import EventLoopKit
import RouteCueCore

/// The configuration file: where the head unit keeps it and how it is read (strict: an unknown key or a bad value is
/// an error naming the file and the key path).
public enum ConfigurationFile {
    /// Where the head unit keeps its configuration.
    public static let defaultPath = "/etc/routecue/routecue.json"
    /// The largest configuration file read.
    public static let maxBytes = 1 << 20

    /// Where the configuration is looked for when no file is named: `$ROUTECUE_CONFIG`, the one installed with the
    /// running binary (`<prefix>/etc/routecue/routecue.json`, `/etc/…` for the prefix `/usr`: see
    /// `InstallationPrefix`), then `defaultPath`.
    public static func candidatePaths(environment: [String: String] = ProcessEnvironment.variables()) -> [String] {
        var paths = [environment["ROUTECUE_CONFIG"]].compactMap { $0 }.filter { !$0.isEmpty }
        if let prefix = InstallationPrefix.ofRunningBinary() {
            paths.append(FilePath.join(InstallationPrefix.configurationFolder(of: prefix), "routecue/routecue.json"))
        }
        paths.append(defaultPath)
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// The file to read for `path`: `path` itself, else the first candidate path that exists, else nil (the
    /// built-in defaults).
    public static func chosen(_ path: String?) -> String? {
        path ?? candidatePaths().first { FileSystem.exists($0) }
    }

    /// The configuration at `path`, or at the default path when it exists, or the built-in defaults.
    public static func load(_ path: String?) throws(InputError) -> RouteCueConfiguration {
        guard let chosen = chosen(path) else { return RouteCueConfiguration() }
        let bytes = try InputFile.read(chosen, maxBytes: maxBytes, as: .configuration)
        do {
            return try RouteCueConfiguration.parse(bytes)
        } catch {
            throw error.inFile(chosen)
        }
    }
}
