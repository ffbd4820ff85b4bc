/// Encodes an `Encodable` value (a `RouteInspection`, a `FixInspection`) into a `JSONTree`, as `JSONEncoder` did:
/// integers as their digits, a floating-point value in its shortest form without a trailing `.0`, nil members left
/// out (the synthesized `encodeIfPresent`) or `null` where encoded as such; a NaN or an infinity is an
/// `EncodingError`.
enum JSONTreeEncoder {
    /// The tree of `value`.
    static func tree(_ value: some Encodable) throws -> JSONTree {
        let slot = Slot()
        try slot.encode(value, path: [])
        return slot.tree
    }

    /// One place in the document being built: a value, or a container later calls fill in.
    fileprivate final class Slot {
        enum Content {
            case empty
            case value(JSONTree)
            case array([Slot])
            case object([String: Slot])
        }

        var content = Content.empty

        /// What was put here; an untouched slot is an empty object (as `JSONEncoder` writes a value that encoded nothing).
        var tree: JSONTree {
            switch content {
            case .empty: .object([:])
            case .value(let tree): tree
            case .array(let slots): .array(slots.map(\.tree))
            case .object(let slots): .object(slots.mapValues(\.tree))
            }
        }

        func encode(_ value: some Encodable, path: [any CodingKey]) throws {
            try value.encode(to: TreeEncoder(slot: self, codingPath: path))
        }

        /// The object here (made one if it is not yet).
        func makeObject() {
            if case .object = content { return }
            content = .object([:])
        }

        /// The array here (made one if it is not yet).
        func makeArray() {
            if case .array = content { return }
            content = .array([])
        }

        /// A new slot for member `key` of the object here.
        func member(_ key: String) -> Slot {
            let child = Slot()
            if case .object(var members) = content {
                content = .empty
                members[key] = child
                content = .object(members)
            }
            return child
        }

        /// A new slot at the end of the array here.
        func appended() -> Slot {
            let child = Slot()
            if case .array(var items) = content {
                content = .empty
                items.append(child)
                content = .array(items)
            }
            return child
        }

        var count: Int {
            if case .array(let items) = content { return items.count }
            return 0
        }
    }

    /// A key for an array element in a coding path (`Index 3`), or a `super` member.
    fileprivate struct IndexKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    fileprivate static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, path: [any CodingKey]) throws -> JSONTree {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

private struct TreeEncoder: Encoder {
    let slot: JSONTreeEncoder.Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONTreeEncoder.Slot
    let codingPath: [any CodingKey]

    private func put(_ tree: JSONTree, _ key: Key) { slot.member(key.stringValue).content = .value(tree) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try JSONTreeEncoder.number(value, path: codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try JSONTreeEncoder.number(value, path: codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number("\(value)"), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number("\(value)"), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.member(key.stringValue).encode(value, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.member(key.stringValue)
        child.makeArray()
        return UnkeyedContainer(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: slot.member("super"), codingPath: codingPath + [JSONTreeEncoder.IndexKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: JSONTreeEncoder.Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private var nextKey: any CodingKey { JSONTreeEncoder.IndexKey(intValue: count) }
    private func put(_ tree: JSONTree) { slot.appended().content = .value(tree) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONTreeEncoder.number(value, path: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { put(try JSONTreeEncoder.number(value, path: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int8) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int16) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int32) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int64) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt8) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt16) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt32) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt64) throws { put(.number("\(value)")) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try slot.appended().encode(value, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = slot.appended()
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = slot.appended()
        child.makeArray()
        return UnkeyedContainer(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return TreeEncoder(slot: slot.appended(), codingPath: codingPath + [key])
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: JSONTreeEncoder.Slot
    let codingPath: [any CodingKey]

    private func put(_ tree: JSONTree) { slot.content = .value(tree) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONTreeEncoder.number(value, path: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try JSONTreeEncoder.number(value, path: codingPath)) }
    mutating func encode(_ value: Int) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int8) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int16) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int32) throws { put(.number("\(value)")) }
    mutating func encode(_ value: Int64) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt8) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt16) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt32) throws { put(.number("\(value)")) }
    mutating func encode(_ value: UInt64) throws { put(.number("\(value)")) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try slot.encode(value, path: codingPath)
    }
}
