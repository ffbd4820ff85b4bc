import Glibc

extension FileSystem {
    /// Creates or replaces the file `path` with `bytes`, whole or not at all: they go to a new file beside it (`mode`
    /// less the umask), which is then renamed over `path`, so a reader never sees half of them. A symbolic link at
    /// `path` is replaced, not followed. `durable` also survives a power cut: the new file is `fsync`ed before the
    /// rename and the folder after it, so a crash at any moment leaves the old content or the new one. The error is
    /// that of the call that failed (`open`, `write`, `fsync`, `rename`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666,
                                       durable: Bool = false) throws(SystemCallError) {
        guard !path.isEmpty else { throw SystemCallError("open", code: EINVAL) }
        let folder = FilePath.deletingLastComponent(path)
        let name = FilePath.lastComponent(path)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = FilePath.join(folder, ".\(name).\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .last("open") }
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try FileDescriptor.writeAll(descriptor, buffer) }
        }
        if case .failure(let failure) = written {
            close(descriptor)
            unlink(temporary)
            throw failure
        }
        if durable, fsync(descriptor) != 0 {
            let failure = SystemCallError.last("fsync")
            close(descriptor)
            unlink(temporary)
            throw failure
        }
        guard close(descriptor) == 0 else {
            let failure = SystemCallError.last("close")
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = SystemCallError.last("rename")
            unlink(temporary)
            throw failure
        }
        if durable { syncFolder(folder) }
    }

    /// `fsync`s the folder `path` (an entry created, renamed or removed in it then survives a power cut); a folder that
    /// cannot be opened is left as it is.
    public static func syncFolder(_ path: String) {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
