/// A small command-line argument reader: positional words and `--name value` / `--name=value` / `--flag`
/// options, with errors that name the bad option. (No outside packages: swift-argument-parser is not available.)
struct ArgumentList {
    /// A usage error: printed with the command's usage line, exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Splits `arguments`; `valued` names the options that take a value, `flagNames` those that do not.
    init(_ arguments: [String], valued: Set<String>, flagNames: Set<String>) throws(UsageError) {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                positional.append(contentsOf: arguments[(i + 1)...])
                break
            }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if valued.contains(name) {
                    if value == nil {
                        guard i + 1 < arguments.count else { throw UsageError(description: "option --\(name) needs a value") }
                        i += 1
                        value = arguments[i]
                    }
                    options[name] = value
                } else if flagNames.contains(name) {
                    guard value == nil else { throw UsageError(description: "option --\(name) takes no value") }
                    flags.insert(name)
                } else {
                    throw UsageError(description: "unknown option --\(name)")
                }
            } else if a.hasPrefix("-"), a.count > 1, a != "-" {
                throw UsageError(description: "unknown option \(a)")
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    /// The value of `--name`, if given.
    func value(_ name: String) -> String? { options[name] }

    /// The one positional FILE argument a command takes.
    func singleFile() throws(UsageError) -> String {
        guard positional.count == 1 else {
            throw UsageError(description: positional.isEmpty ? "missing FILE" : "more than one FILE given")
        }
        return positional[0]
    }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name` as one of `E`'s cases, or nil when `--name` is not given. Case does not matter,
    /// and `-` may stand for `_` (`--units imperial-uk`); any other value is a usage error listing the cases.
    func choice<E: RawRepresentable & CaseIterable>(_ name: String, of type: E.Type) throws(UsageError) -> E?
    where E.RawValue == String {
        guard let given = value(name) else { return nil }
        let lowered = given.lowercased()
        for candidate in [given, lowered, lowered.replacing("-", with: "_")] {
            if let match = E(rawValue: candidate) { return match }
        }
        throw UsageError(description: "unknown --\(name) '\(given)'; one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
    }
}
