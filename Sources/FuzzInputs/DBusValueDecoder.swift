import DBusKit

/// Reads fuzz bytes as D-Bus types and values, deterministically, every byte string giving some values (missing
/// bytes read as 0). A type is one byte: `% 16` picks y b n q i u x t d s o g v, an array, a dictionary or a struct
/// (containers nest at most 4 deep). A value of a type: integers little-endian in their width, a double as its 8
/// bytes, a boolean as a byte's low bit; a string as a length byte then that many bytes of UTF-8 (a length byte of
/// 0xC0 or more instead takes the next byte as an index into `words`); an object path as a string (`/` when it is not
/// a valid path); an array or dictionary as a count byte (`% 8` items; its high bit adds one item of another type, which
/// libdbus must refuse) then the items; a struct's fields in order; a variant as a type then its value.
struct DBusValueDecoder {
    private let bytes: [UInt8]
    private var position = 0
    /// Strings a length byte of 0xC0 or more picks, so that short inputs reach the names the real code knows.
    let words: [String]

    init(_ bytes: ArraySlice<UInt8>, words: [String]) {
        self.bytes = Array(bytes)
        self.words = words.isEmpty ? [""] : words
    }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        var value: T = 0
        for shift in stride(from: 0, to: T.bitWidth, by: 8) { value |= T(truncatingIfNeeded: byte()) << shift }
        return value
    }

    mutating func string() -> String {
        let length = byte()
        if length >= 0xC0 { return words[Int(byte()) % words.count] }
        var utf8: [UInt8] = []
        for _ in 0..<length where position < bytes.count { utf8.append(byte()) }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static let basicTypes: [DBusType] = [.byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double,
                                                 .string, .objectPath, .signature]

    mutating func type(depth: Int = 0) -> DBusType {
        let code = Int(byte()) % 16
        if code < Self.basicTypes.count || depth >= 4 { return Self.basicTypes[code % Self.basicTypes.count] }
        switch code {
        case 12: return .variant
        case 13: return .array(type(depth: depth + 1))
        case 14: return .dictionary(key: Self.basicTypes[Int(byte()) % Self.basicTypes.count], value: type(depth: depth + 1))
        default: return .structure((0...(Int(byte()) % 3)).map { _ in type(depth: depth + 1) })
        }
    }

    mutating func value(of type: DBusType, depth: Int = 0) -> DBusValue {
        switch type {
        case .byte: return .byte(byte())
        case .boolean: return .boolean(byte() & 1 == 1)
        case .int16: return .int16(integer(Int16.self))
        case .uint16: return .uint16(integer(UInt16.self))
        case .int32: return .int32(integer(Int32.self))
        case .uint32: return .uint32(integer(UInt32.self))
        case .int64: return .int64(integer(Int64.self))
        case .uint64: return .uint64(integer(UInt64.self))
        case .double: return .double(Double(bitPattern: integer(UInt64.self)))
        case .string: return .string(string())
        case .objectPath: return .objectPath((try? ObjectPath(string())) ?? .root)
        case .signature: return .signature(string())
        case .unixFD: return .uint32(0)
        case .variant: return .variant(value(of: self.type(depth: depth + 1), depth: depth + 1))
        case .array(let element):
            let count = byte()
            var items = (0..<Int(count % 8)).map { _ in value(of: element, depth: depth + 1) }
            if count & 0x80 != 0 { items.append(value(of: self.type(depth: depth + 1), depth: depth + 1)) }
            return .array(element, items)
        case .dictionary(let key, let valueType):
            let count = byte()
            var entries = (0..<Int(count % 8)).map { _ in
                DBusValue.DictionaryEntry(value(of: key, depth: depth + 1), value(of: valueType, depth: depth + 1))
            }
            if count & 0x80 != 0 {
                entries.append(.init(value(of: key, depth: depth + 1), value(of: self.type(depth: depth + 1), depth: depth + 1)))
            }
            return .dictionary(key: key, value: valueType, entries)
        case .structure(let fields):
            return .structure(fields.map { value(of: $0, depth: depth + 1) })
        }
    }
}
