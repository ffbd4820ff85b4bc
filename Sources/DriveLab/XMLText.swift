/// Text written into the XML files tests and benches generate (OSM maps, D-Bus bus configurations).
public enum XMLText {
    /// `text` safe inside an XML element or a quoted attribute (`&`, `<`, `>`, `"` and `'` as entities).
    public static func escaped(_ text: String) -> String {
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
