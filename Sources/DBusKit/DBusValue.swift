/// A D-Bus value of any type, as read from or written to a message.
public indirect enum DBusValue: Sendable, Hashable, CustomStringConvertible {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(String)
    case unixFD(UnixFD)
    /// An array of `element`-typed values (the type is kept so an empty array has one).
    case array(DBusType, [DBusValue])
    /// `a{KV}`, entries in order.
    case dictionary(key: DBusType, value: DBusType, [DictionaryEntry])
    case structure([DBusValue])
    case variant(DBusValue)

    /// One entry of a dictionary.
    public struct DictionaryEntry: Sendable, Hashable {
        public var key: DBusValue
        public var value: DBusValue
        public init(_ key: DBusValue, _ value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value's type.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        case .variant: .variant
        }
    }

    // MARK: - Building

    /// `a{sv}` from `entries` (sorted by key, so the message is the same each time).
    public static func vardict(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(key: .string, value: .variant,
                    entries.sorted { $0.key < $1.key }.map { DictionaryEntry(.string($0.key), .variant($0.value)) })
    }

    /// `as` from `strings`.
    public static func strings(_ strings: [String]) -> DBusValue { .array(.string, strings.map { .string($0) }) }

    // MARK: - Reading

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The string of `s`, `o` or `g` (through variants).
    public var string: String? {
        switch unwrapped {
        case .string(let s), .signature(let s): s
        case .objectPath(let p): p.rawValue
        default: nil
        }
    }

    /// The boolean (through variants).
    public var bool: Bool? {
        if case .boolean(let b) = unwrapped { return b }
        return nil
    }

    /// Any integer type as Int64 (a `t` above Int64.max is nil), through variants.
    public var integer: Int64? {
        switch unwrapped {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(exactly: v)
        default: nil
        }
    }

    /// A `d` or any integer as Double, through variants.
    public var number: Double? {
        if case .double(let d) = unwrapped { return d }
        return integer.map(Double.init)
    }

    /// The elements of an array (through variants).
    public var elements: [DBusValue]? {
        if case .array(_, let items) = unwrapped { return items }
        return nil
    }

    /// A dictionary with string (or object path) keys as a Swift dictionary, values as they are (variants kept).
    public var dictionary: [String: DBusValue]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard let key = entry.key.string else { return nil }
            result[key] = entry.value
        }
        return result
    }

    /// The fields of a struct (through variants).
    public var fields: [DBusValue]? {
        if case .structure(let f) = unwrapped { return f }
        return nil
    }

    /// As gdbus prints values: `'text'`, `uint32 3`, `<…>` for a variant.
    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .boolean(let v): v ? "true" : "false"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .string(let v): "'\(v)'"
        case .objectPath(let v): "objectpath '\(v)'"
        case .signature(let v): "signature '\(v)'"
        case .unixFD(let v): "handle \(v.descriptor)"
        case .array(_, let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): "<\(inner)>"
        }
    }
}
