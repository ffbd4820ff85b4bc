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
    func read() throws(InputError) -> DuckingRecord? {
        guard access(path, F_OK) == 0 else { return nil }
        return try DuckingRecord.parse(try InputFile.read(path, maxBytes: 1 << 20, as: .stateDirectory))
    }

    /// Replaces the record with `record` durably (`FileSystem.writeAtomically`, durable, readable by RouteCue only).
    func write(_ record: DuckingRecord) throws(SystemCallError) {
        try FileSystem.writeAtomically(Array(record.jsonText.utf8), to: path, mode: 0o600, durable: true)
    }

    /// Removes the record (everything was put back).
    func remove() throws(SystemCallError) {
        // On a read-only file system unlink says EROFS also for a record that is not there.
        guard FileSystem.exists(path) else { return }
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemCallError("unlink \(path)", code: errno) }
        FileSystem.syncFolder(FilePath.deletingLastComponent(path))
    }
}
