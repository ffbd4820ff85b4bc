import EventLoopKit
import Glibc
import RouteCueCore

/// Set-aside copies: a damaged file moved out of the way under a dated name, kept for a bug report, at most
/// `setAsideLimit` of them per file.
extension StateDirectory {
    /// How many set-aside copies of one file are kept.
    public static let setAsideLimit = 3

    /// Renames `name` to `<name>.<label>-<UTC yyyyMMdd'T'HHmmss'Z'>` at `unixSeconds` (`-2`, `-3`… added when that
    /// name is taken), removes the oldest set-aside copies of `name` (whatever their label) beyond `setAsideLimit`,
    /// `fsync`s the directory and returns the new name. The copy just made is never the one removed, even when the
    /// clock was set back since the others were made (a head unit without a battery-backed clock). A copy that cannot
    /// be removed is left. `label` is a word without `.` or `/` (`damaged`); another is a programmer error and traps.
    @discardableResult
    public func setAside(_ name: String, label: String, at unixSeconds: Double = Double(time(nil))) throws(InputError) -> String {
        precondition(Self.isLabel(Substring(label)), "a set-aside label is a word without '.' or '/': \(label)")
        let file = self.file(name)
        let base = "\(name).\(label)-\(Self.stamp(unixSeconds))"
        var copy = base
        var counter = 1
        while FileSystem.entry(self.file(copy)) != nil {
            counter += 1
            copy = "\(base)-\(counter)"
        }
        guard rename(file, self.file(copy)) == 0 else {
            throw Self.failure(file, code: errno, step: "renaming \(name) to \(copy)", verb: "cannot set aside")
        }
        for old in setAsideCopies(of: name).filter({ $0.entry != copy }).dropLast(Self.setAsideLimit - 1) {
            unlink(self.file(old.entry))
        }
        try syncDirectory(after: "set aside as \(copy)", file: file)
        return copy
    }

    /// The set-aside copies of `name` in the directory, oldest first (by the time in their names, then the counter).
    func setAsideCopies(of name: String) -> [(stamp: String, counter: Int, entry: String)] {
        (FileSystem.listDirectory(path) ?? [])
            .compactMap { Self.setAsideOrder(of: $0, copyOf: name) }
            .sorted { $0 < $1 }
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC for `unixSeconds` (a time before 1970 or past 9999 is taken as the nearest end).
    static func stamp(_ unixSeconds: Double) -> String {
        let seconds = unixSeconds.isFinite ? min(max(unixSeconds.rounded(.down), 0), 253_402_300_799) : 0
        let text = ISO8601.format(seconds)   // 2025-03-14T15:09:26.000Z
        return String(text.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    /// When `entry` is `<name>.<label>-<stamp>` or `<name>.<label>-<stamp>-<n>`: the stamp and `n` (1 without one).
    private static func setAsideOrder(of entry: String, copyOf name: String) -> (stamp: String, counter: Int, entry: String)? {
        let prefix = Array(name.utf8) + [UInt8(ascii: ".")]
        guard entry.utf8.starts(with: prefix) else { return nil }
        var parts = String(decoding: entry.utf8.dropFirst(prefix.count), as: UTF8.self)
            .split(separator: "-", omittingEmptySubsequences: false)
        var counter = 1
        if parts.count >= 3, let last = parts.last, last.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(last), n >= 2 {
            counter = n
            parts.removeLast()
        }
        guard parts.count >= 2, let stamp = parts.last, isStamp(stamp),
              isLabel(parts.dropLast().joined(separator: "-")[...]) else { return nil }
        return (String(stamp), counter, entry)
    }

    private static func isStamp(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return false }
        return (bytes[0..<8] + bytes[9..<15]).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isLabel(_ label: Substring) -> Bool {
        !label.isEmpty && !label.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") || $0 == 0 }
    }
}
