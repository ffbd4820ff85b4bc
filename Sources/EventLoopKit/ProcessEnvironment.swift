import Glibc

/// The process's environment variables, read from `environ` (what the daemon's log, systemd notifier and the D-Bus
/// connection resolve their defaults with; tests pass their own dictionaries instead).
public enum ProcessEnvironment {
    /// Every variable, by name.
    public static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
