/// Strict reading of one object of the configuration file: its members in document order with their full key
/// paths, `null` values kept (a `null` stage means "not used"), and `"$comment"` accepted at every level.
struct ConfigObject {
    /// The object's node.
    let node: JSONNode

    /// Wraps `node`; throws when it is not an object.
    init(_ node: JSONNode) throws(InputError) {
        _ = try node.object()
        self.node = node
    }

    /// The members other than `$comment` (which must be a string or an array of strings).
    func members() throws(InputError) -> [(key: String, node: JSONNode)] {
        var out: [(key: String, node: JSONNode)] = []
        for (key, value) in try node.object().pairs {
            let child = JSONNode(value, path: JSONNode.path(node.path, key))
            if key == "$comment" {
                try Self.checkComment(child)
                continue
            }
            out.append((key, child))
        }
        return out
    }

    /// Reads each member of the object `node` with `body`, in document order; a member `body` fails on becomes one
    /// problem and the next member is read all the same (so a reload can report every problem of a file), and so
    /// does `node` not being an object.
    static func each(_ node: JSONNode, _ problems: ConfigProblems, _ body: (String, JSONNode) throws -> Void) {
        let members: [(key: String, node: JSONNode)]
        do {
            members = try ConfigObject(node).members()
        } catch {
            problems.add(error)
            return
        }
        for (key, child) in members {
            do {
                try body(key, child)
            } catch let error as InputError {
                problems.add(error)
            } catch {
                problems.add(InputError(.invalidValue, location: child.displayPath, message: "\(error)"))
            }
        }
    }

    /// The error for a key this object does not know.
    static func unknownKey(_ node: JSONNode) -> InputError {
        InputError(.unsupported, location: node.displayPath, message: "unknown key")
    }

    private static func checkComment(_ node: JSONNode) throws(InputError) {
        if case .array = node.value {
            for line in try node.array() { _ = try line.string() }
        } else {
            _ = try node.string()
        }
    }
}

/// The ranges configuration values must lie in; every violation names the key path and the allowed range.
extension JSONNode {
    /// A duration in seconds, 0…`max` (600 s unless said otherwise).
    func configSeconds(max: Double = 600) throws(InputError) -> Double {
        try configNumber(in: 0...max, unit: "seconds")
    }

    /// A distance in metres, 0…100 000.
    func configMetres() throws(InputError) -> Double { try configNumber(in: 0...100_000, unit: "metres") }

    /// A speed in metres per second, 0…100.
    func configSpeed() throws(InputError) -> Double { try configNumber(in: 0...100, unit: "m/s") }

    /// An angle in degrees, 0…180.
    func configDegrees() throws(InputError) -> Double { try configNumber(in: 0...180, unit: "degrees") }

    /// A multiplier, 0…100.
    func configFactor() throws(InputError) -> Double { try configNumber(in: 0...100, unit: "") }

    /// A fraction, above 0 and at most 1.
    func configFraction() throws(InputError) -> Double {
        let d = try double()
        guard d > 0, d <= 1 else { throw error(.invalidValue, "must be above 0 and at most 1, not \(Self.plain(d))") }
        return d
    }

    /// A count, 1…100.
    func configCount() throws(InputError) -> Int {
        let n = try int()
        guard n >= 1, n <= 100 else { throw error(.invalidValue, "must be between 1 and 100, not \(n)") }
        return n
    }

    /// A whole number within `range`, the error naming `unit`.
    func configInteger(in range: ClosedRange<Int>, unit: String) throws(InputError) -> Int {
        let n = try int()
        guard range.contains(n) else {
            throw error(.invalidValue, "must be a whole number between \(range.lowerBound) and \(range.upperBound)\(unit.isEmpty ? "" : " \(unit)"), not \(n)")
        }
        return n
    }

    /// A number within `range`, the error naming `unit`.
    func configNumber(in range: ClosedRange<Double>, unit: String) throws(InputError) -> Double {
        let d = try double()
        guard range.contains(d) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            throw error(.invalidValue, "must be between \(Self.plain(range.lowerBound)) and \(Self.plain(range.upperBound))\(suffix), not \(Self.plain(d))")
        }
        return d
    }

    /// `5` for 5.0, `2.5` for 2.5.
    static func plain(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
