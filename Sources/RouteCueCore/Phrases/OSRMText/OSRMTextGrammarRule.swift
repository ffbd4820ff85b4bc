/// One rule of an osrm-text-instructions grammar file: a JavaScript regular expression and its replacement
/// (`["^ (\\S+)ая [Уу]лица ", " $1ую улицу "]`), applied the way JavaScript's `String.replace` does.
public struct OSRMTextGrammarRule: Sendable {
    /// The pattern as written in the file.
    public let pattern: String
    /// The replacement as written in the file (`$1`, `$&`, `$$` are expanded).
    public let replacement: String
    /// True with the JavaScript `g` flag: every match is replaced, not only the first.
    public let replacesAll: Bool
    private let compiled: CompiledPattern

    /// Compiles `pattern` with JavaScript `flags` (`i`, `g`; others are refused).
    /// JavaScript semantics are kept: matching by Unicode scalar (not by grapheme), `\d` and `\w` ASCII only,
    /// `\b` the simple ASCII word boundary.
    public init(pattern: String, replacement: String, flags: String) throws(InputError) {
        var compiled: Regex<AnyRegexOutput>
        do {
            compiled = try Regex(pattern)
        } catch {
            throw InputError(.syntax, input: .textInstructions, message: "grammar pattern \(InputError.excerpt(pattern)) is not a valid regular expression: \(error)")
        }
        compiled = compiled.matchingSemantics(.unicodeScalar).asciiOnlyDigits().asciiOnlyWordCharacters()
            .wordBoundaryKind(.simple)
        var global = false
        for flag in flags {
            switch flag {
            case "i": compiled = compiled.ignoresCase()
            case "g": global = true
            default: throw InputError(.unsupported, input: .textInstructions, message: "grammar flag \"\(flag)\" is not supported (only i and g)")
            }
        }
        self.pattern = pattern
        self.replacement = replacement
        self.replacesAll = global
        self.compiled = CompiledPattern(regex: compiled)
    }

    /// `text` with the first match (or every match, with `g`) replaced.
    public func apply(to text: String) -> String {
        var output = ""
        var position = text.startIndex
        for match in text.matches(of: compiled.regex) {
            output += text[position..<match.range.lowerBound]
            output += expandedReplacement(for: match)
            position = match.range.upperBound
            if !replacesAll { break }
        }
        if position == text.startIndex && output.isEmpty { return text }
        output += text[position...]
        return output
    }

    /// The replacement with `$n`/`$nn` (capture groups; an unmatched group is empty), `$&` (the match) and
    /// `$$` (a dollar) expanded; any other `$` stays as written, as in JavaScript.
    private func expandedReplacement(for match: Regex<AnyRegexOutput>.Match) -> String {
        guard replacement.contains("$") else { return replacement }
        let groupCount = match.output.count - 1
        let characters = Array(replacement.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < characters.count {
            let c = characters[i]
            guard c == "$", i + 1 < characters.count else { out.append(c); i += 1; continue }
            let next = characters[i + 1]
            if next == "$" { out.append("$"); i += 2; continue }
            if next == "&" { out.append(contentsOf: String(match.output[0].substring ?? "").unicodeScalars); i += 2; continue }
            if let d1 = next.properties.numericType == .decimal ? Int(String(next)) : nil, next.isASCII {
                var group = d1
                var used = 2
                if i + 2 < characters.count, characters[i + 2].isASCII, let d2 = Int(String(characters[i + 2])),
                   d1 * 10 + d2 >= 1, d1 * 10 + d2 <= groupCount {
                    group = d1 * 10 + d2
                    used = 3
                }
                if group >= 1 && group <= groupCount {
                    if let captured = match.output[group].substring { out.append(contentsOf: captured.unicodeScalars) }
                    i += used
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}

/// A compiled pattern shared between threads. `Regex<AnyRegexOutput>` is not `Sendable` only because its
/// output type holds `Any`; the regex itself is an immutable value whose lazily built program is created
/// thread-safely by the standard library, and nothing here mutates it.
private struct CompiledPattern: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
}
