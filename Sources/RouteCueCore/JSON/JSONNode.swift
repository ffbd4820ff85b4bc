/// A JSON value together with its key path in the document (`routes[0].legs[1].steps`), so that every
/// type or range error an importer raises names exactly where the bad value is.
public struct JSONNode: Sendable {
    /// The value at this position.
    public let value: JSONValue
    /// The key path from the document root, e.g. `routes[0].geometry`; empty for the root.
    public let path: String

    /// Wraps a value at a given path.
    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// A printable path: `(root)` for the document itself.
    public var displayPath: String { path.isEmpty ? "(root)" : path }

    private func childPath(_ key: String) -> String { Self.path(path, key) }

    /// The path of member `key` of the object at `path`. A key of more than 64 bytes is shortened in it (`abc…`):
    /// every node below the member carries the path, so a 1 MB key over many members would cost their number times
    /// a megabyte, and in a message a key that long is no help anyway.
    static func path(_ path: String, _ key: String) -> String {
        let component = key.utf8.count <= 64 ? key : InputError.excerpt(key)
        return path.isEmpty ? component : "\(path).\(component)"
    }

    /// An error at this node's path: `code` says what is wrong, `message` says it in words.
    public func error(_ code: InputError.Code, _ message: String) -> InputError {
        InputError(code, location: displayPath, message: message)
    }

    /// True when the value is JSON `null`.
    public var isNull: Bool { if case .null = value { true } else { false } }

    /// The object's member `key`, or nil when absent or `null`. Throws when this node is not an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let o) = value, let v = o[key] else { return nil }
        if case .null = v { return nil }
        return JSONNode(v, path: childPath(key))
    }

    /// The object's member `key`; throws when it is missing or `null`.
    public func require(_ key: String) throws(InputError) -> JSONNode {
        guard case .object = value else { throw error(.invalidValue, "expected an object, found \(value.typeName)") }
        guard let n = self[key] else { throw InputError(.missing, location: childPath(key), message: "missing required key") }
        return n
    }

    /// The object itself; throws when this is not an object.
    public func object() throws(InputError) -> JSONObject {
        guard case .object(let o) = value else { throw error(.invalidValue, "expected an object, found \(value.typeName)") }
        return o
    }

    /// Throws `.unsupported` at the first member of this object not in `allowed` (a typo, or a document of a newer
    /// version), saying `message`; throws when this is not an object.
    public func rejectKeys(otherThan allowed: Set<String>, message: String) throws(InputError) {
        for key in try object().keys where !allowed.contains(key) {
            throw InputError(.unsupported, location: childPath(key), message: message)
        }
    }

    /// The array's elements as nodes; throws when this is not an array.
    public func array() throws(InputError) -> [JSONNode] {
        guard case .array(let items) = value else { throw error(.invalidValue, "expected an array, found \(value.typeName)") }
        var out: [JSONNode] = []
        out.reserveCapacity(items.count)
        for (i, v) in items.enumerated() { out.append(JSONNode(v, path: "\(path)[\(i)]")) }
        return out
    }

    /// The number; throws when this is not a finite number.
    public func double() throws(InputError) -> Double {
        guard case .number(let d) = value else { throw error(.invalidValue, "expected a number, found \(value.typeName)") }
        guard d.isFinite else { throw error(.invalidValue, "number out of range") }
        return d
    }

    /// The number as an integer; throws when it is not a whole number in Int range.
    public func int() throws(InputError) -> Int {
        let d = try double()
        guard d == d.rounded(), abs(d) < 9.0e15 else { throw error(.invalidValue, "expected an integer, found \(d)") }
        return Int(d)
    }

    /// The string; throws when this is not a string.
    public func string() throws(InputError) -> String {
        guard case .string(let s) = value else { throw error(.invalidValue, "expected a string, found \(value.typeName)") }
        return s
    }

    /// The boolean; throws when this is not a boolean.
    public func bool() throws(InputError) -> Bool {
        guard case .bool(let b) = value else { throw error(.invalidValue, "expected a boolean, found \(value.typeName)") }
        return b
    }

    /// Optional member accessors: nil when absent or null, a typed error when present with the wrong type.
    public func optionalDouble(_ key: String) throws(InputError) -> Double? { try self[key]?.double() }
    /// Optional integer member (see `optionalDouble`).
    public func optionalInt(_ key: String) throws(InputError) -> Int? { try self[key]?.int() }
    /// Optional string member (see `optionalDouble`).
    public func optionalString(_ key: String) throws(InputError) -> String? { try self[key]?.string() }
    /// Optional boolean member (see `optionalDouble`).
    public func optionalBool(_ key: String) throws(InputError) -> Bool? { try self[key]?.bool() }
    /// Optional array member (see `optionalDouble`).
    public func optionalArray(_ key: String) throws(InputError) -> [JSONNode]? { try self[key]?.array() }

    /// A `[lon, lat]` pair (GeoJSON order), validated as a coordinate.
    public func lonLat() throws(InputError) -> Coordinate {
        let items = try array()
        guard items.count >= 2 else { throw error(.invalidValue, "expected [longitude, latitude], found \(items.count) values") }
        let c = Coordinate(latitude: try items[1].double(), longitude: try items[0].double())
        guard c.isValid else { throw error(.invalidValue, "coordinate out of range: longitude \(c.longitude), latitude \(c.latitude)") }
        return c
    }
}
