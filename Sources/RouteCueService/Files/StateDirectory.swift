import EventLoopKit
import Glibc
import RouteCueCore

/// The daemon's state directory (`--state-dir`): files that must survive a power cut, by name. A file is replaced
/// whole through `.<name>.tmp` beside it (written, `fsync`ed, closed, renamed over the old one, the directory
/// `fsync`ed), so a power cut at any moment leaves the old content or the new one, never part of either; a cut before
/// the rename leaves the temporary, which `removeStaleTemporaries` removes at the next start. Names are plain file
/// names (no `/`, not `.` or `..`, not starting with `.`); anything else is a programmer error and traps. Errors are
/// `InputError`s about the `.stateDirectory` naming the file.
public struct StateDirectory: Sendable {
    /// The directory, as given.
    public let path: String

    /// The state directory at `path` (nothing is checked or created here).
    public init(path: String) {
        self.path = path
    }

    /// Replaces `name` with `bytes` durably (`open`, `write`, `fsync`, `close`, `rename`, then `fsync` of the
    /// directory) and returns the number of bytes written. On failure the temporary is removed and the previous
    /// `name` is as it was, except when only the directory's `fsync` failed: then the new content is in place but may
    /// not survive a power cut, and the error says so.
    @discardableResult
    public func writeAtomically(_ bytes: [UInt8], to name: String) throws(InputError) -> Int {
        let file = self.file(name)
        let shortTemporary = Self.temporaryName(of: name)
        let temporary = FilePath.join(path, shortTemporary)
        // O_NOFOLLOW: a symbolic link left at the temporary's name is refused, not written through.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw Self.failure(file, code: errno, step: "creating \(shortTemporary)")
        }
        func abandon(_ code: Int32, step: String, closing: Bool = true) -> InputError {
            if closing { close(descriptor) }
            unlink(temporary)
            return Self.failure(file, code: code, step: step)
        }
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try FileDescriptor.writeAll(descriptor, buffer) }
        }
        if case .failure(let error) = written { throw abandon(error.code, step: "writing \(shortTemporary)") }
        guard fsync(descriptor) == 0 else { throw abandon(errno, step: "syncing \(shortTemporary) to disk") }
        // Linux closes the descriptor even when close fails (EINTR included), so it is not closed twice.
        guard close(descriptor) == 0 else { throw abandon(errno, step: "closing \(shortTemporary)", closing: false) }
        guard rename(temporary, file) == 0 else {
            throw abandon(errno, step: "renaming \(shortTemporary) over \(name)", closing: false)
        }
        try syncDirectory(after: "written", file: file)
        return bytes.count
    }

    /// The bytes of `name`, nil when it does not exist; a file over `maxBytes`, a directory or one that cannot be read
    /// is an error (`InputFile.read`).
    public func read(_ name: String, maxBytes: Int) throws(InputError) -> [UInt8]? {
        let file = self.file(name)
        var info = stat()
        if lstat(file, &info) != 0, errno == ENOENT { return nil }
        return try InputFile.read(file, maxBytes: maxBytes, as: .stateDirectory)
    }

    /// Removes `name` durably (`unlink`, then `fsync` of the directory); one that does not exist is already removed.
    public func remove(_ name: String) throws(InputError) {
        let file = self.file(name)
        // On a read-only file system unlink says EROFS also for a file that is not there.
        var info = stat()
        if lstat(file, &info) != 0, errno == ENOENT { return }
        guard unlink(file) == 0 else {
            guard errno == ENOENT else { throw Self.failure(file, code: errno, step: "removing \(name)", verb: "cannot remove") }
            return
        }
        try syncDirectory(after: "removed", file: file)
    }

    /// Removes the temporaries (`.<name>.tmp`) of writes that a crash or power cut interrupted before their rename;
    /// call at start, before writing. Returns their names (for the log); one that cannot be removed is left.
    @discardableResult
    public func removeStaleTemporaries() -> [String] {
        var removed: [String] = []
        for entry in FileSystem.listDirectory(path) ?? [] where Self.isTemporaryName(entry) {
            let file = FilePath.join(path, entry)
            guard let kind = FileSystem.entry(file)?.kind, kind == .regular || kind == .symbolicLink else { continue }
            if unlink(file) == 0 { removed.append(entry) }
        }
        if !removed.isEmpty { FileSystem.syncFolder(path) }
        return removed
    }

    // MARK: - Shared with the set-aside copies

    /// The path of `name` in the directory; traps on a name that is not a plain file name.
    func file(_ name: String) -> String {
        precondition(Self.isPlainName(name), "a state directory file name is one component not starting with '.': \(name)")
        return FilePath.join(path, name)
    }

    /// `fsync`s the directory after an entry was created, renamed or removed in it. A file system that cannot sync a
    /// directory (`EINVAL`) has nothing more to do; any other failure is an error: the change is made but may not
    /// survive a power cut.
    func syncDirectory(after change: String, file: String) throws(InputError) {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Self.failure(file, code: errno, step: "opening the state directory to sync it",
                               verb: "\(change), but not yet safe from a power cut")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw Self.failure(file, code: errno, step: "syncing the state directory",
                               verb: "\(change), but not yet safe from a power cut")
        }
    }

    /// The error for `file` after the call in `step` failed with `code`: `cannot write: No space left on device
    /// (writing .guidance.journal.tmp)`.
    static func failure(_ file: String, code: Int32, step: String, verb: String = "cannot write") -> InputError {
        InputError(.unwritable, input: .stateDirectory, file: file, message: "\(verb): \(String(cString: strerror(code))) (\(step))")
    }

    /// The temporary `name` is written through: `.<name>.tmp`.
    static func temporaryName(of name: String) -> String { ".\(name).tmp" }

    private static func isTemporaryName(_ entry: String) -> Bool {
        entry.utf8.count > 5 && entry.hasPrefix(".") && entry.hasSuffix(".tmp")
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}
