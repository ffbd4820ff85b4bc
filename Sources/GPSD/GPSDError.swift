/// A failure talking to gpsd: what was attempted and libgps's or the system's reason.
public struct GPSDError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, e.g. `connect to localhost:2947`.
    public let operation: String
    /// Why, e.g. `can't connect to host/port pair`.
    public let reason: String

    /// An error of `operation` for `reason`.
    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// `operation: reason`.
    public var description: String { "\(operation): \(reason)" }
}
