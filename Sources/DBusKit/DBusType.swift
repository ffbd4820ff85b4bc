/// A complete D-Bus type (one element of a signature), as `s`, `a{sv}` or `(dd)`.
public indirect enum DBusType: Sendable, Hashable, CustomStringConvertible {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double, string, objectPath, signature, unixFD, variant
    /// `aT`.
    case array(DBusType)
    /// `a{KV}`: an array of dict entries, K basic.
    case dictionary(key: DBusType, value: DBusType)
    /// `(T…)`.
    case structure([DBusType])

    /// The type's signature, e.g. `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    public var description: String { signature }

    /// True for the types a dict entry's key may have (every basic type; not variant or containers).
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: false
        default: true
        }
    }

    /// The one complete type `signature` spells; anything else (empty, two types, malformed) is InvalidArgs.
    public init(signature: String) throws(BusError) {
        let types = try DBusType.list(signature)
        guard types.count == 1 else {
            throw BusError(.invalidSignature, "\"\(signature)\" is not one complete D-Bus type")
        }
        self = types[0]
    }

    /// The longest signature, in bytes (a message's body and each variant's contents; the specification's limit).
    public static let maxSignatureBytes = 255
    /// The deepest nesting of arrays, and separately of structs and of dict entries (the specification's limit).
    public static let maxNesting = 32

    /// The complete types of a message signature, in order (`""` is none). Beyond the specification's limits (255
    /// bytes, 32 nested arrays, structs or dict entries) it is InvalidSignature: libdbus aborts the process when asked to
    /// write such a signature.
    public static func list(_ signature: String) throws(BusError) -> [DBusType] {
        var parser = SignatureParser(Array(signature.utf8), source: signature)
        guard signature.utf8.count <= maxSignatureBytes else {
            throw parser.failure("longer than \(maxSignatureBytes) bytes")
        }
        var types: [DBusType] = []
        while !parser.atEnd { types.append(try parser.complete(SignatureParser.Nesting())) }
        return types
    }

    /// The signature of several types, concatenated.
    public static func signature(of types: [DBusType]) -> String { types.map(\.signature).joined() }
}

/// Reads complete types off a signature string (the D-Bus specification's grammar, nesting bounded as libdbus does).
private struct SignatureParser {
    let bytes: [UInt8]
    let source: String
    var position = 0

    init(_ bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    var atEnd: Bool { position >= bytes.count }

    /// How many arrays, structs and dict entries enclose the type being read.
    struct Nesting {
        var arrays = 0, structs = 0, dictEntries = 0
    }

    func failure(_ why: String) -> BusError {
        BusError(.invalidSignature, "signature \"\(source)\": \(why)")
    }

    mutating func complete(_ nesting: Nesting) throws(BusError) -> DBusType {
        guard max(nesting.arrays, nesting.structs, nesting.dictEntries) <= DBusType.maxNesting else {
            throw failure("nested more than \(DBusType.maxNesting) deep")
        }
        guard position < bytes.count else { throw failure("ends inside a type") }
        let code = bytes[position]
        position += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            var inner = nesting
            inner.arrays += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
                position += 1
                inner.dictEntries += 1
                let key = try complete(inner)
                guard key.isBasic else { throw failure("a dict entry's key must be a basic type, not \(key)") }
                let value = try complete(inner)
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                    throw failure("a dict entry holds exactly a key and a value")
                }
                position += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try complete(inner))
        case UInt8(ascii: "("):
            var inner = nesting
            inner.structs += 1
            var fields: [DBusType] = []
            while position < bytes.count, bytes[position] != UInt8(ascii: ")") {
                fields.append(try complete(inner))
            }
            guard position < bytes.count else { throw failure("a struct is not closed") }
            position += 1
            guard !fields.isEmpty else { throw failure("an empty struct") }
            return .structure(fields)
        default:
            throw failure("unexpected \"\(Character(Unicode.Scalar(code)))\"")
        }
    }
}
