import EventLoopKit
import Glibc
import RouteCueCore

/// Reads an input file (a route, a drive, the configuration, a phrase pack), refusing files over the size limit
/// before reading them.
public enum InputFile {
    /// The bytes of `path`, or an import error naming the file (missing, unreadable, too large).
    public static func read(_ path: String, maxBytes: Int) throws(RouteImportError) -> [UInt8] {
        let name = path
        // The path itself (a symbolic link is not followed here: its target is checked by what reading it finds).
        guard let entry = FileSystem.entry(path) else {
            throw RouteImportError(file: name, message: "cannot open: no such file or not readable")
        }
        if entry.kind == .directory {
            throw RouteImportError(file: name, message: "is a directory, not a file")
        }
        do { try RouteImportError.checkSize(entry.size, limit: maxBytes) } catch { throw error.inFile(name) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RouteImportError(file: name, message: "cannot open: permission denied")
        }
        defer { close(descriptor) }
        // Read at most one byte past the limit, so a file that grew since stat is still refused.
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.readAll(descriptor, limit: maxBytes + 1)
        } catch {
            throw RouteImportError(file: name, message: "read failed: \(FileErrorText.sentence(errno: error.code, reading: true))")
        }
        if bytes.count > maxBytes {
            throw RouteImportError(file: name, message: "file is over the \(maxBytes)-byte limit")
        }
        return bytes
    }
}
