/// The problems found while reading one configuration document, in document order (each unknown key and each bad
/// value is one). Lives only while the document is read.
final class ConfigProblems {
    private(set) var problems: [RouteImportError] = []

    /// Adds one.
    func add(_ problem: RouteImportError) { problems.append(problem) }
}

/// Every problem of a configuration document, in document order, so a reload can report them all rather than the
/// first.
public struct ConfigurationProblems: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems; never empty.
    public let problems: [RouteImportError]

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
