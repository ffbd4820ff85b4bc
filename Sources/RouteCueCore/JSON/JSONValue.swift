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
/// Stored as `OrderedPairs` (no hash table for a small object: route documents hold hundreds of thousands of them; an
/// index past a few members, so that an object of 100,000 keys is read in linear time).
public struct JSONObject: Sendable, Equatable {
    private var members = OrderedPairs<JSONValue>()

    /// An empty object.
    public init() {}

    /// An object from ordered pairs.
    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// Appends a member read from a document, replacing an earlier one with the same key.
    mutating func append(key: String, value: JSONValue) {
        members[key] = value
    }

    /// The value for `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        get { members[key] }
        set { members[key] = newValue }
    }

    /// Number of members.
    public var count: Int { members.count }

    /// Keys in document order.
    public var keys: [String] { members.entries.map(\.name) }

    /// Pairs in document order.
    public var pairs: [(String, JSONValue)] { members.entries.map { ($0.name, $0.value) } }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members.entries, rhs.members.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
