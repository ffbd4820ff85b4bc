/// The problems found while reading one configuration document, in document order (each unknown key and each bad
/// value is one). Lives only while the document is read.
final class ConfigProblems {
    private(set) var problems: [InputError] = []

    /// Adds one, as a problem of the configuration (the shared JSON reader's errors do not know it).
    func add(_ problem: InputError) { problems.append(problem.as(.configuration)) }
}

/// Every problem of a configuration document, in document order, so a reload can report them all rather than the
/// first.
public struct ConfigurationProblems: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems; never empty.
    public let problems: [InputError]

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
