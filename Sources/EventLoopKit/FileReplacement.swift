import Glibc

extension FileSystem {
    /// Creates or replaces the file `path` with `bytes`, whole or not at all: they go to a new file beside it (mode
    /// 0666 less the umask), which is then renamed over `path`, so a reader never sees half of them. A symbolic link
    /// at `path` is replaced, not followed. The error is that of the call that failed (`open`, `write`, `rename`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
        guard !path.isEmpty else { throw SystemCallError("open", code: EINVAL) }
        let folder = FilePath.deletingLastComponent(path)
        let name = FilePath.lastComponent(path)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = FilePath.join(folder, ".\(name).\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
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
    }
}
