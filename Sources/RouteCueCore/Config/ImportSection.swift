/// The `import` section: the limits of every reader of an outside document (docs/limits.md).
enum ImportSection {
    /// Reads `import` over `limits`.
    static func read(_ section: JSONNode, into limits: inout ImportLimits, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "max_file_bytes": limits.maxFileBytes = try count(node, 1024...(1 << 32), "bytes")
            case "max_depth": limits.maxDepth = try count(node, ImportLimits.depthRange, "levels")
            case "max_string_bytes": limits.maxStringBytes = try count(node, 1024...(1 << 32), "bytes")
            case "max_points": limits.maxPoints = try count(node, 1000...100_000_000, "points")
            case "max_maneuvers": limits.maxManeuvers = try count(node, 100...10_000_000, "maneuvers")
            case "max_nmea_line_bytes": limits.maxNMEALineBytes = try count(node, 82...(1 << 20), "bytes")
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    /// A whole number in `range`, the error naming the range and `unit`.
    private static func count(_ node: JSONNode, _ range: ClosedRange<Int>, _ unit: String) throws(InputError) -> Int {
        let n = try node.int()
        guard range.contains(n) else {
            throw node.error(.invalidValue, "must be between \(range.lowerBound) and \(range.upperBound) \(unit), not \(n)")
        }
        return n
    }
}
