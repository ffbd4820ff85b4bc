/// Text handling shared by the readers of XML documents (GPX routes and GPX tracks).
extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmedASCIISpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
