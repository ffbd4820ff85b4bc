import Glibc

/// A system call that failed: its name and `errno`, e.g. `signalfd: Invalid argument`.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, as `man 2` names it.
    public let call: String
    /// The `errno` it left.
    public let code: Int32

    /// The error of `call` with `code`.
    public init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The error of `call` with the current `errno`.
    public static func last(_ call: String) -> SystemCallError { SystemCallError(call, code: errno) }

    /// `call: strerror(code)`.
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}
