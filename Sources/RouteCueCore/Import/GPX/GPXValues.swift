/// Reading values out of GPX elements strictly: coordinates, numbers and texts, with errors that name the
/// element (its GPX path and tag) and its line.
enum GPXValues {
    /// An error about `element` at `path` (e.g. `rte[0].rtept[3]`): `code` says what is wrong, `message` in words.
    static func error(_ element: XMLElement, path: String, _ code: InputError.Code, _ message: String) -> InputError {
        InputError(code, location: "line \(element.line), \(path)", message: "<\(element.name)>: \(message)")
    }

    /// The `lat`/`lon` attributes of a point element, checked to be finite numbers in range.
    static func coordinate(of element: XMLElement, path makePath: @autoclosure () -> String) throws(InputError) -> Coordinate {
        if let lat = element.attributes["lat"].flatMap(number), let lon = element.attributes["lon"].flatMap(number),
           abs(lat) <= 90, abs(lon) <= 180 {
            return Coordinate(latitude: lat, longitude: lon)
        }
        let path = makePath()
        guard let latText = element.attribute("lat") else { throw error(element, path: path, .missing, "missing lat attribute") }
        guard let lonText = element.attribute("lon") else { throw error(element, path: path, .missing, "missing lon attribute") }
        guard let lat = number(latText) else { throw error(element, path: path, .invalidValue, "lat \"\(latText)\" is not a number") }
        guard let lon = number(lonText) else { throw error(element, path: path, .invalidValue, "lon \"\(lonText)\" is not a number") }
        guard abs(lat) <= 90 else { throw error(element, path: path, .invalidValue, "lat \(latText) is outside -90…90") }
        guard abs(lon) <= 180 else { throw error(element, path: path, .invalidValue, "lon \(lonText) is outside -180…180") }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The number held by the child element `name` (local name), nil when absent or empty; an error when it
    /// is not a plain finite decimal number.
    static func number(child name: String, of element: XMLElement, path: String) throws(InputError) -> Double? {
        guard let child = element.firstElement(named: name) else { return nil }
        return try number(in: child, path: path)
    }

    /// The number held by `child` (a child of the element at `path`), nil when empty; an error when it is not a plain
    /// finite decimal number.
    static func number(in child: XMLElement, path: String) throws(InputError) -> Double? {
        let text = trimmed(child.text)
        if text.isEmpty { return nil }
        guard let value = number(text) else {
            throw error(child, path: "\(path).\(child.name)", .invalidValue, "\"\(text)\" is not a number")
        }
        return value
    }

    /// Like `number(child:of:path:)` but the value must be a whole number.
    static func integer(child name: String, of element: XMLElement, path: String) throws(InputError) -> Int? {
        guard let child = element.firstElement(named: name) else { return nil }
        return try integer(in: child, path: path)
    }

    /// Like `number(in:path:)` but the value must be a whole number.
    static func integer(in child: XMLElement, path: String) throws(InputError) -> Int? {
        guard let value = try number(in: child, path: path) else { return nil }
        guard value == value.rounded(), abs(value) < 1e9 else {
            throw error(child, path: "\(path).\(child.name)", .invalidValue, "\(value) is not a whole number")
        }
        return Int(value)
    }

    /// The trimmed text of the child element `name`, nil when absent or blank.
    static func text(child name: String, of element: XMLElement) -> String? {
        element.firstElement(named: name).flatMap(text(in:))
    }

    /// The trimmed text of `element`, nil when blank.
    static func text(in element: XMLElement) -> String? {
        let t = trimmed(element.text)
        return t.isEmpty ? nil : t
    }

    /// A plain decimal number (`-12.5`, `1e3`); rejects NaN, infinities, hex and anything else `Double` accepts.
    static func number(_ text: String) -> Double? {
        let t = trimmed(text)
        guard !t.isEmpty, t.utf8.allSatisfy({ b in
            (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2D || b == 0x2B || b == 0x65 || b == 0x45
        }), let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String { text.trimmedASCIISpaces }
}
