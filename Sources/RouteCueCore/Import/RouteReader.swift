/// Reads a route document of any supported format: checks the size limit, detects the format from the
/// content (unless one is forced), and hands it to that format's importer.
public enum RouteReader {
    /// Reads `bytes` (named `name` in errors) into a route.
    public static func read(_ bytes: [UInt8], name: String, options: ImportOptions = ImportOptions()) throws(InputError) -> Route {
        try RouteDocument(bytes, name: name, options: options).read(options: options)
    }

    /// Reads an already parsed JSON document of a known format (tours embed other documents this way).
    public static func read(json root: JSONNode, format: RouteFormat, options: ImportOptions) throws(InputError) -> Route {
        switch format {
        case .osrm: return try OSRMImporter.read(root, options: options)
        case .valhalla: return try ValhallaImporter.read(root, options: options)
        case .graphhopper: return try GraphHopperImporter.read(root, options: options)
        case .tour: return try TourImporter.read(root, options: options)
        case .routecue: return try RouteCueJSON.read(root)
        case .gpx: throw root.error(.unsupported, "a GPX document cannot be embedded in JSON")
        }
    }

    /// Parses XML under `limits`, turning syntax errors into input errors (`syntax`, or `tooLarge` over a limit) with
    /// line and column.
    public static func parseXML(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(InputError) -> XMLElement {
        do {
            return try XMLReader.parse(bytes, limits: limits)
        } catch {
            let location = "line \(error.line), column \(error.column)"
            if error.exceedsLimit { throw InputError(.tooLarge, location: location, message: error.reason) }
            throw InputError(.syntax, location: location, message: "invalid XML: \(error.reason)")
        }
    }

    /// Parses JSON under `limits`, turning syntax errors into input errors (`syntax`, or `tooLarge` over a limit) with
    /// line and column.
    public static func parseJSON(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(InputError) -> JSONNode {
        do {
            return JSONNode(try JSONParser.parse(bytes, limits: limits))
        } catch {
            let location = "line \(error.line), column \(error.column)"
            if error.exceedsLimit { throw InputError(.tooLarge, location: location, message: error.reason) }
            throw InputError(.syntax, location: location, message: "invalid JSON: \(error.reason)")
        }
    }

    /// Detects the format from the first meaningful bytes and, for JSON, the top-level keys.
    public static func detectFormat(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(InputError) -> RouteFormat {
        if try startsAsXML(bytes) { return .gpx }
        return try detectFormat(json: try parseJSON(bytes, limits: limits))
    }

    /// True when the document starts with `<` (XML), false with `{` or `[` (JSON); an error for anything else.
    static func startsAsXML(_ bytes: [UInt8]) throws(InputError) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { throw InputError(.empty, message: "file is empty") }
        if bytes[i] == UInt8(ascii: "<") { return true }
        guard bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") else {
            throw InputError(.unsupported, message: "unknown format: neither JSON nor XML (starts with byte 0x\(String(bytes[i], radix: 16)))")
        }
        return false
    }

    /// Detects the format of a parsed JSON document.
    public static func detectFormat(json root: JSONNode) throws(InputError) -> RouteFormat {
        switch root.value {
        case .array:
            return .tour
        case .object(let o):
            if o["routecue_route"] != nil { return .routecue }
            if o["stations"] != nil { return .tour }
            if o["routes"] != nil || o["matchings"] != nil || o["waypoints"] != nil && o["code"] != nil { return .osrm }
            if o["trip"] != nil { return .valhalla }
            if o["paths"] != nil { return .graphhopper }
            // Error answers: OSRM/Mapbox {"code", "message"}, Valhalla {"error_code", "error"} (the OSRM importer
            // reports both), GraphHopper {"message", "hints"}.
            if case .string? = o["code"] { return .osrm }
            if o["error_code"] != nil || o["error"] != nil { return .osrm }
            if o["message"] != nil && o["hints"] != nil { return .graphhopper }
            let keys = o.keys.prefix(8).joined(separator: ", ")
            throw InputError(.unsupported, message: "unknown route format: a JSON object with keys [\(keys)]; expected OSRM/Mapbox (routes), Valhalla (trip), GraphHopper (paths), a tour (stations or an array) or RouteCue JSON (routecue_route)")
        default:
            throw InputError(.unsupported, message: "unknown route format: top-level JSON \(root.value.typeName)")
        }
    }
}
