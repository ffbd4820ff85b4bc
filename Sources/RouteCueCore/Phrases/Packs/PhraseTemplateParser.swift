/// Reads template syntax: `{name}`, `{name:form}`, `[ … ]`, `[ … | … ]`. Names and forms are lower-case ASCII
/// letters, digits and `_`. A `{`, `}`, `[`, `]` or `|` out of place is an error (a message without location;
/// the pack parser adds the key path).
enum PhraseTemplateParser {
    /// The parsed template, or a message saying what is wrong.
    static func parse(_ source: String) -> Result<PhraseTemplate, TemplateSyntaxError> {
        var scanner = Scanner(characters: Array(source))
        switch scanner.sequence(depth: 0) {
        case .failure(let error): return .failure(error)
        case .success(let alternatives):
            guard alternatives.count == 1 else { return .failure(TemplateSyntaxError("`|` outside a [ … ] group")) }
            if scanner.position < scanner.characters.count {
                return .failure(TemplateSyntaxError("unmatched `]` at character \(scanner.position + 1)"))
            }
            return .success(PhraseTemplate(parts: alternatives[0], source: source))
        }
    }

    private struct Scanner {
        let characters: [Character]
        var position = 0

        /// Parts up to an unmatched `]` or the end, split at `|` into alternatives.
        mutating func sequence(depth: Int) -> Result<[[PhraseTemplate.Part]], TemplateSyntaxError> {
            var alternatives: [[PhraseTemplate.Part]] = []
            var parts: [PhraseTemplate.Part] = []
            var text = ""
            func flush() { if !text.isEmpty { parts.append(.text(text)); text = "" } }
            while position < characters.count {
                let c = characters[position]
                switch c {
                case "{":
                    flush()
                    switch value() {
                    case .failure(let error): return .failure(error)
                    case .success(let part): parts.append(part)
                    }
                case "}":
                    return .failure(TemplateSyntaxError("`}` without `{` at character \(position + 1)"))
                case "[":
                    flush()
                    let start = position
                    position += 1
                    guard depth < 8 else { return .failure(TemplateSyntaxError("groups nested too deep")) }
                    switch sequence(depth: depth + 1) {
                    case .failure(let error): return .failure(error)
                    case .success(let inner):
                        guard position < characters.count, characters[position] == "]" else {
                            return .failure(TemplateSyntaxError("`[` at character \(start + 1) is never closed"))
                        }
                        position += 1
                        parts.append(.group(inner))
                    }
                case "]":
                    flush()
                    if depth == 0 { return .failure(TemplateSyntaxError("`]` without `[` at character \(position + 1)")) }
                    alternatives.append(parts)
                    return .success(alternatives)
                case "|":
                    flush()
                    alternatives.append(parts)
                    parts = []
                    position += 1
                default:
                    text.append(c)
                    position += 1
                }
            }
            flush()
            alternatives.append(parts)
            return .success(alternatives)
        }

        /// `{name}` or `{name:form}` starting at `{`.
        mutating func value() -> Result<PhraseTemplate.Part, TemplateSyntaxError> {
            let start = position
            position += 1
            var body = ""
            while position < characters.count, characters[position] != "}" {
                body.append(characters[position])
                position += 1
            }
            guard position < characters.count else {
                return .failure(TemplateSyntaxError("`{` at character \(start + 1) is never closed"))
            }
            position += 1
            let pieces = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count <= 2, pieces.allSatisfy(Self.isName) else {
                return .failure(TemplateSyntaxError("`{\(body)}` is not {name} or {name:form}"))
            }
            return .success(.value(name: pieces[0], form: pieces.count == 2 ? pieces[1] : nil))
        }

        static func isName(_ text: String) -> Bool {
            !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }
}

/// What is wrong with a template's syntax.
struct TemplateSyntaxError: Error, Equatable {
    /// The message.
    let message: String
    init(_ message: String) { self.message = message }
}
