/// Fills `{token}` and `{token:case}` placeholders of an osrm-text-instructions template, as upstream's
/// `tokenize`: unknown tokens stay as written, a grammatical case rewrites the value with the language's
/// grammar, a value at the very start is capitalized (else the whole result is), double spaces are halved.
public enum OSRMTextTokenizer {
    /// `template` with `tokens` filled in for `language`.
    public static func fill(_ template: String, tokens: [String: String], language: OSRMTextLanguage) -> String {
        let scalars = Array(template.unicodeScalars)
        var output = String.UnicodeScalarView()
        var startedWithToken = false
        var i = 0
        while i < scalars.count {
            if scalars[i] == "{", let token = placeholder(in: scalars, at: i) {
                if var value = tokens[token.tag] {
                    value = grammarized(value, grammaticalCase: token.grammaticalCase, language: language)
                    if i == 0 && language.capitalizesFirstLetter {
                        startedWithToken = true
                        value = language.capitalizingFirstLetter(value)
                    }
                    output.append(contentsOf: value.unicodeScalars)
                } else {
                    output.append(contentsOf: scalars[i..<token.end])
                }
                i = token.end
            } else {
                output.append(scalars[i])
                i += 1
            }
        }
        let text = halvingDoubleSpaces(String(output))
        if !startedWithToken && language.capitalizesFirstLetter { return language.capitalizingFirstLetter(text) }
        return text
    }

    /// `value` in `grammaticalCase` when the language's grammar has that case; unchanged otherwise.
    /// An empty value goes through the rules too: Hungarian's article rule turns "" into "a"
    /// ("Megérkezett a célponthoz" when there is no ordinal).
    public static func grammarized(_ value: String, grammaticalCase: String?, language: OSRMTextLanguage) -> String {
        guard let grammaticalCase, let grammar = language.grammar else { return value }
        return grammar.apply(grammaticalCase, to: value)
    }

    /// A placeholder `{tag}` or `{tag:case}` (tag and case made of ASCII word characters) starting at `start`.
    private static func placeholder(in scalars: [Unicode.Scalar], at start: Int) -> (tag: String, grammaticalCase: String?, end: Int)? {
        var i = start + 1
        let tag = word(in: scalars, from: &i)
        guard !tag.isEmpty, i < scalars.count else { return nil }
        var grammaticalCase: String? = nil
        if scalars[i] == ":" {
            i += 1
            let name = word(in: scalars, from: &i)
            guard !name.isEmpty, i < scalars.count else { return nil }
            grammaticalCase = name
        }
        guard scalars[i] == "}" else { return nil }
        return (tag, grammaticalCase, i + 1)
    }

    private static func word(in scalars: [Unicode.Scalar], from i: inout Int) -> String {
        var out = String.UnicodeScalarView()
        while i < scalars.count, scalars[i].isASCII,
              scalars[i].properties.isAlphabetic || ("0"..."9").contains(scalars[i]) || scalars[i] == "_" {
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    /// Every pair of spaces replaced by one, left to right without overlap (JavaScript `replace(/ {2}/g, ' ')`).
    static func halvingDoubleSpaces(_ text: String) -> String {
        guard text.contains("  ") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if scalars[i] == " ", i + 1 < scalars.count, scalars[i + 1] == " " {
                out.append(" ")
                i += 2
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
