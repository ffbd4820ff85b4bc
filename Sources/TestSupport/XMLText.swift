/// Text written into the XML files tests generate (OSM maps, D-Bus bus configurations).
enum XMLText {
    /// `text` safe inside an XML element or a quoted attribute (`&`, `<`, `>`, `"` and `'` as entities).
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
