import CDBus

/// Writes `DBusValue`s into a message through libdbus's append iterators (the variadic `dbus_message_append_args`
/// does not import into Swift).
enum MessageWriter {
    static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws(BusError) {
        let ok: Bool
        switch value {
        case .byte(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_BYTE, &v) != 0
        case .boolean(let b):
            var v: dbus_bool_t = b ? 1 : 0
            ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_BOOLEAN, &v) != 0
        case .int16(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_INT16, &v) != 0
        case .uint16(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_UINT16, &v) != 0
        case .int32(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_INT32, &v) != 0
        case .uint32(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_UINT32, &v) != 0
        case .int64(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_INT64, &v) != 0
        case .uint64(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_UINT64, &v) != 0
        case .double(var v): ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_DOUBLE, &v) != 0
        case .string(let s):
            guard !s.utf8.contains(0) else { throw BusError(.invalidArgs, "a D-Bus string cannot hold a NUL character") }
            ok = appendString(s, type: routecue_DBUS_TYPE_STRING, to: &iterator)
        case .objectPath(let p): ok = appendString(p.rawValue, type: routecue_DBUS_TYPE_OBJECT_PATH, to: &iterator)
        case .signature(let s):
            _ = try DBusType.list(s)
            ok = appendString(s, type: routecue_DBUS_TYPE_SIGNATURE, to: &iterator)
        case .unixFD(let fd):
            var v = fd.descriptor
            ok = dbus_message_iter_append_basic(&iterator, routecue_DBUS_TYPE_UNIX_FD, &v) != 0
        case .array(let element, let items):
            for item in items where item.type != element {
                throw BusError(.invalidArgs, "an array of \(element) cannot hold \(item.type)")
            }
            try container(routecue_DBUS_TYPE_ARRAY, element.signature, &iterator) { (sub: inout DBusMessageIter) throws(BusError) in
                for item in items { try append(item, to: &sub) }
            }
            return
        case .dictionary(let keyType, let valueType, let entries):
            guard keyType.isBasic else { throw BusError(.invalidArgs, "a dictionary key cannot be \(keyType)") }
            for entry in entries where entry.key.type != keyType || entry.value.type != valueType {
                throw BusError(.invalidArgs, "a{\(keyType)\(valueType)} cannot hold {\(entry.key.type)\(entry.value.type)}")
            }
            try container(routecue_DBUS_TYPE_ARRAY, "{\(keyType.signature)\(valueType.signature)}", &iterator) { (array: inout DBusMessageIter) throws(BusError) in
                for entry in entries {
                    try container(routecue_DBUS_TYPE_DICT_ENTRY, nil, &array) { (pair: inout DBusMessageIter) throws(BusError) in
                        try append(entry.key, to: &pair)
                        try append(entry.value, to: &pair)
                    }
                }
            }
            return
        case .structure(let fields):
            guard !fields.isEmpty else { throw BusError(.invalidArgs, "a D-Bus struct needs at least one field") }
            try container(routecue_DBUS_TYPE_STRUCT, nil, &iterator) { (sub: inout DBusMessageIter) throws(BusError) in
                for field in fields { try append(field, to: &sub) }
            }
            return
        case .variant(let inner):
            // A variant's contents have a signature of their own, under the same limits.
            _ = try DBusType.list(inner.type.signature)
            try container(routecue_DBUS_TYPE_VARIANT, inner.type.signature, &iterator) { (sub: inout DBusMessageIter) throws(BusError) in
                try append(inner, to: &sub)
            }
            return
        }
        guard ok else { throw BusError(.noMemory, "libdbus could not append \(value.type) (out of memory, or a file descriptor it cannot duplicate)") }
    }

    private static func appendString(_ s: String, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        s.withCString { c in
            var pointer: UnsafePointer<CChar>? = c
            return dbus_message_iter_append_basic(&iterator, type, &pointer) != 0
        }
    }

    private static func container(_ type: Int32, _ signature: String?, _ iterator: inout DBusMessageIter,
                                  _ body: (inout DBusMessageIter) throws(BusError) -> Void) throws(BusError) {
        var sub = DBusMessageIter()
        let opened: Bool = if let signature {
            signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &sub) } != 0
        } else {
            dbus_message_iter_open_container(&iterator, type, nil, &sub) != 0
        }
        guard opened else { throw BusError(.noMemory, "libdbus could not open a container") }
        do {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &sub) != 0 else {
            throw BusError(.noMemory, "libdbus could not close a container")
        }
    }
}

/// Reads a message body into `DBusValue`s through libdbus's read iterators.
enum MessageReader {
    static func readAll(_ iterator: inout DBusMessageIter) throws(BusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != routecue_DBUS_TYPE_INVALID {
            values.append(try read(&iterator))
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func basic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func cString(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// The complete type at `iterator` (its signature, as libdbus states it).
    private static func currentType(_ iterator: inout DBusMessageIter) throws(BusError) -> DBusType {
        guard let c = dbus_message_iter_get_signature(&iterator) else { throw BusError(.noMemory, "libdbus is out of memory") }
        defer { dbus_free(c) }
        return try DBusType(signature: String(cString: c))
    }

    static func read(_ iterator: inout DBusMessageIter) throws(BusError) -> DBusValue {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case routecue_DBUS_TYPE_BYTE: return .byte(basic(&iterator, UInt8(0)))
        case routecue_DBUS_TYPE_BOOLEAN: return .boolean(basic(&iterator, dbus_bool_t(0)) != 0)
        case routecue_DBUS_TYPE_INT16: return .int16(basic(&iterator, Int16(0)))
        case routecue_DBUS_TYPE_UINT16: return .uint16(basic(&iterator, UInt16(0)))
        case routecue_DBUS_TYPE_INT32: return .int32(basic(&iterator, Int32(0)))
        case routecue_DBUS_TYPE_UINT32: return .uint32(basic(&iterator, UInt32(0)))
        case routecue_DBUS_TYPE_INT64: return .int64(basic(&iterator, Int64(0)))
        case routecue_DBUS_TYPE_UINT64: return .uint64(basic(&iterator, UInt64(0)))
        case routecue_DBUS_TYPE_DOUBLE: return .double(basic(&iterator, Double(0)))
        case routecue_DBUS_TYPE_STRING: return .string(cString(&iterator))
        case routecue_DBUS_TYPE_OBJECT_PATH: return .objectPath(ObjectPath(unchecked: cString(&iterator)))
        case routecue_DBUS_TYPE_SIGNATURE: return .signature(cString(&iterator))
        case routecue_DBUS_TYPE_UNIX_FD:
            // libdbus hands out a duplicate the reader owns.
            let fd = basic(&iterator, Int32(-1))
            guard fd >= 0 else { throw BusError(.invalidArgs, "the message's file descriptor could not be received") }
            return .unixFD(UnixFD(taking: fd))
        case routecue_DBUS_TYPE_VARIANT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            return .variant(try read(&sub))
        case routecue_DBUS_TYPE_STRUCT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            return .structure(try readAll(&sub))
        case routecue_DBUS_TYPE_ARRAY:
            let type = try currentType(&iterator)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            switch type {
            case .dictionary(let keyType, let valueType):
                var entries: [DBusValue.DictionaryEntry] = []
                while dbus_message_iter_get_arg_type(&sub) == routecue_DBUS_TYPE_DICT_ENTRY {
                    var pair = DBusMessageIter()
                    dbus_message_iter_recurse(&sub, &pair)
                    let key = try read(&pair)
                    dbus_message_iter_next(&pair)
                    entries.append(.init(key, try read(&pair)))
                    dbus_message_iter_next(&sub)
                }
                return .dictionary(key: keyType, value: valueType, entries)
            case .array(let element):
                return .array(element, try readAll(&sub))
            default:
                throw BusError(.invalidSignature, "libdbus reported an array of signature \(type)")
            }
        case let code:
            throw BusError(.invalidSignature, "unexpected D-Bus type code \(code)")
        }
    }
}
