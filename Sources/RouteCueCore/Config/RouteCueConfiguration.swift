/// RouteCue's configuration file (default `/etc/routecue/routecue.json`; shipped defaults in `config/`).
/// Strict: an unknown key or a bad value is an error naming its key path. Sections grow with the features.
public struct RouteCueConfiguration: Sendable, Equatable {
    /// Settings of the route and fix readers.
    public struct ImportSettings: Sendable, Equatable {
        /// Files larger than this many bytes are refused before parsing (default 64 MB).
        public var maxFileBytes: Int = ImportOptions.defaultMaxBytes
    }

    /// The `import` section.
    public var importSettings = ImportSettings()

    /// The built-in defaults (identical to `config/routecue.json`).
    public init() {}

    /// Parses a configuration document; absent keys keep their defaults.
    public static func parse(_ bytes: [UInt8]) throws(RouteImportError) -> RouteCueConfiguration {
        let root = try RouteReader.parseJSON(bytes)
        var config = RouteCueConfiguration()
        let top = try root.object()
        for key in top.keys {
            switch key {
            case "$comment":
                _ = try root.require(key).string()
            case "import":
                let section = try root.require("import")
                for sub in try section.object().keys {
                    switch sub {
                    case "max_file_bytes":
                        let node = try section.require(sub)
                        let n = try node.int()
                        guard n >= 1024, n <= 1 << 32 else { throw node.error("must be between 1024 and 4294967296 bytes, not \(n)") }
                        config.importSettings.maxFileBytes = n
                    default:
                        throw RouteImportError(location: "import.\(sub)", message: "unknown key")
                    }
                }
            default:
                throw RouteImportError(location: key, message: "unknown key")
            }
        }
        return config
    }

    /// Import options for the route and fix readers following this configuration.
    public var importOptions: ImportOptions { ImportOptions(maxBytes: importSettings.maxFileBytes) }
}
