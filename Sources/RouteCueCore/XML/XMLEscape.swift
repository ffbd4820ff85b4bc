/// Text written into XML: the five special characters as entities, and nothing XML 1.0 does not allow. One place
/// for every XML the project writes (SSML cues, the timeline SVG, generated OSM maps and bus configurations); DBusKit
/// keeps its own small copy, since it sits below this module.
public enum XMLEscape {
    /// The entity for one of XML's five special characters, else nil.
    public static func entity(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        default: nil
        }
    }

    /// `text` safe inside an element or a quoted attribute: special characters as entities; line feed, tab and
    /// carriage return as character references (an attribute's value normalization would turn them into spaces, a
    /// parser would drop a carriage return); the characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) and
    /// C1 controls left out.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let entity = entity(for: scalar) {
                result += entity
                continue
            }
            switch scalar.value {
            case 0x0A: result += "&#10;"
            case 0x09: result += "&#9;"
            case 0x0D: result += "&#13;"
            case 0..<0x20, 0xFFFE, 0xFFFF, 0x7F...0x84, 0x86...0x9F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
