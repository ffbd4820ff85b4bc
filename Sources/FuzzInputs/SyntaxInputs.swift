import RouteCueCore

extension FuzzInputs {
    /// JSON (`JSONParser`, under every JSON input): a document parses the same with white space after it.
    @discardableResult
    public static func json(_ bytes: [UInt8]) -> FuzzOutcome {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .rejected("\(error)")
        }
        let spaced = try? JSONParser.parse(bytes + [0x20, 0x0A])
        check(spaced == value, "a document parses differently with white space after it")
        return .accepted
    }

    /// XML (`XMLReader`, under GPX routes and tracks): a document parses the same with white space after it.
    @discardableResult
    public static func xml(_ bytes: [UInt8]) -> FuzzOutcome {
        let root: XMLElement
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            return .rejected("\(error)")
        }
        let spaced = try? XMLReader.parse(bytes + [0x20, 0x0A])
        check(spaced == root, "a document parses differently with white space after it")
        return .accepted
    }
}
