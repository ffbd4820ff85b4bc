import EventLoopKit
import Glibc
import RouteCueCore

/// `ducking.json` in the state directory: the volumes to put back, on disk before the first volume goes down, so a
/// RouteCue that crashed or was killed mid-duck restores the music at its next start. Written whole to a temporary
/// file, `fsync`ed, renamed over the old one and the directory `fsync`ed: a crash at any moment leaves the old record
/// or the new one, never half of one.
struct DuckingStateFile {
    /// The file.
    let path: String

    /// The file in `directory`.
    init(directory: String) {
        path = directory.hasSuffix("/") ? directory + "ducking.json" : directory + "/ducking.json"
    }

    /// The record of an earlier run, nil when there is none; a damaged file is an error (and is best removed).
    func read() throws(RouteImportError) -> DuckingRecord? {
        guard access(path, F_OK) == 0 else { return nil }
        return try DuckingRecord.parse(try InputFile.read(path, maxBytes: 1 << 20))
    }

    /// Replaces the record with `record` durably.
    func write(_ record: DuckingRecord) throws(SystemCallError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemCallError("open \(temporary)", code: errno) }
        let bytes = Array(record.jsonText.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                throw SystemCallError("write \(temporary)", code: code)
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let code = errno
            close(fd)
            throw SystemCallError("fsync \(temporary)", code: code)
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw SystemCallError("rename \(temporary)", code: errno) }
        syncDirectory()
    }

    /// Removes the record (everything was put back).
    func remove() throws(SystemCallError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemCallError("unlink \(path)", code: errno) }
        syncDirectory()
    }

    private func syncDirectory() {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
