/// Reads one JSON document of the osrm-text-instructions data (a translation, grammar or fixture file)
/// into a node whose errors name the file position or key path.
enum OSRMTextDocument {
    /// The parsed root of `bytes`; a syntax error becomes an `InputError` at `line L, column C`.
    static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> JSONNode {
        do {
            return JSONNode(try JSONParser.parse(bytes))
        } catch {
            throw InputError(.syntax, input: .textInstructions, file: name, location: "line \(error.line), column \(error.column)", message: error.reason)
        }
    }
}
