/// A parsed JSON document. Objects keep their keys in document order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON object: members in document order. Later duplicates of a key replace earlier ones.
/// Stored as one array (no hash table): route documents hold hundreds of thousands of small objects,
/// and a linear scan of a few keys is as fast as hashing while using far less memory.
public struct JSONObject: Sendable, Equatable {
    private var entries: [(key: String, value: JSONValue)] = []

    /// An empty object.
    public init() {}

    /// An object from ordered pairs.
    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// Appends a member read from a document, replacing an earlier one with the same key.
    mutating func append(key: String, value: JSONValue) {
        if let i = index(of: key) { entries[i].value = value } else { entries.append((key, value)) }
    }

    private func index(of key: String) -> Int? {
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    /// The value for `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { entries[$0].value } }
        set {
            let i = index(of: key)
            switch (i, newValue) {
            case (let i?, let v?): entries[i].value = v
            case (nil, let v?): entries.append((key, v))
            case (let i?, nil): entries.remove(at: i)
            case (nil, nil): break
            }
        }
    }

    /// Number of members.
    public var count: Int { entries.count }

    /// Keys in document order.
    public var keys: [String] { entries.map(\.key) }

    /// Pairs in document order.
    public var pairs: [(String, JSONValue)] { entries.map { ($0.key, $0.value) } }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
