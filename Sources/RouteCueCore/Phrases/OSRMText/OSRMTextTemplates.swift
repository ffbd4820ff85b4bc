/// The `v5` tree of one osrm-text-instructions translation file: nested objects whose leaves are
/// instruction templates (`"Turn left onto {way_name}"`), looked up by key path
/// (`["turn", "left", "name"]`, `["constants", "ordinalize", "3"]`).
public struct OSRMTextTemplates: Sendable {
    /// The object under `v5`.
    public let root: JSONObject

    /// Wraps the `v5` object of a translation file.
    public init(root: JSONObject) {
        self.root = root
    }

    /// The value at `path`, or nil when a key is missing or an intermediate value is not an object.
    public func value(at path: [String]) -> JSONValue? {
        var current = JSONValue.object(root)
        for key in path {
            guard case .object(let object) = current, let next = object[key] else { return nil }
            current = next
        }
        return current
    }

    /// The object at `path`, or nil.
    public func object(at path: [String]) -> JSONObject? {
        if case .object(let object)? = value(at: path) { return object }
        return nil
    }

    /// The template string at `path`, or nil.
    public func string(at path: [String]) -> String? {
        if case .string(let text)? = value(at: path) { return text }
        return nil
    }

    /// True when `path` leads to a value that JavaScript would call truthy (present, not empty).
    public func has(_ path: [String]) -> Bool {
        switch value(at: path) {
        case nil, .null?: false
        case .string(let text)?: !text.isEmpty
        case .bool(let flag)?: flag
        case .number(let number)?: number != 0 && !number.isNaN
        default: true
        }
    }
}
