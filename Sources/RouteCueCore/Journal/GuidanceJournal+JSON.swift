/// The journal's text (docs/journal.md): one line of JSON, keys in a fixed order, numbers in their shortest
/// round-trip form; read strictly (unknown keys, another version, values out of range are errors naming the key path).
extension GuidanceJournal {
    /// The file's bytes.
    public var jsonBytes: [UInt8] {
        var progressPairs: [(String, JSONValue)] = [("leg", .number(Double(progress.leg))),
                                                   ("along_m", .number((progress.distanceAlong * 10).rounded() / 10))]
        if let m = progress.passedManeuver { progressPairs.append(("passed_maneuver", .number(Double(m)))) }
        if let w = progress.passedWaypoint { progressPairs.append(("passed_waypoint", .number(Double(w)))) }
        progressPairs.append(("heard", .array(progress.heard.sorted().map { .string($0.token) })))
        var pairs: [(String, JSONValue)] = [
            (Self.versionKey, .number(Double(Self.version))),
            ("saved_at", .number((savedAt * 1000).rounded() / 1000)),
            ("route_file", .string(routeFile)),
            ("route_bytes", .number(Double(routeBytes))),
            ("route_checksum", .string(routeChecksum)),
            ("route_source", .string(routeSource)),
        ]
        if let destination { pairs.append(("destination", .string(destination))) }
        pairs.append(("options", .object(JSONObject(options.keys.sorted().map { key in
            switch options[key]! {
            case .string(let s): (key, .string(s))
            case .bool(let b): (key, .bool(b))
            case .strings(let list): (key, .array(list.map { .string($0) }))
            }
        }))))
        pairs.append(("progress", .object(JSONObject(progressPairs))))
        return Array((JSONTextWriter.line(.object(JSONObject(pairs))) + "\n").utf8)
    }

    /// Reads a journal written by `jsonBytes`; anything else is an error of the state directory naming what is wrong.
    public static func parse(_ bytes: [UInt8]) throws(InputError) -> GuidanceJournal {
        do throws(InputError) {
            let root = try RouteReader.parseJSON(bytes)
            let versionNode = try root.require(versionKey)
            let version = try versionNode.int()
            guard version == Self.version else {
                throw versionNode.error(.unsupported, "journal format version \(version); this RouteCue reads version \(Self.version)")
            }
            try keys(root, [versionKey, "saved_at", "route_file", "route_bytes", "route_checksum", "route_source",
                            "destination", "options", "progress"])
            let savedAt = try root.require("saved_at").double()
            let routeFile = try root.require("route_file").string()
            guard routeFile.hasPrefix("journal-route-"), routeFile.hasSuffix(".json"), !routeFile.contains("/") else {
                throw try root.require("route_file").error(.invalidValue, "not a journal route file name: \(routeFile)")
            }
            let routeBytes = try root.require("route_bytes").int()
            guard routeBytes > 0 else { throw try root.require("route_bytes").error(.invalidValue, "must be > 0") }
            let checksum = try root.require("route_checksum").string()
            guard checksum.utf8.count == 16, checksum.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
                throw try root.require("route_checksum").error(.invalidValue, "expected 16 lowercase hex digits")
            }
            var options: [String: OptionValue] = [:]
            let optionsNode = try root.require("options")
            for key in try optionsNode.object().keys {
                let node = try optionsNode.require(key)
                switch node.value {
                case .string(let s): options[key] = .string(s)
                case .bool(let b): options[key] = .bool(b)
                case .array: options[key] = .strings(try node.array().map { n throws(InputError) in try n.string() })
                default: throw node.error(.invalidValue, "an option is a string, a boolean or a list of strings")
                }
            }
            return GuidanceJournal(savedAt: savedAt, routeFile: routeFile, routeBytes: routeBytes, routeChecksum: checksum,
                                   routeSource: try root.require("route_source").string(),
                                   destination: try root.optionalString("destination"), options: options,
                                   progress: try progress(try root.require("progress")))
        } catch {
            throw error.as(.stateDirectory)
        }
    }

    private static func progress(_ node: JSONNode) throws(InputError) -> JournalProgress {
        try keys(node, ["leg", "along_m", "passed_maneuver", "passed_waypoint", "heard"])
        func index(_ key: String) throws(InputError) -> Int? {
            guard let n = node[key] else { return nil }
            let value = try n.int()
            guard value >= 0 else { throw n.error(.invalidValue, "must be ≥ 0") }
            return value
        }
        let along = try node.require("along_m").double()
        guard along >= 0 else { throw try node.require("along_m").error(.invalidValue, "must be ≥ 0") }
        var heard: Set<HeardCue> = []
        for item in try node.require("heard").array() {
            let token = try item.string()
            guard let cue = HeardCue(token: token) else { throw item.error(.invalidValue, "not a heard cue: \(token)") }
            heard.insert(cue)
        }
        _ = try node.require("leg")
        return JournalProgress(leg: try index("leg") ?? 0, distanceAlong: along, passedManeuver: try index("passed_maneuver"),
                               passedWaypoint: try index("passed_waypoint"), heard: heard)
    }

    /// Rejects members other than `allowed`, naming the first unknown one.
    private static func keys(_ node: JSONNode, _ allowed: Set<String>) throws(InputError) {
        try node.rejectKeys(otherThan: allowed, message: "unknown key in journal version \(version)")
    }
}
