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

/// A JSON object: ordered keys with fast lookup. Later duplicates of a key replace earlier ones.
public struct JSONObject: Sendable, Equatable {
    /// Keys in document order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object from ordered pairs.
    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The value for `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if storage[key] == nil, newValue != nil { keys.append(key) }
            if newValue == nil, storage[key] != nil { keys.removeAll { $0 == key } }
            storage[key] = newValue
        }
    }

    /// Number of keys.
    public var count: Int { keys.count }

    /// Pairs in document order.
    public var pairs: [(String, JSONValue)] { keys.map { ($0, storage[$0]!) } }
}
