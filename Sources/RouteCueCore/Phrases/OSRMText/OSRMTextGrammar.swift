/// The grammatical-case rules of one language (`languages/grammar/<code>.json`): for each case name used in
/// templates (`{way_name:accusative}`), regular expressions applied in order to the name padded with spaces.
public struct OSRMTextGrammar: Sendable {
    /// Rules per grammatical case, in file order.
    public let cases: [String: [OSRMTextGrammarRule]]

    /// Reads a grammar file: `meta.regExpFlags` and the `v5` object of `case: [[pattern, replacement], …]`.
    public init(bytes: [UInt8], name: String) throws(InputError) {
        let root = try OSRMTextDocument.parse(bytes, name: name)
        do throws(InputError) {
            let flags = try root["meta"]?.optionalString("regExpFlags") ?? ""
            var cases: [String: [OSRMTextGrammarRule]] = [:]
            let v5 = try root.require("v5")
            for caseName in try v5.object().keys {
                var rules: [OSRMTextGrammarRule] = []
                let caseNode = try v5.require(caseName)
                for ruleNode in try caseNode.array() {
                    let pair = try ruleNode.array()
                    guard pair.count == 2 else { throw ruleNode.error(.invalidValue, "expected [pattern, replacement]") }
                    do throws(InputError) {
                        rules.append(try OSRMTextGrammarRule(pattern: try pair[0].string(), replacement: try pair[1].string(), flags: flags))
                    } catch {
                        var located = error
                        located.location = ruleNode.displayPath
                        throw located
                    }
                }
                cases[caseName] = rules
            }
            self.cases = cases
        } catch {
            throw error.as(.textInstructions).inFile(name)
        }
    }

    /// `name` in grammatical case `caseName`: each rule applied in turn to `" name "`, then trimmed.
    /// A case without rules leaves the name unchanged.
    public func apply(_ caseName: String, to name: String) -> String {
        guard let rules = cases[caseName] else { return name }
        var text = " " + name + " "
        for rule in rules { text = rule.apply(to: text) }
        return OSRMTextGrammar.trimmed(text)
    }

    /// `text` without leading and trailing white space (JavaScript `String.trim`).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isJavaScriptSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isJavaScriptSpace($0) })!
        return String(scalars[first...last])
    }

    private static func isJavaScriptSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }
}
